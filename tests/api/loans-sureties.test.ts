import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/core/clients.ts';
import { keys } from '../../functions/core/keys.ts';
import { config } from '../../functions/core/config.ts';
import { call } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanRow, LoanWorld, Member, Paged, SuretyRequestRow } from './support/loans.ts';
import {
  answer,
  applied,
  application,
  approveLoan,
  loanAction,
  loanProduct,
  loanWorld,
  members,
} from './support/loans.ts';

/**
 * Surety requests: only the named surety answers, only while pending; a denied surety is replaced by
 * the applicant or staff; the lists of the surety and of the cooperative; the member dashboard's
 * surety parts. In a cooperative of their own.
 */
let world: LoanWorld;
let product: string;
let ada: Member;
let bola: Member;
let chidi: Member;
let dayo: Member;
let ebere: Member;

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('LS');
  product = await loanProduct(world, 'Surety Loan');
  [ada, bola, chidi, dayo, ebere] = (await members(world, 5)) as [Member, Member, Member, Member, Member];
});

/** A pending loan of a fresh applicant with sureties bola and chidi. */
async function pendingLoan(): Promise<{ loan: LoanRow; applicant: Member }> {
  const [applicant] = (await members(world, 1)) as [Member];
  const loan = await applied(world, application(world, product, applicant.id, bola.id, chidi.id));
  return { loan, applicant };
}

const suretyOf = (loan: LoanRow, member: Member) => loan.sureties.find((s) => s.member_id === member.id)!;

describe('answering a surety request', () => {
  it('validates first, then lets only the named surety answer, once', async () => {
    const { loan, applicant } = await pendingLoan();
    const request = suretyOf(loan, bola);

    const empty = await call('POST', '/cooperative/member/surety/approve', {
      token: ada.token,
      body: { cooperative_id: world.ctx.coop },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ surety_id: 'Please select a surety request' });
    expect((await answer(world, 'NOSURETY', 'approve', bola.token)).status).toBe(404);

    for (const token of [ada.token, chidi.token, applicant.token, world.ctx.token]) {
      const r = await answer(world, request.id, 'approve', token);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Only the named surety can answer this request');
    }

    const approved = await answer(world, request.id, 'approve', bola.token);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      id: request.id,
      status: 1,
      member_id: bola.id,
      loan: { id: loan.id, member: { id: applicant.id }, product: { name: 'Surety Loan' } },
    });
    const again = await answer(world, request.id, 'deny', bola.token);
    expect(again.status).toBe(409);

    // Also accepted in the query.
    const byQuery = await call<SuretyRequestRow>('POST', '/cooperative/member/surety/deny', {
      token: chidi.token,
      query: { cooperative_id: world.ctx.coop, surety_id: suretyOf(loan, chidi).id },
    });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.data.status).toBe(2);

    const sureties = await call<{ member_id: string; status: number }[]>('GET', '/cooperative/loans/view-surety', {
      token: applicant.token,
      query: { cooperative_id: world.ctx.coop, loan_id: loan.id },
    });
    expect(sureties.body.data.map((s) => [s.member_id, s.status])).toEqual([
      [bola.id, 1],
      [chidi.id, 2],
    ]);
    expect((await approveLoan(world, loan.id)).status).toBe(409);
  });

  it('refuses answers once the loan is no longer pending', async () => {
    const { loan } = await pendingLoan();
    await loanAction(world, 'GET', '/cooperative/member/loans/deny', loan.id);
    const r = await answer(world, suretyOf(loan, bola).id, 'approve', bola.token);
    expect(r.status).toBe(409);
  });
});

describe('replacing a denied surety', () => {
  it('lets the applicant name a new surety, under the application rules, and the loan can then be approved', async () => {
    const { loan, applicant } = await pendingLoan();
    const denied = suretyOf(loan, chidi);
    const replace = (body: Record<string, unknown>, token = applicant.token) =>
      call<LoanRow>('POST', '/cooperative/member/loans/replace-surety', {
        token,
        body: { cooperative_id: world.ctx.coop, loan_id: loan.id, ...body },
      });

    expect((await replace({})).status).toBe(422);
    const notDenied = await replace({ surety_id: denied.id, member_id: dayo.id });
    expect(notDenied.status).toBe(409);
    expect(notDenied.body.message).toBe('Only a surety who denied the request can be replaced');

    expect((await answer(world, denied.id, 'deny', chidi.token)).status).toBe(200);
    expect((await replace({ surety_id: denied.id, member_id: dayo.id }, ebere.token)).status).toBe(403);
    expect((await replace({ surety_id: denied.id, member_id: bola.id })).body.errors).toEqual({
      member_id: 'Choose two different sureties',
    });
    expect((await replace({ surety_id: denied.id, member_id: applicant.id })).body.errors).toEqual({
      member_id: 'You cannot be your own surety',
    });
    expect((await replace({ surety_id: denied.id, member_id: 'NOPE0009' })).body.errors).toEqual({
      member_id: 'NOPE0009 is not an active member of this cooperative',
    });

    const r = await replace({ surety_id: denied.id, member_id: dayo.id });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.sureties.map((s) => [s.member_id, s.status])).toEqual([
      [bola.id, 0],
      [dayo.id, 0],
    ]);
    // The denied request stays in chidi's list; the new one is dayo's to answer.
    const chidis = await call<Paged<SuretyRequestRow>>('GET', '/cooperative/member/surety/requests', {
      token: chidi.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(chidis.body.data.data.find((s) => s.id === denied.id)?.status).toBe(2);
    const fresh = r.body.data.sureties[1];
    expect((await replace({ surety_id: denied.id, member_id: ebere.id })).status).toBe(422);

    expect((await answer(world, suretyOf(loan, bola).id, 'approve', bola.token)).status).toBe(200);
    expect((await answer(world, fresh.id, 'approve', dayo.token)).status).toBe(200);
    const approved = await approveLoan(world, loan.id);
    expect(approved.status, approved.body.message).toBe(200);
    // Once running, the denied request is no longer the loan's: only its sureties can be handed over.
    expect((await replace({ surety_id: denied.id, member_id: ebere.id }, world.ctx.token)).status).toBe(422);
  });

  it('lets staff replace a denied surety', async () => {
    const { loan } = await pendingLoan();
    const denied = suretyOf(loan, bola);
    await answer(world, denied.id, 'deny', bola.token);
    const r = await call<LoanRow>('POST', '/cooperative/member/loans/replace-surety', {
      token: world.ctx.token,
      body: { cooperative_id: world.ctx.coop, loan_id: loan.id, surety_id: denied.id, member_id: ebere.id },
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.sureties.map((s) => s.member_id)).toEqual([ebere.id, chidi.id]);
  });
});

describe('handing a guarantee over on a running loan', () => {
  it('asks a new surety, keeps the outgoing one until they approve, and then puts them in its place', async () => {
    // Prepare: a running loan of a fresh applicant, guaranteed by bola and chidi.
    const { loan, applicant } = await pendingLoan();
    expect((await answer(world, suretyOf(loan, bola).id, 'approve', bola.token)).status).toBe(200);
    expect((await answer(world, suretyOf(loan, chidi).id, 'approve', chidi.token)).status).toBe(200);
    expect((await approveLoan(world, loan.id)).status).toBe(200);
    const outgoing = suretyOf(loan, chidi);
    const handOver = (memberId: string, token = world.ctx.token) =>
      call<LoanRow>('POST', '/cooperative/member/loans/replace-surety', {
        token,
        body: { cooperative_id: world.ctx.coop, loan_id: loan.id, surety_id: outgoing.id, member_id: memberId },
      });
    const requestOf = async (member: Member) => {
      const list = await call<Paged<SuretyRequestRow>>('GET', '/cooperative/member/surety/requests', {
        token: member.token,
        query: { cooperative_id: world.ctx.coop },
      });
      return list.body.data.data.filter((r) => r.loan?.id === loan.id);
    };
    const sureties = async () =>
      (
        await call<LoanRow>('GET', '/cooperative/loans/single', {
          token: world.ctx.token,
          query: { cooperative_id: world.ctx.coop, loan_id: loan.id },
        })
      ).body.data.sureties.map((s) => [s.member_id, s.status]);

    // Act and assert: the applicant asks dayo, who denies; chidi still guarantees.
    const asked = await handOver(dayo.id, applicant.token);
    expect(asked.status, asked.body.message).toBe(200);
    const twice = await handOver(ebere.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('A new surety has already been asked to take over this guarantee');
    expect(await sureties()).toEqual([
      [bola.id, 1],
      [chidi.id, 1],
    ]);
    const [dayosRequest] = await requestOf(dayo);
    expect(dayosRequest?.status).toBe(0);
    expect((await answer(world, dayosRequest.id, 'deny', dayo.token)).status).toBe(200);
    expect(await sureties()).toEqual([
      [bola.id, 1],
      [chidi.id, 1],
    ]);

    // Staff ask ebere, who approves: ebere takes chidi's place, and chidi's request says so.
    expect((await handOver(ebere.id)).status).toBe(200);
    const [ebereRequest] = await requestOf(ebere);
    expect((await answer(world, ebereRequest.id, 'approve', ebere.token)).status).toBe(200);
    expect(await sureties()).toEqual([
      [bola.id, 1],
      [ebere.id, 1],
    ]);
    const [chidisRequest] = await requestOf(chidi);
    expect(chidisRequest?.replaced_by).toBe(ebereRequest.id);
    expect((await handOver(dayo.id)).status).toBe(422);
  });
});

describe('a handover whose outgoing surety is no longer on the loan', () => {
  it('is refused with 409 when the new surety approves, and changes nothing', async () => {
    // Prepare: a running loan guaranteed by bola and chidi, and dayo asked to take over from chidi.
    const { loan } = await pendingLoan();
    expect((await answer(world, suretyOf(loan, bola).id, 'approve', bola.token)).status).toBe(200);
    expect((await answer(world, suretyOf(loan, chidi).id, 'approve', chidi.token)).status).toBe(200);
    expect((await approveLoan(world, loan.id)).status).toBe(200);
    const asked = await call<LoanRow>('POST', '/cooperative/member/loans/replace-surety', {
      token: world.ctx.token,
      body: {
        cooperative_id: world.ctx.coop,
        loan_id: loan.id,
        surety_id: suretyOf(loan, chidi).id,
        member_id: dayo.id,
      },
    });
    expect(asked.status, asked.body.message).toBe(200);
    const request = (
      await call<Paged<SuretyRequestRow>>('GET', '/cooperative/member/surety/requests', {
        token: dayo.token,
        query: { cooperative_id: world.ctx.coop },
      })
    ).body.data.data.find((r) => r.loan?.id === loan.id)!;
    // The loan no longer names chidi's guarantee (as no route leaves it, the item is changed directly).
    const kept = [suretyOf(loan, bola).id];
    await db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.loan(world.ctx.coop, loan.id),
        UpdateExpression: 'SET surety_ids = :ids',
        ExpressionAttributeValues: { ':ids': kept },
      }),
    );

    const approved = await answer(world, request.id, 'approve', dayo.token);

    expect(approved.status).toBe(409);
    expect(approved.body.message).toBe('The surety this request was to take over from is no longer on the loan');
    const after = await call<LoanRow>('GET', '/cooperative/loans/single', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, loan_id: loan.id },
    });
    expect(after.body.data.sureties.map((s) => s.member_id)).toEqual([bola.id]);
    const still = (
      await call<Paged<SuretyRequestRow>>('GET', '/cooperative/member/surety/requests', {
        token: dayo.token,
        query: { cooperative_id: world.ctx.coop },
      })
    ).body.data.data.find((r) => r.id === request.id);
    expect(still?.status).toBe(0);
  });
});

describe('surety lists and the member dashboard', () => {
  it("lists a member's own requests only, the cooperative's for staff, and counts pending ones on the dashboard", async () => {
    const { loan } = await pendingLoan();
    const own = await call<Paged<SuretyRequestRow>>('GET', '/cooperative/member/surety/requests', {
      token: bola.token,
      query: { cooperative_id: world.ctx.coop },
    });
    expect(own.status).toBe(200);
    expect(own.body.data.data.every((s) => s.member_id === bola.id)).toBe(true);
    expect(own.body.data.data[0]).toMatchObject({ loan: { id: loan.id } });
    // One figure backed, explained: flat 12% on 120,000 over 12 months is 10,000 + 1,200 a month.
    expect(own.body.data.data[0]?.loan).toMatchObject({
      loan_amount: 120000,
      total_amount: 134400,
      tenure: 12,
      tenure_type: 'Month(s)',
      installment: 11200,
    });
    const others = await call('GET', '/cooperative/member/surety/requests', {
      token: bola.token,
      query: { cooperative_id: world.ctx.coop, coop_id: chidi.id },
    });
    expect(others.status).toBe(403);

    const staff = await call<Paged<SuretyRequestRow>>('GET', '/cooperative/member/surety', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop, status: 0, per_page: 100 },
    });
    expect(staff.status).toBe(200);
    expect(staff.body.data.data.every((s) => s.status === 0)).toBe(true);
    expect(staff.body.data.data.map((s) => s.id)).toEqual(expect.arrayContaining(loan.sureties.map((s) => s.id)));
    expect(
      (
        await call('GET', '/cooperative/member/surety', {
          token: bola.token,
          query: { cooperative_id: world.ctx.coop },
        })
      ).status,
    ).toBe(403);

    const pendingOfBola = own.body.data.data.filter((s) => s.status === 0).length;
    const dashboard = await call<{ pending_surety: number; sureties: SuretyRequestRow[] }>(
      'GET',
      '/cooperative/member/single/dashboard',
      {
        token: bola.token,
        query: { cooperative_id: world.ctx.coop },
      },
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.data.pending_surety).toBe(pendingOfBola);
    expect(dashboard.body.data.pending_surety).toBeGreaterThanOrEqual(1);
    expect(dashboard.body.data.sureties.length).toBeLessThanOrEqual(5);
    expect(dashboard.body.data.sureties[0]).toMatchObject({ member_id: bola.id, loan: { id: loan.id } });
  });
});

import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DividendDeclarationView, MemberDividendsView } from '@coopledger/shared/dividend-views';
import { keys } from '../../functions/core/keys.ts';
import { call, cooperativeId } from './support/api.ts';
import { DIVIDEND_STATUS } from '@coopledger/shared/statuses';
import { DIVIDEND_GL_SETUP } from './support/dividends.ts';
import { useRuntimeEnv } from './support/env.ts';
import { setAttribute, secondAdmin } from './support/fixtures.ts';
import type { Member } from './support/loans.ts';
import type { SavingsWorld } from './support/savings.ts';
import { GL, newMember, planOf, savingsWorld } from './support/savings.ts';

/**
 * A member's own dividends (GET /member/dividends; issue 21, "members see only their own
 * dividends"). Dividends are uploaded with known amounts per member, so each member's figures are
 * exactly what the files say: approved, paid by bank, paid into savings for one member only (a
 * stopped payment), left a Draft, or cancelled. Each member sees their own lines of the Approved and
 * Paid ones, newest first, and no one else's.
 */
useRuntimeEnv();

const SETUP = DIVIDEND_GL_SETUP;

let world: SavingsWorld;
let admin: { id: string; token: string };
let ada: Member;
let bayo: Member;
/** An executive: executives are members and see their own dividends too. */
let chika: Member;
/** A member of no dividend. */
let dayo: Member;
let adaPlan: { id: string; product_name: string };
/** The dividends by what happened to them, in the order they were saved. */
const ids = { paid: '', approved: '', draft: '', stopped: '', cancelled: '' };

const coop = () => world.ctx.coop;
const adminSend = <T>(path: string, body: Record<string, unknown>, id: string) =>
  call<T>('POST', path, { token: admin.token, body: { cooperative_id: coop(), ...body }, query: { id } });
const mine = (token: string, query: Record<string, string> = {}) =>
  call<MemberDividendsView>('GET', '/member/dividends', { token, query });

/** Uploads a dividend of `rows` (member number, naira) as a Draft; returns its id. */
async function uploaded(rows: [string, string | number][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Dividend');
  sheet.addRow(['Member No', 'Amount']);
  for (const row of rows) sheet.addRow(row);
  const form = new FormData();
  form.append('cooperative_id', coop());
  form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'dividend.xlsx');
  const r = await call<DividendDeclarationView>('POST', '/cooperative/dividend/declarations/upload', {
    token: world.ctx.token,
    form,
  });
  if (r.status !== 201) throw new Error(`Could not upload: ${r.status} ${r.body.message}`);
  return r.body.data.id;
}

async function approved(id: string): Promise<void> {
  const r = await adminSend('/cooperative/dividend/declarations/approve', {}, id);
  if (r.status !== 200) throw new Error(`Could not approve: ${r.status} ${r.body.message}`);
}

/** The dividend once its payment stopped running (Paid, or its payment FAILED). */
async function settled(id: string): Promise<DividendDeclarationView> {
  for (let i = 0; i < 240; i++) {
    const r = await call<DividendDeclarationView>('GET', '/cooperative/dividend/declarations/single', {
      token: world.ctx.token,
      query: { cooperative_id: coop(), id },
    });
    if (r.body.data.status === DIVIDEND_STATUS.PAID || r.body.data.payment?.status === 'FAILED') return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The payment did not finish');
}

beforeAll(async () => {
  world = await savingsWorld('MV');
  const login = `MA${world.ctx.tag}`;
  admin = await secondAdmin(coop(), world.ctx.token, login, 'Mojisola');
  ada = await newMember(world);
  bayo = await newMember(world);
  chika = await newMember(world, 'cooperative-executive');
  dayo = await newMember(world);
  const plan = await planOf(world, ada.id);
  adaPlan = { id: plan.id, product_name: String(plan.product_name) };
  const setup = await call('POST', '/cooperative/dividend/gl-setup', {
    token: world.ctx.token,
    body: { cooperative_id: coop(), ...SETUP },
  });
  if (setup.status !== 200) throw new Error(`Could not save the GL setup: ${setup.body.message}`);

  // Paid by bank: Ada ₦100.50, Bayo ₦200.00.
  ids.paid = await uploaded([
    [ada.id, '100.50'],
    [bayo.id, 200],
  ]);
  await approved(ids.paid);
  const paid = await adminSend<DividendDeclarationView>(
    '/cooperative/dividend/declarations/pay',
    { mode: 'bank', bank_id: world.bank },
    ids.paid,
  );
  if (paid.status !== 200) throw new Error(`Could not pay: ${paid.status} ${paid.body.message}`);

  // Approved, not paid: Ada ₦40.25, Chika ₦10.00.
  ids.approved = await uploaded([
    [ada.id, '40.25'],
    [chika.id, 10],
  ]);
  await approved(ids.approved);

  // A Draft: Ada ₦999.00, Bayo ₦1.00.
  ids.draft = await uploaded([
    [ada.id, 999],
    [bayo.id, 1],
  ]);

  // A payment into savings that stopped after paying Ada ₦5.00 (her row of the batch), not Bayo ₦7.00:
  // it first stops at Prepare (nobody has a plan of the Targeted product), paying nobody.
  ids.stopped = await uploaded([
    [ada.id, 5],
    [bayo.id, 7],
  ]);
  await approved(ids.stopped);
  const started = await adminSend(
    '/cooperative/dividend/declarations/pay',
    { mode: 'savings', savings_product_id: world.targeted },
    ids.stopped,
  );
  if (started.status !== 202) throw new Error(`Could not start the payment: ${started.body.message}`);
  const stopped = await settled(ids.stopped);
  if (stopped.payment?.status !== 'FAILED') throw new Error('The payment was expected to stop');
  const { payRow } = await import('../../functions/dividends/payment.ts');
  const { getDeclaration } = await import('../../functions/dividends/declaration-entity.ts');
  const record = (await getDeclaration(coop(), ids.stopped))!;
  const row = { member_id: ada.id, member_name: 'Ada', amount: 500, plan_id: adaPlan.id, gl: GL.savings };
  if (!(await payRow(coop(), record, SETUP.provision_gl, { ...row, product_name: adaPlan.product_name }, 0)))
    throw new Error("Ada's row was posted already");

  // Approved, then cancelled: Ada ₦3.00.
  ids.cancelled = await uploaded([[ada.id, 3]]);
  await approved(ids.cancelled);
  await setAttribute(keys.dividend(coop(), ids.cancelled), 'status', 3);
}, 180_000);

describe("a member's own dividends", () => {
  it('shows the member their lines of the Approved and Paid dividends, newest first, with what was paid', async () => {
    const r = await mine(ada.token);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('Your dividends retrieved');
    const { dividends, total_paid, total_unpaid } = r.body.data;
    // Neither the Draft nor the cancelled one.
    expect(dividends.map((d) => d.id)).toEqual([ids.stopped, ids.approved, ids.paid]);
    const [stopped, open, paid] = dividends;
    const { approved_at, paid_on, ...figures } = paid;
    expect(figures).toEqual({
      id: ids.paid,
      source: 'upload',
      from: null,
      to: null,
      status: 2,
      status_label: 'Paid',
      paid: true,
      paid_into: 'bank',
      savings_part: 100.5,
      loan_part: 0,
      amount: 100.5,
    });
    expect(approved_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(paid_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(open).toMatchObject({
      id: ids.approved,
      status: 1,
      status_label: 'Approved',
      paid: false,
      paid_into: null,
      paid_on: null,
      amount: 40.25,
    });
    // The dividend is still Approved, but Ada's row of its stopped payment into savings was posted.
    expect(stopped).toMatchObject({ id: ids.stopped, status: 1, paid: true, paid_into: 'savings', amount: 5 });
    expect(stopped.paid_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // ₦100.50 + ₦5.00 paid; ₦40.25 approved and not paid.
    expect(total_paid).toBe(105.5);
    expect(total_unpaid).toBe(40.25);
  });

  it("never shows another member's line", async () => {
    const b = await mine(bayo.token);
    expect(b.status, b.body.message).toBe(200);
    expect(b.body.data.dividends.map((d) => [d.id, d.amount, d.paid])).toEqual([
      [ids.stopped, 7, false],
      [ids.paid, 200, true],
    ]);
    expect(b.body.data).toMatchObject({ total_paid: 200, total_unpaid: 7 });

    const c = await mine(chika.token);
    expect(c.status, c.body.message).toBe(200);
    expect(c.body.data.dividends.map((d) => [d.id, d.amount, d.status_label])).toEqual([
      [ids.approved, 10, 'Approved'],
    ]);
    expect(c.body.data).toMatchObject({ total_paid: 0, total_unpaid: 10 });
  });

  it('takes the member from the sign-in, whatever member number the request names', async () => {
    const r = await mine(bayo.token, { coop_id: ada.id, member_id: ada.id });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.dividends.map((d) => d.amount)).toEqual([7, 200]);
  });

  it('answers a member of no dividend with an empty list', async () => {
    const r = await mine(dayo.token);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toEqual({ dividends: [], total_paid: 0, total_unpaid: 0 });
  });

  it('refuses staff (403): the route is for members and executives', async () => {
    for (const token of [admin.token, world.ctx.token]) {
      const r = await mine(token);
      expect(r.status).toBe(403);
      expect(r.body.status).toBe(false);
      expect(r.body.message).toBe('You are not allowed to do this');
    }
  });

  it('refuses naming another cooperative (403)', async () => {
    const r = await mine(ada.token, { cooperative_id: await cooperativeId('DEMO') });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('You may only act in your own cooperative');
  });
});

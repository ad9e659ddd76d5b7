import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecordView } from '@coopledger/shared/audit';
import { ORDER_STATUS } from '@coopledger/shared/statuses';
import { ROUTES } from '@coopledger/shared/routes';
import type { RouteDef } from '@coopledger/shared/routes';
import { call, tokenFor } from './support/api.ts';
import { secondAdmin } from './support/fixtures.ts';
import { applied, application, loanProduct, loanWorld, members } from './support/loans.ts';
import { memberBody } from './support/members.ts';
import { downloadSheet } from './support/workbooks.ts';
import type { SavingsWorld } from './support/savings.ts';
import { newMember, placed, planOf, savingsWorld } from './support/savings.ts';

/**
 * The audit trail (docs/decisions.md 2026-11-27 "Audit trail"): one record per change, written in
 * the change's own transaction, with who, when, from where and the fields before and after.
 */
type Page = { data: AuditRecordView[]; meta: { next_cursor: string | null; total: number } };

let world: SavingsWorld;
let admin: { id: string; token: string };

const log = (query: Record<string, string | undefined>, token = admin.token) =>
  call<Page>('GET', '/cooperative/audit-log', { token, query: { cooperative_id: world.ctx.coop, ...query } });

/** Every record of the filters, walked by cursor. */
async function allRecords(query: Record<string, string | undefined>): Promise<AuditRecordView[]> {
  const found: AuditRecordView[] = [];
  let cursor: string | undefined;
  do {
    const page = await log({ ...query, per_page: '5', cursor });
    expect(page.status, page.body.message).toBe(200);
    found.push(...page.body.data.data);
    cursor = page.body.data.meta.next_cursor ?? undefined;
  } while (cursor);
  return found;
}

beforeAll(async () => {
  world = await savingsWorld('AUD');
  admin = await secondAdmin(world.ctx.coop, world.ctx.token, `AUD${world.ctx.tag}`, 'Audit');
});

describe('the audit trail', () => {
  it("records a deposit's approval once, with who, from where, and the order's and plan's fields before and after", async () => {
    // Prepare: a member's plan and a pending deposit of ₦5,000 (500,000 kobo), placed by the super-admin.
    const member = await newMember(world);
    const plan = await planOf(world, member.id);
    const order = await placed(world, plan.id, 'DEPOSIT', '5000');

    // Act: the admin approves it, then tries again.
    const approved = await call('POST', '/cooperative/transaction-order/approve', {
      token: admin.token,
      body: { cooperative_id: world.ctx.coop, transaction_id: order.id, bank_id: world.bank },
    });
    const again = await call('POST', '/cooperative/transaction-order/approve', {
      token: admin.token,
      body: { cooperative_id: world.ctx.coop, transaction_id: order.id, bank_id: world.bank },
    });

    // Assert
    expect(approved.status, approved.body.message).toBe(200);
    expect(again.status).toBe(409);
    const records = await allRecords({ entity: 'transaction-order', entity_id: order.id });
    const approvals = records.filter((r) => r.action === 'approve');
    expect(approvals).toHaveLength(1);
    const [record] = approvals;
    expect(record).toMatchObject({
      user: admin.id,
      role: 'cooperative-admin',
      route: 'POST /cooperative/transaction-order/approve',
      entity: 'transaction-order',
      entity_id: order.id,
      action_label: 'Approved',
      ids: { transaction_id: order.id, bank_id: world.bank },
    });
    expect(record.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    expect(record.user_agent).not.toBe('');
    const orderChange = record.changes.find((c) => c.kind === 'TRANSACTION_ORDER');
    expect(orderChange?.before.status).toBe(ORDER_STATUS.PENDING);
    expect(orderChange?.after.status).toBe(ORDER_STATUS.APPROVED);
    expect(orderChange?.after.approved_by).toBe(admin.id);
    const planChange = record.changes.find((c) => c.kind === 'SAVINGS_PLAN');
    expect(planChange?.before.balance).toBe(0);
    expect(planChange?.after.balance).toBe(500_000);
  });

  it('leaves no record for a change that was refused', async () => {
    // Prepare
    const member = await newMember(world);
    const plan = await planOf(world, member.id);
    const order = await placed(world, plan.id, 'DEPOSIT', '100');

    // Act: no bank account chosen (422), then an unknown order (404).
    const noBank = await call('POST', '/cooperative/transaction-order/approve', {
      token: admin.token,
      body: { cooperative_id: world.ctx.coop, transaction_id: order.id },
    });
    const denied = await call('POST', '/cooperative/transaction-order/deny', {
      token: admin.token,
      body: { cooperative_id: world.ctx.coop, transaction_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' },
    });

    // Assert
    expect(noBank.status).toBe(422);
    expect(denied.status).toBe(404);
    expect(await allRecords({ entity: 'transaction-order', entity_id: order.id })).toEqual([
      expect.objectContaining({ action: 'create', user: 'SUPERADMIN', role: 'super-admin' }),
    ]);
  });

  it("records a member's changed phone number as it was and as it became, and a password set without the password", async () => {
    // Prepare
    const member = await newMember(world);

    // Act
    const edited = await call('POST', '/cooperative/member/details/edit', {
      token: admin.token,
      body: {
        ...memberBody(world.department, { phone: '08031112222' }),
        cooperative_id: world.ctx.coop,
        coop_id: member.id,
        detail_type: 'STAFF-INFO',
      },
    });
    const password = await call('POST', '/cooperative/member/details/change-password', {
      token: admin.token,
      body: {
        cooperative_id: world.ctx.coop,
        coop_id: member.id,
        password: 'Audit-pass9',
        password_confirmation: 'Audit-pass9',
      },
    });

    // Assert
    expect(edited.status, edited.body.message).toBe(200);
    expect(password.status, password.body.message).toBe(200);
    const history = await call<Page>('GET', '/cooperative/audit-log/history', {
      token: admin.token,
      query: { cooperative_id: world.ctx.coop, entity: 'member', entity_id: member.id },
    });
    expect(history.status).toBe(200);
    const [passwordSet, edit, created] = history.body.data.data;
    expect([passwordSet.action, edit.action, created.action]).toEqual(['password', 'update', 'create']);
    expect(JSON.stringify(passwordSet)).not.toContain('Audit-pass9');
    const memberChange = edit.changes.find((c) => c.kind === 'MEMBER');
    expect(memberChange?.before.phone).toBe('08030000000');
    expect(memberChange?.after.phone).toBe('08031112222');
    expect(created.user).toBe('SUPERADMIN');
  });

  it("shows an order's History: its placing, a first approval and the approval, newest first", async () => {
    // Prepare: two approvals above ₦1,000 in this cooperative; a deposit of ₦1,500 placed by the super-admin.
    const rules = await call('PUT', '/cooperative/approval-rules', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
      body: { creator_cannot_approve: true, second_approval_above: '1000' },
    });
    expect(rules.status).toBe(200);
    const member = await newMember(world);
    const plan = await planOf(world, member.id);
    const order = await placed(world, plan.id, 'DEPOSIT', '1500');
    const approve = (token: string) =>
      call('POST', '/cooperative/transaction-order/approve', {
        token,
        body: { cooperative_id: world.ctx.coop, transaction_id: order.id, bank_id: world.bank },
      });
    const other = await secondAdmin(world.ctx.coop, world.ctx.token, `AUO${world.ctx.tag}`, 'Other');

    // Act
    expect((await approve(admin.token)).status).toBe(200);
    expect((await approve(other.token)).status).toBe(200);
    const history = await call<Page>('GET', '/cooperative/audit-log/history', {
      token: admin.token,
      query: { cooperative_id: world.ctx.coop, entity: 'transaction-order', entity_id: order.id },
    });
    await call('PUT', '/cooperative/approval-rules', {
      token: world.ctx.token,
      query: { cooperative_id: world.ctx.coop },
      body: { creator_cannot_approve: false },
    });

    // Assert
    expect(history.status, history.body.message).toBe(200);
    expect(history.body.data.data.map((r) => [r.action, r.user])).toEqual([
      ['approve', other.id],
      ['approve', admin.id],
      ['create', 'SUPERADMIN'],
    ]);
    const first = history.body.data.data[1].changes.find((c) => c.kind === 'TRANSACTION_ORDER');
    expect(first?.after.first_approval).toMatchObject({ by: admin.id });
    expect(first?.after.status).toBeUndefined();
    const last = history.body.data.data[0].changes.find((c) => c.kind === 'TRANSACTION_ORDER');
    expect([last?.before.status, last?.after.status]).toEqual([0, 1]);
  });

  it("names a loan application by the new loan's id, so the loan's History shows it", async () => {
    // Prepare: a loan product in a cooperative of its own, an applicant and two sureties.
    const loans = await loanWorld('AUL');
    const product = await loanProduct(loans, `Audit loan ${loans.ctx.tag}`);
    const [applicant, surety1, surety2] = await members(loans, 3);

    // Act
    const loan = await applied(loans, application(loans, product, applicant.id, surety1.id, surety2.id));

    // Assert
    const history = await call<Page>('GET', '/cooperative/audit-log/history', {
      token: loans.ctx.token,
      query: { cooperative_id: loans.ctx.coop, entity: 'loans', entity_id: loan.id },
    });
    expect(history.status, history.body.message).toBe(200);
    expect(history.body.data.data.map((r) => [r.action, r.entity_id])).toEqual([['request', loan.id]]);
    const stored = history.body.data.data[0].changes.find((c) => c.kind === 'LOAN');
    expect(stored?.op).toBe('put');
    expect(stored?.after.member_id).toBe(applicant.id);
  });

  it('filters by person, action and date, pages by cursor, and downloads the same records as .xlsx', async () => {
    // Prepare: three departments created by the admin today.
    const names = ['Audit A', 'Audit B', 'Audit C'].map((n) => `${n} ${world.ctx.tag}`);
    const ids: string[] = [];
    for (const name of names) {
      const r = await call<{ id: string }>('POST', '/cooperative/department', {
        token: admin.token,
        body: { cooperative_id: world.ctx.coop, name, status: 1 },
      });
      expect(r.status, r.body.message).toBe(201);
      ids.push(r.body.data.id);
    }
    const today = new Date().toISOString().slice(0, 10);
    const renamed = await call('POST', '/cooperative/department/update', {
      token: admin.token,
      body: { cooperative_id: world.ctx.coop, dept_id: ids[0], name: `Audit Z ${world.ctx.tag}`, status: 1 },
    });
    expect(renamed.status, renamed.body.message).toBe(200);

    // Act
    const created = await allRecords({ user: admin.id, action: 'create', entity: 'department', start_date: today });
    const yesterday = await allRecords({ user: admin.id, end_date: '2020-01-01' });
    const download = await downloadSheet(admin.token, '/cooperative/audit-log', {
      cooperative_id: world.ctx.coop,
      user: admin.id,
      entity: 'department',
    });

    // Assert: newest first, each department's id and name.
    expect(created.map((r) => r.entity_id)).toEqual([...ids].reverse());
    expect(created.map((r) => r.changes.find((c) => c.op === 'put')?.after.name)).toEqual([...names].reverse());
    expect(yesterday).toEqual([]);
    const [rename] = await allRecords({ entity: 'department', entity_id: ids[0], action: 'update' });
    const change = rename.changes.find((c) => c.kind === 'DEPARTMENT');
    expect([change?.before.name, change?.after.name]).toEqual([names[0], `Audit Z ${world.ctx.tag}`]);
    expect(download.status).toBe(200);
    const [header, ...rows] = download.rows;
    expect(header.slice(3, 6)).toEqual(['Action', 'Entity', 'Id']);
    // The rename came last: it is first, then the three creations, newest first.
    expect(rows.map((row) => row[5])).toEqual([ids[0], ...[...ids].reverse()]);
    expect(rows.map((row) => row[3])).toEqual(['Changed', 'Created', 'Created', 'Created']);
  });

  it('refuses bad filters with a message, and is read only', async () => {
    const badDate = await log({ start_date: '2026-02-30' });
    const badAction = await log({ action: 'erase' });
    const idWithoutEntity = await log({ entity_id: 'X1' });
    const otherHistory = await call('GET', '/cooperative/audit-log/history', {
      token: admin.token,
      query: { cooperative_id: world.ctx.coop, entity: 'roles', entity_id: 'cooperative-admin' },
    });
    const memberToken = await tokenFor((await newMember(world)).id, 'secret123');
    const asMember = await log({}, memberToken);

    expect(badDate.status).toBe(422);
    expect(badAction.status).toBe(422);
    expect(badAction.body.errors?.action).toBe('Choose an action from the list');
    expect(idWithoutEntity.body.errors?.entity).toBe('Choose the entity the id belongs to');
    expect(asMember.status).toBe(403);
    // History tabs are a member's, a loan's and an order's: the accountants see them, not the rest of the trail.
    expect(otherHistory.status).toBe(422);
    expect(otherHistory.body.errors?.entity).toBe('Choose a member, a loan or an order');
    const auditRoutes = (ROUTES as readonly RouteDef[]).filter((r) => r.domain === 'audit');
    expect(auditRoutes.length).toBeGreaterThan(0);
    expect(auditRoutes.every((r) => r.method === 'GET')).toBe(true);
  });
});

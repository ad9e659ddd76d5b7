import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@coopledger/shared/roles';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCachedAccess } from '../roles/access-grid.ts';
import type { AppError } from './errors.ts';
import type { RequestContext } from './handler.ts';
import { keys } from './keys.ts';
import { useConfigEnv } from './test-support/config-env.ts';

/**
 * The access rules against a table held in memory: the Role Access grid, loans, plans and loan forms
 * are read through the real stores from the items below (DynamoDB is the only thing replaced).
 */
type Key = { pk: string; sk: string };
const items = new Map<string, Record<string, unknown>>();
const reads: string[] = [];
const keyOf = (key: Key) => `${key.pk}|${key.sk}`;
const put = (key: Key, item: Record<string, unknown>) => items.set(keyOf(key), { ...key, ...item });

vi.mock('./clients.ts', () => ({
  db: () => ({
    send: async (command: unknown) => {
      if (!(command instanceof GetCommand)) throw new Error('only single reads are expected');
      const key = keyOf(command.input.Key as Key);
      reads.push(key);
      return { Item: items.get(key) };
    },
  }),
}));

const access = await import('./access.ts');
const { AREAS, actingMember, assertCanReach, assertMayWithdraw, selfService } = access;
const { readableLoan, readableLoanForm, readablePlan } = access;

const COOP = 'COOP1';
const ctx = (role: Role, loginId: string): RequestContext => {
  const identity = { userId: `sub-${loginId}`, loginId, role, tenant: COOP, authTime: 0 };
  return { identity, tenant: COOP, query: {}, body: {}, files: {} } as unknown as RequestContext;
};

const member = ctx('cooperative-member', 'M001');
const executive = ctx('cooperative-executive', 'E001');
const accountant = ctx('cooperative-accountant', 'ACC1');
const admin = ctx('cooperative-admin', 'ADM1');
const superAdmin = ctx('super-admin', 'SUPER');

/** What a rejected call threw: its code, HTTP status, message and field messages. */
async function refusal(call: Promise<unknown>) {
  const error = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as AppError | undefined;
  if (!error) throw new Error('expected the call to be refused');
  return { status: error.statusCode, message: error.message, fields: error.fields };
}

const FULL = { read: true, write: true, delete: true };
/** A saved Role Access grid: full access everywhere but Savings. */
const grid = (savings: typeof FULL) => ({ members: FULL, loans: FULL, savings, setup: FULL });

useConfigEnv();
beforeEach(() => {
  items.clear();
  reads.length = 0;
  forgetCachedAccess();
});

describe('the member a self-service call acts for', () => {
  it('refuses a member naming another member with 403 and the area message', async () => {
    expect(await refusal(actingMember(member, 'M002', AREAS.savings, 'write'))).toEqual({
      status: 403,
      message: 'You may only see and change your own savings',
      fields: undefined,
    });
    expect(await refusal(actingMember(member, 'm002', AREAS.loans, 'read'))).toMatchObject({
      status: 403,
      message: 'You may only see and change your own loans',
    });
    const profile = await refusal(actingMember(member, 'M002', AREAS.profile, 'read'));
    expect(profile.message).toBe('You may only see and change your own profile');
    const loanForms = await refusal(actingMember(member, 'M002', AREAS.loanForms, 'write'));
    expect(loanForms.message).toBe('You may only upload and see your own loan forms');
  });

  it('refuses an executive naming another member the same way (executives are members here)', async () => {
    expect(await refusal(actingMember(executive, 'M001', AREAS.loans, 'write'))).toMatchObject({
      status: 403,
      message: 'You may only see and change your own loans',
    });
  });

  it('lets a member act for themselves (named in any case, or not named) without reading the grid', async () => {
    expect(await actingMember(member, ' m001 ', AREAS.savings, 'write')).toBe('M001');
    expect(await actingMember(member, undefined, AREAS.savings, 'read')).toBe('M001');
    expect(await actingMember(member, '', AREAS.loans, 'read')).toBe('M001');
    expect(reads).toEqual([]);
  });

  it('lets staff name any member of their cooperative, upper-cased', async () => {
    expect(await actingMember(accountant, 'm002', AREAS.savings, 'write')).toBe('M002');
    expect(await actingMember(admin, 'M003', AREAS.loans, 'read')).toBe('M003');
    expect(await actingMember(admin, 42, AREAS.profile, 'read')).toBe('42');
  });

  it('asks staff who name no member to select one, unless the call falls back to their own record', async () => {
    expect(await refusal(actingMember(admin, '  ', AREAS.savings, 'read'))).toEqual({
      status: 422,
      message: 'Please select a member',
      fields: { coop_id: 'Please select a member' },
    });
    expect(await actingMember(admin, undefined, AREAS.loanForms, 'read', { orSelf: true })).toBe('ADM1');
  });

  it("refuses staff whose role's grid lacks the area's access, before anything else", async () => {
    put(keys.roleAccess(), { 'grid#cooperative-accountant': grid({ read: true, write: false, delete: false }) });
    expect(await refusal(actingMember(accountant, 'M002', AREAS.savings, 'write'))).toMatchObject({
      status: 403,
      message: 'Your role does not have Write access to Savings',
    });
    expect(await refusal(actingMember(accountant, undefined, AREAS.savings, 'write'))).toMatchObject({ status: 403 });
    expect(await actingMember(accountant, 'M002', AREAS.savings, 'read')).toBe('M002');
  });

  it('never restricts super-admin by a grid', async () => {
    put(keys.roleAccess(), { 'grid#super-admin': grid({ read: false, write: false, delete: false }) });
    expect(await actingMember(superAdmin, 'M002', AREAS.savings, 'write')).toBe('M002');
  });

  it('tells members from staff', () => {
    const callers = [member, executive, accountant, admin, superAdmin];
    expect(callers.map(selfService)).toEqual([true, true, false, false, false]);
  });
});

/** A loan, a loan form and a savings plan as their writers store them (their entities check every item read). */
const storedLoan = {
  id: 'L1',
  cooperative_id: COOP,
  member_id: 'M001',
  member: { firstname: 'Ada', lastname: 'Obi' },
  member_name: 'Ada Obi',
  product_id: 'PR1',
  product_name: 'Personal Loan',
  setup_id: 'LS1',
  loan_amount: 100_000_00,
  total_interest: 5_000_00,
  total_amount: 105_000_00,
  loan_balance: 105_000_00,
  tenure: 12,
  tenure_type: 'Month(s)',
  interest_rate: 10,
  calculation_method_id: 1,
  charge_id: 'CH1',
  charge_amount: 0,
  penal_charge: 0,
  penal_type: 'None',
  upfront: 0,
  upfront_amount: 0,
  source: 'Internal',
  repayment_type: 'Salary',
  payment_start_date: '2026-02-01',
  date: '2026-01-10',
  status: 0,
  is_paid: 0,
  surety_ids: ['S1', 'S2'],
  all_surety_ids: ['S1', 'S2'],
  schedule: [],
  version: 0,
  lien: null,
  created_by: 'M001',
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
  entity: 'LOAN',
  gsi1pk: `T#${COOP}#LOANS`,
  gsi1sk: '2026-01-10#L1',
  gsi2pk: `T#${COOP}#MEMBERLOANS#M001`,
  gsi2sk: '2026-01-10T09:00:00.000Z#L1',
};
const storedForm = {
  id: 'F1',
  cooperative_id: COOP,
  member_id: 'M001',
  member_name: 'Ada Obi',
  file_name: 'form.pdf',
  object_key: `t/${COOP}/loan-forms/M001/F1.pdf`,
  size: 1024,
  uploaded_by: 'M001',
  created_at: '2026-01-10T09:00:00.000Z',
  entity: 'LOAN_FORM',
  gsi1pk: `T#${COOP}#LOANFORMS`,
  gsi1sk: '2026-01-10T09:00:00.000Z#F1',
  gsi2pk: `T#${COOP}#MEMBERLOANFORMS#M001`,
  gsi2sk: '2026-01-10T09:00:00.000Z#F1',
};

const storedPlan = {
  id: 'P1',
  cooperative_id: COOP,
  member_id: 'M001',
  member_name: 'Ada Obi',
  user: { firstname: 'Ada', lastname: 'Obi' },
  product_id: 'PR2',
  product_name: 'Regular Savings',
  setup_id: 'SS1',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  amount: 5_000_00,
  credit_interest: 0,
  frequency: 'Monthly',
  status: 1,
  balance: 0,
  lien: 0,
  available: 0,
  is_target: false,
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:00:00.000Z',
  entity: 'SAVINGS_PLAN',
  gsi1pk: `T#${COOP}#MEMBERSAVINGS#M001`,
  gsi1sk: '2026-01-01#P1',
  gsi2pk: `T#${COOP}#SAVINGSPLANS`,
  gsi2sk: '2026-01-01#P1',
};

describe('the loans a caller may read', () => {
  beforeEach(() => put(keys.loan(COOP, 'L1'), storedLoan));

  it('lets a surety read the loan they guarantee', async () => {
    const guarantors = vi.fn(async () => ['M007', 'M008']);
    const surety = ctx('cooperative-member', 'M008');
    expect(await readableLoan(surety, 'L1', { guarantors })).toMatchObject({ id: 'L1', member_id: 'M001' });
    expect(guarantors).toHaveBeenCalledTimes(1);
  });

  it('refuses a member who is neither the applicant nor a surety', async () => {
    const other = ctx('cooperative-executive', 'M009');
    expect(await refusal(readableLoan(other, 'L1', { guarantors: async () => ['M007', 'M008'] }))).toMatchObject({
      status: 403,
      message: 'You may only see your own loans and the loans you guarantee',
    });
  });

  it('refuses a surety where the call does not open the loan to its sureties', async () => {
    expect(await refusal(readableLoan(ctx('cooperative-member', 'M008'), 'L1'))).toMatchObject({ status: 403 });
  });

  it('gives the applicant their loan without asking for the sureties', async () => {
    const guarantors = vi.fn(async () => []);
    expect(await readableLoan(member, 'L1', { guarantors })).toMatchObject({ id: 'L1' });
    expect(guarantors).not.toHaveBeenCalled();
  });

  it('tells a member what the call says when the loan is not theirs (replacing a surety)', async () => {
    const refusalText = "Only the applicant or the cooperative's staff can replace a surety";
    const notApplicant = ctx('cooperative-member', 'M002');
    expect(await refusal(readableLoan(notApplicant, 'L1', { kind: 'write', refusal: refusalText }))).toMatchObject({
      status: 403,
      message: refusalText,
    });
  });

  it('lets staff read any loan of their cooperative and answers 404 for a loan that does not exist', async () => {
    expect(await readableLoan(accountant, 'L1')).toMatchObject({ id: 'L1' });
    expect(await refusal(readableLoan(accountant, 'L404'))).toMatchObject({ status: 404, message: 'Loan not found' });
  });

  it('refuses staff whose grid lacks Loans write before reading the loan', async () => {
    const loansReadOnly = { ...grid(FULL), loans: { read: true, write: false, delete: false } };
    put(keys.roleAccess(), { 'grid#cooperative-accountant': loansReadOnly });
    expect(await refusal(readableLoan(accountant, 'L1', { kind: 'write' }))).toMatchObject({
      status: 403,
      message: 'Your role does not have Write access to Loans',
    });
    expect(reads).not.toContain(keyOf(keys.loan(COOP, 'L1')));
  });
});

describe('the plans and loan forms a caller may reach', () => {
  beforeEach(() => {
    put(keys.savingsPlan(COOP, 'P1'), storedPlan);
    put(keys.loanForm(COOP, 'F1'), storedForm);
  });

  it("gives a member their own plan and refuses another member's", async () => {
    expect(await readablePlan(member, 'P1', 'write')).toMatchObject({ id: 'P1' });
    expect(await refusal(readablePlan(ctx('cooperative-member', 'M002'), 'P1', 'read'))).toMatchObject({
      status: 403,
      message: 'You may only see and change your own savings',
    });
  });

  it('lets staff reach any plan, and asks for an account on the field the route names', async () => {
    expect(await readablePlan(admin, 'P1', 'write')).toMatchObject({ id: 'P1' });
    expect(await refusal(readablePlan(admin, undefined, 'read', 'target_savings_id'))).toEqual({
      status: 422,
      message: 'Please select account',
      fields: { target_savings_id: 'Please select account' },
    });
    const missing = await refusal(readablePlan(admin, 'P404', 'read'));
    expect(missing).toMatchObject({ status: 404, message: 'Savings account not found' });
  });

  it("gives a member their own loan form and refuses another member's", async () => {
    expect(await readableLoanForm(member, 'F1')).toMatchObject({ id: 'F1' });
    expect(await refusal(readableLoanForm(executive, 'F1'))).toMatchObject({
      status: 403,
      message: 'You may only download your own loan forms',
    });
    expect(await readableLoanForm(accountant, 'F1')).toMatchObject({ id: 'F1' });
  });

  it('lets a member reach a record another list names them in, and staff reach any', async () => {
    const listed = ctx('cooperative-member', 'M005');
    await expect(assertCanReach(listed, 'M001', 'no', () => ['M005'])).resolves.toBeUndefined();
    await expect(assertCanReach(admin, 'M001', 'no')).resolves.toBeUndefined();
    const notListed = await refusal(assertCanReach(listed, 'M001', 'Not yours', () => ['M006']));
    expect(notListed).toMatchObject({ status: 403, message: 'Not yours' });
  });
});

describe('who may place a withdrawal', () => {
  it('refuses a member and lets an executive and staff place one', () => {
    const message =
      'Members cannot withdraw from their savings here; please ask a cooperative admin to place the withdrawal';
    expect(() => assertMayWithdraw(member)).toThrow(message);
    expect(() => assertMayWithdraw(executive)).not.toThrow();
    expect(() => assertMayWithdraw(accountant)).not.toThrow();
  });
});

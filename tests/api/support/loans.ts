import type { LoanView, SuretyRequestView } from '@coopledger/shared/loan-views';
import { call } from './api.ts';
import type { ApiResponse } from './api.ts';
import { created } from './crud-suite.ts';
import type { SavingsWorld } from './savings.ts';
import { newMember, savingsWorld } from './savings.ts';
import { GL, createCategory, createCharge, createProduct, loanSetupBody } from './setup-records.ts';

/** A test cooperative with savings (savingsWorld) and loan products whose setups a test chooses. */
export interface LoanWorld extends SavingsWorld {
  loansCategory: string;
  charge: string;
}

export interface Member {
  id: string;
  token: string;
}

/** A loan as the API sends it; tests also read fields beyond the view. */
export type LoanRow = LoanView & { [field: string]: unknown };

export type SuretyRequestRow = SuretyRequestView;

export interface ScheduleRowView {
  payment_month: string;
  principal: number;
  interest: number;
  payment: number;
  balance: number;
  is_paid: number;
}

export type Paged<T> = {
  data: T[];
  meta: { total: number; per_page: number; current_page: number; last_page: number };
};

export async function loanWorld(prefix: string): Promise<LoanWorld> {
  const world = await savingsWorld(prefix);
  const loansCategory = await createCategory(world.ctx, 'Loans');
  const charge = await createCharge(world.ctx, `Loan fee ${world.ctx.tag}`);
  return { ...world, loansCategory: loansCategory.id, charge: charge.id };
}

/** A loan product with its setup (the setup's fields overridable); returns the product id. */
export async function loanProduct(
  world: LoanWorld,
  name: string,
  setup: Record<string, unknown> = {},
): Promise<string> {
  const product = await createProduct(world.ctx, world.loansCategory, name);
  await created({ base: '/cooperative/product-setup/loans' }, world.ctx, {
    ...loanSetupBody(product.id, world.charge, name),
    lien: 0,
    lien_amount: 0,
    ...setup,
  });
  return product.id;
}

export const members = async (world: LoanWorld, count: number): Promise<Member[]> => {
  const list: Member[] = [];
  for (let i = 0; i < count; i++) list.push(await newMember(world));
  return list;
};

/** The application payload (loan application of spec 000 section 3), valid for the product. */
export function application(
  world: LoanWorld,
  productId: string,
  applicant: string,
  surety1: string,
  surety2: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    cooperative_id: world.ctx.coop,
    loan_product_id: productId,
    loan_amount: '120000',
    payment_start_date: '2026-02-01',
    date: '2026-01-10',
    calculation_method_id: 1,
    charge_id: world.charge,
    charge_amount: '0',
    surety1,
    surety2,
    tenure: 12,
    tenure_type: 'Month(s)',
    interest_rate: 12,
    penal_charge: 0,
    upfront: 0,
    source: 'Internal',
    repayment_type: 'Salary',
    coop_id: applicant,
    ...overrides,
  };
}

export const apply = (world: LoanWorld, body: Record<string, unknown>, token = world.ctx.token) =>
  call<LoanRow>('POST', '/cooperative/member/loans/apply', {
    token,
    body: { cooperative_id: world.ctx.coop, ...body },
  });

export async function applied(
  world: LoanWorld,
  body: Record<string, unknown>,
  token = world.ctx.token,
): Promise<LoanRow> {
  const r = await apply(world, body, token);
  if (r.status !== 201)
    throw new Error(`Could not apply: ${r.status} ${r.body.message} ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}

export const answer = (world: LoanWorld, suretyId: string, to: 'approve' | 'deny', token: string) =>
  call<SuretyRequestRow>('POST', `/cooperative/member/surety/${to}`, {
    token,
    body: { cooperative_id: world.ctx.coop, surety_id: suretyId },
  });

/** Both sureties of a loan approve (each with their own token). */
export async function suretiesApprove(world: LoanWorld, loan: LoanRow, tokens: Record<string, string>): Promise<void> {
  for (const s of loan.sureties) {
    const token = tokens[s.member_id];
    if (!token) throw new Error(`No token for surety ${s.member_id}`);
    const r = await answer(world, s.id, 'approve', token);
    if (r.status !== 200) throw new Error(`Surety ${s.member_id} could not approve: ${r.status} ${r.body.message}`);
  }
}

export const approveLoan = (world: LoanWorld, loanId: string, bankId = world.bank): Promise<ApiResponse<LoanRow>> =>
  call<LoanRow>('POST', '/cooperative/member/loans/approve', {
    token: world.ctx.token,
    body: { cooperative_id: world.ctx.coop, loan_id: loanId, bank_id: bankId },
  });

/**
 * A loan applied for by `applicant` with two sureties (each approving with their token from
 * `tokens`), then approved and disbursed; throws when any step is refused.
 */
export async function approvedLoanOf(
  world: LoanWorld,
  applicant: Member,
  product: string,
  sureties: readonly [Member, Member] | Member[],
  tokens: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Promise<LoanRow> {
  const loan = await applied(
    world,
    application(world, product, applicant.id, sureties[0].id, sureties[1].id, overrides),
  );
  await suretiesApprove(world, loan, tokens);
  const r = await approveLoan(world, loan.id);
  if (r.status !== 200) throw new Error(`Could not approve: ${r.status} ${r.body.message}`);
  return r.body.data;
}

export const loanAction = (
  world: LoanWorld,
  method: 'GET' | 'DELETE',
  path: string,
  loanId: string,
  token = world.ctx.token,
) => call<LoanRow>(method, path, { token, query: { cooperative_id: world.ctx.coop, loan_id: loanId } });

export const single = (world: LoanWorld, loanId: string, token = world.ctx.token) =>
  loanAction(world, 'GET', '/cooperative/loans/single', loanId, token);

export const preview = (world: LoanWorld, body: Record<string, unknown>, token = world.ctx.token) =>
  call<{ rows: ScheduleRowView[]; totals: { principal: number; interest: number; payment: number }; fees: unknown }>(
    'POST',
    '/cooperative/loans/schedule-preview',
    {
      token,
      body: { cooperative_id: world.ctx.coop, ...body },
    },
  );

export { GL };

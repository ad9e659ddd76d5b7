import { isMemberRole } from '@coopledger/shared/roles';
import type { AccessResource } from '@coopledger/shared/routes';
import type { AccessKind } from '@coopledger/shared/schemas/roles';
import type { LoanFormRecord } from '../loanforms/form-store.ts';
import { findForm } from '../loanforms/form-store.ts';
import type { LoanRecord } from '../loans/loan-store.ts';
import { findLoan } from '../loans/loan-store.ts';
import { assertAccess } from '../roles/access-grid.ts';
import type { PlanRecord } from '../savings/plan-entity.ts';
import { findPlan } from '../savings/plan-entity.ts';
import { forbidden, invalid, notFound } from './errors.ts';
import type { RequestContext } from './handler.ts';
import { signedIn } from './handler.ts';

/**
 * Who may act for which member and reach which plan, loan or loan form (DESIGN.md section 6). The
 * route table admits roles and the core handler applies the Role Access grid to routes that carry a
 * `resource`; self-service routes (open to members too, no `resource`) decide here:
 * - members and executives act only for themselves and reach only their own records (403 with the
 *   area's message), plus the loans they guarantee where the caller allows it; the grid does not
 *   apply to them;
 * - staff (and super-admin) act for any member of the cooperative they work in, as far as the
 *   grid's row for the area allows (super-admin is never restricted).
 */

/** A self-service area: the grid's row that governs staff there, and what a member is told when refused. */
export interface Area {
  resource: AccessResource;
  own: string;
}

export const AREAS = {
  savings: { resource: 'savings', own: 'You may only see and change your own savings' },
  loans: { resource: 'loans', own: 'You may only see and change your own loans' },
  loanForms: { resource: 'loans', own: 'You may only upload and see your own loan forms' },
  profile: { resource: 'members', own: 'You may only see and change your own profile' },
} as const satisfies Record<string, Area>;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined;

/** True for a member or executive (limited to their own records), false for staff. */
export const selfService = (ctx: RequestContext): boolean => isMemberRole(signedIn(ctx).identity.role);

/** Staff need the grid's access of `kind` to the area's row; members are limited to their own records instead. */
export async function assertStaffAccess(ctx: RequestContext, area: Area, kind: AccessKind): Promise<void> {
  const { identity } = signedIn(ctx);
  if (!isMemberRole(identity.role)) await assertAccess(identity, area.resource, kind);
}

/**
 * The member a self-service call acts for (`named`: the member number the request gives, if any):
 * members and executives only themselves (403 with the area's message when they name someone else);
 * staff the member they name, after the grid's check, else 422 on coop_id ("Please select a member")
 * or, with `orSelf`, themselves.
 */
export async function actingMember(
  ctx: RequestContext,
  named: unknown,
  area: Area,
  kind: AccessKind,
  options: { orSelf?: boolean } = {},
): Promise<string> {
  const { identity } = signedIn(ctx);
  const member = text(named)?.toUpperCase();
  if (isMemberRole(identity.role)) {
    if (member && member !== identity.loginId) throw forbidden(area.own);
    return identity.loginId;
  }
  await assertAccess(identity, area.resource, kind);
  if (member) return member;
  if (options.orSelf) return identity.loginId;
  throw invalid('coop_id', 'Please select a member');
}

/**
 * Refuses (403, `refusal`) a member reaching a record that is not theirs: owned by `ownerMemberId`
 * and not among the members `also` gives (read only when the owner is someone else). Staff pass.
 */
export async function assertCanReach(
  ctx: RequestContext,
  ownerMemberId: string,
  refusal: string,
  also?: () => readonly string[] | Promise<readonly string[]>,
): Promise<void> {
  const { identity } = signedIn(ctx);
  if (!isMemberRole(identity.role) || ownerMemberId === identity.loginId) return;
  if (also && (await also()).includes(identity.loginId)) return;
  throw forbidden(refusal);
}

/** A savings plan the caller may reach: a member's own, or any for staff with the grid's Savings access of `kind`. */
export async function readablePlan(
  ctx: RequestContext,
  planId: string | undefined,
  kind: AccessKind,
  field = 'savings_id',
): Promise<PlanRecord> {
  const { tenant } = signedIn(ctx);
  if (!planId) throw invalid(field, 'Please select account');
  await assertStaffAccess(ctx, AREAS.savings, kind);
  const plan = await findPlan(tenant, planId);
  if (!plan) throw notFound('Savings account');
  await assertCanReach(ctx, plan.member_id, AREAS.savings.own);
  return plan;
}

export interface LoanReach {
  /** The grid's Loans access staff need (default read). */
  kind?: AccessKind;
  /** The members besides the applicant who may read it (the loan's current sureties); none when absent. */
  guarantors?: (loan: LoanRecord) => Promise<readonly string[]>;
  /** What a member who may not reach it is told. */
  refusal?: string;
}

/**
 * A loan the caller may reach: staff with the grid's Loans access; a member their own loan, or one
 * `guarantors` names them in (they see what they guarantee).
 */
export async function readableLoan(ctx: RequestContext, loanId: string, reach: LoanReach = {}): Promise<LoanRecord> {
  const { tenant } = signedIn(ctx);
  await assertStaffAccess(ctx, AREAS.loans, reach.kind ?? 'read');
  const loan = await findLoan(tenant, loanId);
  if (!loan) throw notFound('Loan');
  const { guarantors, refusal = 'You may only see your own loans and the loans you guarantee' } = reach;
  await assertCanReach(ctx, loan.member_id, refusal, guarantors && (() => guarantors(loan)));
  return loan;
}

/** An uploaded loan form the caller may download: a member's own, or any for staff with the grid's Loans read. */
export async function readableLoanForm(ctx: RequestContext, formId: string): Promise<LoanFormRecord> {
  const { tenant } = signedIn(ctx);
  await assertStaffAccess(ctx, AREAS.loanForms, 'read');
  const form = await findForm(tenant, formId);
  if (!form) throw notFound('Loan form');
  await assertCanReach(ctx, form.member_id, 'You may only download your own loan forms');
  return form;
}

/** Members (not executives) place no withdrawals themselves (spec: an admin places them). */
export function assertMayWithdraw(ctx: RequestContext): void {
  if (signedIn(ctx).identity.role === 'cooperative-member') {
    throw forbidden(
      'Members cannot withdraw from their savings here; please ask a cooperative admin to place the withdrawal',
    );
  }
}

import { MEMBER_ROLES } from '@coopledger/shared/roles';
import type { Role } from '@coopledger/shared/roles';
import type { AccessKind } from '@coopledger/shared/schemas/roles';
import { forbidden, invalid, notFound } from '#core/errors';
import type { RequestContext } from '#core/handler';
import { signedIn } from '#core/handler';
import { assertAccess } from '../roles/access-grid.ts';
import type { LoanRecord } from './loan-store.ts';
import { findLoan } from './loan-store.ts';

/**
 * Who may reach which loan (DESIGN.md section 6): members and executives act only on their own loans
 * and surety requests (and read the loans they guarantee); staff need the Loans row of their Role
 * Access grid. Routes that carry `resource: 'loans'` are checked by the core handler already; the
 * self-service routes (no resource) apply the grid to staff here.
 */
export const isMemberRole = (role: Role) => MEMBER_ROLES.includes(role);

const text = (v: unknown): string | undefined => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined);

/** The id of a record named in the query or body, or a 422 on the field. */
export function idFrom(ctx: RequestContext, field: string, message: string): string {
  const id = text(ctx.query[field]) ?? text(ctx.body[field]);
  if (!id) throw invalid(field, message);
  return id;
}

/**
 * The member a self-service call acts for: members and executives only themselves (403 when they
 * name someone else); staff name one (coop_id) and need the grid's Loans access of `kind`.
 */
export async function actingMember(ctx: RequestContext, named: string | undefined, kind: AccessKind): Promise<string> {
  const { identity } = signedIn(ctx);
  const member = named?.trim().toUpperCase();
  if (isMemberRole(identity.role)) {
    if (member && member !== identity.loginId) throw forbidden('You may only see and change your own loans');
    return identity.loginId;
  }
  await assertAccess(identity, 'loans', kind);
  if (!member) throw invalid('coop_id', 'Please select a member');
  return member;
}

/**
 * A loan the caller may read: staff with the grid's Loans read; a member their own loan or one they
 * are a current surety of (they see what they guarantee).
 */
export async function readableLoan(ctx: RequestContext, loanId: string, suretyMemberIds: (loan: LoanRecord) => Promise<string[]>): Promise<LoanRecord> {
  const { identity, tenant } = signedIn(ctx);
  if (!isMemberRole(identity.role)) await assertAccess(identity, 'loans', 'read');
  const loan = await findLoan(tenant, loanId);
  if (!loan) throw notFound('Loan');
  if (isMemberRole(identity.role) && loan.member_id !== identity.loginId) {
    const sureties = await suretyMemberIds(loan);
    if (!sureties.includes(identity.loginId)) throw forbidden('You may only see your own loans and the loans you guarantee');
  }
  return loan;
}

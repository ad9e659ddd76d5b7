import type {
  DividendComputationView,
  DividendDeclarationView,
  DividendMemberView,
  DividendRevenueSharingView,
  DividendTotals,
} from '@coopledger/shared/dividend-views';
import { today } from '@coopledger/shared/dates';
import { kobo, nairaFigure } from '@coopledger/shared/money';
import { DIVIDEND_STATUS, DIVIDEND_STATUS_LABELS } from '@coopledger/shared/statuses';
import { nowIso } from '#core/db';
import { conflict, forbidden, notFound } from '#core/errors';
import { newId } from '#core/ids';
import type { PostingLine } from '#core/ledger';
import { post } from '#core/ledger';
import type { Computation } from './compute.ts';
import { requireGlSetup } from './compute.ts';
import type { DeclarationMember, DeclarationRecord } from './declaration-entity.ts';
import { approvalEffects, dividendPeriods, getDeclaration, paidSome, saveDraft } from './declaration-entity.ts';

/**
 * Dividend declarations (issue 21): a computation saved as a Draft, approved once by a
 * cooperative-admin other than the person who made it (Dr Retained Earnings; Cr Provision for
 * Dividend for the pool, Cr Statutory Reserve and Cr the admin-fee GL for a revenue sharing's
 * reserve and fee, one posting), then paid. docs/decisions.md 2026-11-27 "Dividends: compute and
 * declarations".
 */

const memberView = (m: {
  member_id: string;
  member_name: string;
  savings_basis: bigint | number;
  loan_basis: bigint | number;
  savings_part: bigint | number;
  loan_part: bigint | number;
}): DividendMemberView => ({
  member_id: m.member_id,
  member_name: m.member_name,
  savings_basis: nairaFigure(m.savings_basis),
  loan_basis: nairaFigure(m.loan_basis),
  savings_part: nairaFigure(m.savings_part),
  loan_part: nairaFigure(m.loan_part),
  amount: nairaFigure(BigInt(m.savings_part) + BigInt(m.loan_part)),
});

const totalsView = (
  members: number,
  t: {
    savings_basis: bigint | number;
    loan_basis: bigint | number;
    savings_part: bigint | number;
    loan_part: bigint | number;
  },
): DividendTotals => ({
  members,
  savings_basis: nairaFigure(t.savings_basis),
  loan_basis: nairaFigure(t.loan_basis),
  savings_part: nairaFigure(t.savings_part),
  loan_part: nairaFigure(t.loan_part),
  amount: nairaFigure(BigInt(t.savings_part) + BigInt(t.loan_part)),
});

const sharingView = (
  s:
    | { from: string; to: string; distributable: bigint | number; reserve: bigint | number; admin_fee: bigint | number }
    | null
    | undefined,
): DividendRevenueSharingView | null =>
  s
    ? {
        from: s.from,
        to: s.to,
        distributable: nairaFigure(s.distributable),
        statutory_reserve: nairaFigure(s.reserve),
        admin_fee: nairaFigure(s.admin_fee),
      }
    : null;

export function presentComputation(c: Computation): DividendComputationView {
  return {
    from: c.input.from,
    to: c.input.to,
    months: c.months,
    x_percent: c.input.x_percent,
    y_percent: c.input.y_percent,
    amount: nairaFigure(c.input.amount),
    revenue_sharing: sharingView(c.sharing),
    totals: totalsView(c.members.length, c.totals),
    members: c.members.map((m) => memberView({ ...m, savings_part: m.parts.savings, loan_part: m.parts.loan })),
  };
}

export function presentDeclaration(d: DeclarationRecord): DividendDeclarationView {
  return {
    id: d.id,
    source: d.source,
    from: d.from ?? null,
    to: d.to ?? null,
    x_percent: d.x_percent ?? null,
    y_percent: d.y_percent ?? null,
    amount: nairaFigure(d.amount),
    revenue_sharing: sharingView(d.sharing),
    totals: totalsView(d.members, d),
    status: d.status,
    status_label: DIVIDEND_STATUS_LABELS[d.status],
    created_by: d.created_by,
    created_at: d.created_at,
    approved_by: d.approved_by ?? null,
    approved_at: d.approved_at ?? null,
    journal_id: d.journal_id ?? null,
    payment: d.pay_mode
      ? {
          mode: d.pay_mode,
          status: d.pay_status ?? (d.status === DIVIDEND_STATUS.PAID ? 'COMPLETED' : 'PAYING'),
          // What an earlier attempt left (a product, a reason) is not this payment's.
          savings_product_id: d.pay_mode === 'savings' ? (d.pay_product_id ?? null) : null,
          bank_id: d.pay_bank_id ?? null,
          date: d.pay_date ?? null,
          rows: d.rows ?? null,
          rows_paid: d.rows_paid ?? 0,
          error: d.pay_status === 'FAILED' ? (d.pay_error ?? null) : null,
          paid_some: paidSome(d),
          journal_ids: d.pay_journal_ids ?? [],
          paid_by: d.paid_by ?? null,
          paid_at: d.paid_at ?? null,
        }
      : null,
  };
}

export const presentDeclarationMember = (m: DeclarationMember): DividendMemberView => memberView(m);

/** Saves a computation as a Draft declaration. */
export async function saveComputation(tenant: string, c: Computation, by: string): Promise<DeclarationRecord> {
  const { input } = c;
  const record: DeclarationRecord = {
    id: newId(),
    source: 'compute',
    from: input.from,
    to: input.to,
    x_percent: input.x_percent,
    y_percent: input.y_percent,
    amount: input.amount,
    ...(c.sharing
      ? {
          sharing: {
            from: c.sharing.from,
            to: c.sharing.to,
            distributable: c.sharing.distributable,
            reserve: Number(c.sharing.reserve),
            admin_fee: Number(c.sharing.admin_fee),
          },
        }
      : {}),
    members: c.members.length,
    savings_basis: c.totals.savings_basis,
    loan_basis: c.totals.loan_basis,
    savings_part: Number(c.totals.savings_part),
    loan_part: Number(c.totals.loan_part),
    status: DIVIDEND_STATUS.DRAFT,
    created_by: by,
    created_at: nowIso(),
  };
  await saveDraft(
    tenant,
    record,
    c.members.map((m) => ({
      member_id: m.member_id,
      member_name: m.member_name,
      savings_basis: m.savings_basis,
      loan_basis: m.loan_basis,
      savings_part: Number(m.parts.savings),
      loan_part: Number(m.parts.loan),
      amount: Number(m.parts.savings + m.parts.loan),
    })),
  );
  return record;
}

export async function requireDeclaration(tenant: string, id: string): Promise<DeclarationRecord> {
  const found = await getDeclaration(tenant, id);
  if (!found) throw notFound('Dividend');
  return found;
}

const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) => a.from <= b.to && b.from <= a.to;

/** The approved dividend whose period overlaps [from, to], if any (refused on save and on approval). */
export async function overlappingApproved(tenant: string, from: string, to: string, except?: string) {
  const periods = await dividendPeriods(tenant);
  return { periods, overlap: periods?.periods.find((p) => p.id !== except && overlaps(p, { from, to })) };
}

export const overlapMessage = (p: { from: string; to: string }) =>
  `A dividend of ${p.from} to ${p.to} is already approved; its period overlaps this one`;

/**
 * Approves a Draft (one posting, once): refused for the person who made it, for a period that
 * overlaps an approved dividend, and once it is not a Draft; 20 approvals at once post once.
 */
export async function approveDeclaration(tenant: string, id: string, by: string): Promise<DeclarationRecord> {
  const record = await requireDeclaration(tenant, id);
  if (record.status !== DIVIDEND_STATUS.DRAFT)
    throw conflict('This dividend is no longer a Draft: it was approved or deleted');
  if (record.created_by === by)
    throw forbidden('The person who computed or uploaded a dividend cannot approve it: another admin must');
  const setup = await requireGlSetup(tenant);
  const { periods, overlap } =
    record.from && record.to
      ? await overlappingApproved(tenant, record.from, record.to)
      : { periods: undefined, overlap: undefined };
  if (overlap) throw conflict(overlapMessage(overlap));

  const reserve = record.sharing?.reserve ?? 0;
  const fee = record.sharing?.admin_fee ?? 0;
  const period = record.from && record.to ? ` of ${record.from} to ${record.to}` : '';
  const lines: PostingLine[] = [
    {
      glCode: setup.retained_earnings_gl,
      side: 'D',
      amount: kobo(record.amount + reserve + fee),
      description: 'Dividend, statutory reserve and admin fee',
    },
    { glCode: setup.provision_gl, side: 'C', amount: kobo(record.amount), description: 'Dividend declared' },
  ];
  if (reserve > 0)
    lines.push({
      glCode: setup.statutory_reserve_gl,
      side: 'C',
      amount: kobo(reserve),
      description: 'Statutory reserve',
    });
  if (fee > 0) lines.push({ glCode: setup.admin_fee_gl, side: 'C', amount: kobo(fee), description: 'Admin fee' });

  const journalId = newId();
  const approval = { approved_by: by, approved_at: nowIso(), journal_id: journalId };
  const result = await post({
    cooperativeId: tenant,
    idempotencyKey: `dividend-approve-${record.id}`,
    date: today(),
    description: `Dividend${period} declared (${record.members} members)`,
    source: { type: 'DIVIDEND', id: record.id },
    reference: `DIV-${record.id.slice(-8)}`,
    lines,
    effects: approvalEffects(tenant, record, periods, approval),
    createdBy: by,
    journalId,
  });
  if (result.duplicate) throw conflict('This dividend is no longer a Draft: it was approved or deleted');
  return { ...record, ...approval, status: DIVIDEND_STATUS.APPROVED };
}

import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { figureKobo } from '@coopledger/shared/money';
import { DIVIDEND_STATUS } from '@coopledger/shared/statuses';
import type { DividendDeclarationView } from '../../api/dividends';
import { formatDay } from '../../format/dates';
import { addFigures, formatNaira } from '../../format/money';

/** Where the dividend pages are, how a saved dividend is named and what its approval posts. */

export const COMPUTE_DIVIDEND = '/dividend-calculator/compute';
export const SAVED_DIVIDENDS = '/dividend-calculator/saved';
export const savedDividendPath = (id: string) => `${SAVED_DIVIDENDS}/${encodeURIComponent(id)}`;

/** 'from – to', or 'Uploaded' for a dividend uploaded without a period. */
export function periodText(declaration: Pick<DividendDeclarationView, 'from' | 'to'>): string {
  return declaration.from && declaration.to
    ? `${formatDay(declaration.from)} – ${formatDay(declaration.to)}`
    : 'Uploaded';
}

/** 'X / Y' (100 / 0, kept on one line), or a dash for an uploaded dividend. */
export function splitText(declaration: Pick<DividendDeclarationView, 'x_percent' | 'y_percent'>): string {
  return declaration.x_percent === null || declaration.y_percent === null
    ? '—'
    : `${declaration.x_percent}\u00a0/\u00a0${declaration.y_percent}`;
}

const STATUS_TYPES: Record<number, StatusIndicatorProps.Type> = {
  [DIVIDEND_STATUS.DRAFT]: 'pending',
  [DIVIDEND_STATUS.APPROVED]: 'info',
  [DIVIDEND_STATUS.PAID]: 'success',
  [DIVIDEND_STATUS.CANCELLED]: 'stopped',
};

export const statusType = (status: number): StatusIndicatorProps.Type => STATUS_TYPES[status] ?? 'pending';

/**
 * What approving posts (functions/dividends/declarations.ts, one journal): Dr Retained earnings for
 * the pool and its revenue sharing's reserve and admin fee; Cr Provision for dividend for the pool;
 * Cr Statutory reserve and Cr the admin fee GL when they are more than 0.
 */
export function approvalPosting(declaration: Pick<DividendDeclarationView, 'amount' | 'revenue_sharing'>): string {
  const reserve = declaration.revenue_sharing?.statutory_reserve ?? 0;
  const fee = declaration.revenue_sharing?.admin_fee ?? 0;
  const lines = [
    `Dr Retained earnings ${formatNaira(addFigures([declaration.amount, reserve, fee]))}`,
    `Cr Provision for dividend ${formatNaira(declaration.amount)}`,
  ];
  if ((figureKobo(reserve) ?? 0n) > 0n) lines.push(`Cr Statutory reserve ${formatNaira(reserve)}`);
  if ((figureKobo(fee) ?? 0n) > 0n) lines.push(`Cr Admin fee ${formatNaira(fee)}`);
  return lines.join(', ');
}

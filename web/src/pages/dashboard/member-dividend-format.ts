import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { MemberDividendView } from '../../api/dividends';
import { formatDay } from '../../format/dates';

/** How the member's dashboard names one of their dividends. */

/** 'from – to', or 'Declared <day>' for a dividend uploaded without a period. */
export function memberDividendPeriod(dividend: Pick<MemberDividendView, 'from' | 'to' | 'approved_at'>): string {
  if (dividend.from && dividend.to) return `${formatDay(dividend.from)} – ${formatDay(dividend.to)}`;
  return dividend.approved_at ? `Declared ${formatDay(dividend.approved_at)}` : 'Declared';
}

/**
 * Where the member's line stands: 'Paid into savings on <day>' (or 'by bank'), or 'Approved, not
 * yet paid'. Paid is the member's line, which a payment into savings that is still running may
 * have paid before the whole dividend is Paid.
 */
export function memberDividendStatus(dividend: Pick<MemberDividendView, 'paid' | 'paid_into' | 'paid_on'>): {
  type: StatusIndicatorProps.Type;
  text: string;
} {
  if (!dividend.paid) return { type: 'info', text: 'Approved, not yet paid' };
  const how = dividend.paid_into === 'savings' ? ' into savings' : dividend.paid_into === 'bank' ? ' by bank' : '';
  const when = dividend.paid_on ? ` on ${formatDay(dividend.paid_on)}` : '';
  return { type: 'success', text: `Paid${how}${when}` };
}

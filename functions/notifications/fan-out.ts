import { formatNaira } from '@coopledger/shared/money';
import type { NotificationType } from '@coopledger/shared/notification-views';
import type { DeclarationMember } from '../dividends/declaration-entity.ts';
import { declarationMembersAfter } from '../dividends/declaration-entity.ts';
import type { FanOutPageStart, NotificationEventRecord } from './notification-event-entity.ts';

/**
 * Fan-outs (docs/decisions.md 2026-11-28 "Notifications: a dividend paid by bank"): an event to
 * everyone on a list that no item may hold whole (a cooperative's members), so its recipients are
 * read when it is delivered, one page per event. Delivering a page first writes the event of the
 * page after it (its id derived from the root and where it starts, so a page delivered twice writes
 * it once), then serves the page's recipients, each under the root's id (one bell item each,
 * whatever page or try delivers them). A delivery is one page, so a Lambda invocation is bounded
 * by the stream's batch size times the page size, however long the list.
 */

/** Recipients per page: a stream batch of 10 such pages (e-mail, SMS, bell, push each) fits the function's 120 s. */
export const FAN_OUT_PAGE = 20;

/** One recipient of a page, with the words of their own message (their amount). */
export interface FanOutRecipient {
  loginId: string;
  data: Record<string, string>;
}

/** A page as its reader finds it: the recipients, and the key the next page starts after (none: the last page). */
export interface FanOutPage {
  recipients: FanOutRecipient[];
  next?: string;
}

/** Reads a page of a fan-out's list: `limit` entries after `after` (from the start without it). */
export type FanOutReader = (
  tenant: string,
  data: Readonly<Record<string, string>>,
  after: string | undefined,
  limit: number,
) => Promise<FanOutPage>;

/** A dividend paid by bank tells each member on its lines whose dividend is above 0, with their amount. */
export function dividendBankRecipients(lines: Pick<DeclarationMember, 'member_id' | 'amount'>[]): FanOutRecipient[] {
  return lines
    .filter((line) => line.amount > 0)
    .map((line) => ({ loginId: line.member_id.toUpperCase(), data: { amount: formatNaira(line.amount) } }));
}

const dividendBankPage: FanOutReader = async (tenant, data, after, limit) => {
  if (!data.dividend_id) throw new Error('A notice of a dividend paid by bank names no dividend');
  const { lines, next } = await declarationMembersAfter(tenant, data.dividend_id, after, limit);
  return next ? { recipients: dividendBankRecipients(lines), next } : { recipients: dividendBankRecipients(lines) };
};

/** The types whose events fan out, with the reader of their list. */
export const FAN_OUT_READERS: Partial<Record<NotificationType, FanOutReader>> = {
  'dividend.paid-bank': dividendBankPage,
};

/**
 * The page a fan-out event delivers: its recipients, and where the next page starts (none after the
 * last). Filtering (a zero dividend) happens inside a page, so pages always follow the whole list.
 */
export async function fanOutPage(
  event: Pick<NotificationEventRecord, 'cooperative_id' | 'type' | 'data' | 'fan_out'>,
  limit = FAN_OUT_PAGE,
  readers: Partial<Record<NotificationType, FanOutReader>> = FAN_OUT_READERS,
): Promise<{ recipients: FanOutRecipient[]; next?: FanOutPageStart }> {
  const reader = readers[event.type];
  if (!event.fan_out || !reader) throw new Error(`The ${event.type} notification has no fan-out reader`);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`A fan-out page holds at least one recipient: ${limit}`);
  const page = await reader(event.cooperative_id, event.data, event.fan_out.after, limit);
  if (!page.next) return { recipients: page.recipients };
  return { recipients: page.recipients, next: { root_id: event.fan_out.root_id, after: page.next } };
}

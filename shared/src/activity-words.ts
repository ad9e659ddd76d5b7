import { AUDIT_ACTION_LABELS, auditSubject } from './audit.ts';
import type { AuditAction } from './audit.ts';
import { formatNaira, parseNaira } from './money.ts';

/**
 * A person's recent actions in their own words (the settings drawer's Activity tab, a member's
 * Activity): "Applied for a loan of ₦300,000.00", "Approved a deposit or withdrawal", never the route.
 * Worked out from the route when the activity is read, so records kept before still read well.
 */

/** What a route acts on, as a person would say it; by default the route's own words ("a bank account"). */
const NOUNS: Record<string, string> = {
  'transaction-order': 'a deposit or withdrawal',
  loans: 'a loan',
  'loans/form': 'a loan form',
  savings: 'a savings plan',
  'savings/request': 'a savings plan change',
  surety: 'a surety request',
  user: 'their account',
  'user/coopledger': 'a system user',
  'product-setup/savings': 'a savings product setup',
  'product-setup/loans': 'a loan product setup',
  templates: 'a birthday card',
  client: 'the client settings',
  'coa/categories': 'a chart of accounts category',
  'coa/sub_categories': 'a chart of accounts sub-category',
  coa: 'a GL account',
  roles: 'a role',
  pending_members: 'a registration',
  'journal-entry': 'a journal entry',
  'investment-tracker': 'an investment',
  'monthly-deduction': 'a payroll run',
  'financial-years': 'a financial year',
  'approval-rules': 'the approval rules',
  exit: 'a member exit',
  'dividend/declarations': 'a dividend',
  'voting/election': 'an election',
  'voting/position': 'an election position',
  'voting/contestant': 'a contestant',
  'e-shop/admin/product-category': 'a store product category',
  'e-shop/product': 'a store product',
  'e-shop/product/image': 'a store product image',
  'e-shop/stock/receipt': 'a stock receipt',
  'e-shop/stock/adjustment': 'a stock adjustment',
  'e-shop/damages': 'damaged stock',
  'e-shop/order': 'a store order',
  'e-shop/customer': 'a store customer',
  'e-shop': 'the store settings',
  'user/notification-preferences': 'their notification choices',
};

const SIGNED_IN = 'Signed in';

/** Whole sentences for routes whose verb and noun do not say it. */
const SENTENCES: Record<string, string> = {
  'POST /auth/login': SIGNED_IN,
  'POST /auth/signed-in': SIGNED_IN,
  'POST /auth/change-password': 'Changed their password',
  'POST /cooperative/member/loans/apply': 'Applied for a loan',
  'POST /cooperative/loans/schedule-preview': 'Previewed a loan schedule',
  'POST /cooperative/member/loans/replace-surety': 'Asked a new surety to guarantee a loan',
  'POST /cooperative/member/surety/approve': 'Agreed to guarantee a loan',
  'POST /cooperative/member/surety/deny': 'Declined to guarantee a loan',
  'POST /cooperative/member/surety/release': 'Released a guarantee',
  'POST /cooperative/transaction-order': 'Placed a deposit or withdrawal',
  'POST /cooperative/member/savings/add-plan': 'Opened a savings plan',
  'POST /cooperative/savings/credit-interest': 'Credited interest on savings',
  'POST /savings/import': 'Imported savings',
  'POST /cooperative/member/import': 'Imported members',
  'POST /cooperative/loans/import': 'Imported loans',
  'POST /cooperative/member/details/update-document': "Uploaded a member's document",
  'POST /cooperative/member/exit/request': 'Asked to leave the cooperative',
  'POST /cooperative/financial-years/reopen': 'Reopened a financial year',
  'POST /cooperative/dividend/gl-setup': 'Changed the dividend accounts',
  'POST /cooperative/dividend/compute': 'Computed a dividend',
  'POST /cooperative/dividend/head-office-summary/targets': 'Changed the head office targets',
  'POST /cooperative/monthly-deduction/download': 'Downloaded a payroll workbook',
  'POST /cooperative/monthly-deduction/inspect': 'Checked a payroll file before posting it',
  'POST /cooperative/voting/vote': 'Voted in an election',
  'POST /chat/messages': 'Sent a chat message',
  'POST /chat/read': 'Read chat messages',
  'POST /user/notifications/read': 'Read a notification',
  'POST /user/notifications/read-all': 'Marked every notification read',
  'POST /cooperative/loan-offset': 'Posted a loan offset',
  'POST /cooperative/e-shop/stock/receipt': 'Received stock',
  'POST /cooperative/e-shop/damages': 'Recorded damaged stock',
  'POST /cooperative/e-shop/order/return': 'Took back items of a store order',
  'POST /member/e-shop/order': 'Placed a store order',
};

/** The audit trail's action words, with a few that need what they act on after them. */
const VERB: Record<AuditAction, string> = {
  ...AUDIT_ACTION_LABELS,
  password: 'Set a password for',
  access: 'Changed the access of',
  request: 'Asked for',
};

const nounOf = (entity: string): string => {
  const known = NOUNS[entity];
  if (known) return known;
  const words = entity.replaceAll(/[-_/]/g, ' ').trim();
  return /^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`;
};

/** The amount a request named (`amount`, `loan_amount`), in naira as a person typed it; undefined when none. */
export function activityAmount(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const fields = body as Record<string, unknown>;
  const kobo = parseNaira(fields.amount ?? fields.loan_amount);
  return kobo !== undefined && kobo > 0 ? formatNaira(kobo) : undefined;
}

/** One action in words: the route's sentence, with the amount it named. */
export function activityWords(method: string, path: string, amount?: string): string {
  const sentence = SENTENCES[`${method} ${path}`];
  const { entity, action } = auditSubject({ method: method as 'POST', path });
  const words = sentence ?? `${VERB[action]} ${nounOf(entity)}`;
  return amount ? `${words} of ${amount}` : words;
}

export interface ActivityEntry {
  at: string;
  action: string;
  /** Signed in this many times in a row, newest `at` shown. */
  count?: number;
}

/** Sign-ins in a row shown once with their count, newest first kept; at most `limit` entries. */
export function groupSignIns<T extends ActivityEntry>(entries: readonly T[], limit: number): T[] {
  const grouped: T[] = [];
  for (const entry of entries) {
    const last = grouped.at(-1);
    if (last && last.action === SIGNED_IN && entry.action === SIGNED_IN) last.count = (last.count ?? 1) + 1;
    else if (grouped.length < limit) grouped.push({ ...entry });
    else break;
  }
  return grouped;
}

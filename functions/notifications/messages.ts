import type { NotificationType } from '@coopledger/shared/notification-views';

/**
 * What each kind of event says to its recipient: the bell's title and text (also the e-mail's
 * subject and body, and the SMS), and where the bell's item leads. The event carries the words
 * (amounts already as text, names) so that a message is written without reading anything back.
 */
export interface NotificationMessage {
  title: string;
  body: string;
  link?: string;
}

type Words = Readonly<Record<string, string | undefined>>;

const w = (data: Words, name: string, fallback = '') => data[name]?.trim() || fallback;

const MESSAGES: Record<NotificationType, (data: Words) => NotificationMessage> = {
  'order.approved': (d) => ({
    title: `${kindTitle(d)} approved`,
    body: `Your ${w(d, 'kind', 'deposit')} of ${w(d, 'amount')} (${w(d, 'product', 'savings')}) was approved.`,
    link: '/member/transaction-history',
  }),
  'order.denied': (d) => ({
    title: `${kindTitle(d)} denied`,
    body: `Your ${w(d, 'kind', 'deposit')} of ${w(d, 'amount')} (${w(d, 'product', 'savings')}) was denied.`,
    link: '/member/transaction-history',
  }),
  'loan.approved': (d) => ({
    title: 'Loan approved',
    body: `Your ${w(d, 'product', 'loan')} of ${w(d, 'amount')} was approved and disbursed.`,
    link: '/member/loans',
  }),
  'loan.denied': (d) => ({
    title: 'Loan denied',
    body: `Your ${w(d, 'product', 'loan')} application of ${w(d, 'amount')} was denied.`,
    link: '/member/loans',
  }),
  'surety.requested': (d) => ({
    title: 'Surety request',
    body: `${w(d, 'applicant', 'A member')} asks you to stand surety for a ${w(d, 'product', 'loan')} of ${w(d, 'amount')}.`,
    link: '/member/loans/surety',
  }),
  'surety.answered': (d) => ({
    title: `Surety ${w(d, 'answer', 'answered')}`,
    body: `${w(d, 'surety', 'Your surety')} ${w(d, 'answer', 'answered')} your request to stand surety for your ${w(d, 'product', 'loan')} of ${w(d, 'amount')}.`,
    link: '/member/loans',
  }),
  'registration.approved': (d) => ({
    title: 'Registration approved',
    body: `Welcome to ${w(d, 'cooperative', 'the cooperative')}: your registration was approved. Your member number is ${w(d, 'member_id')}.`,
    link: '/member/my-profile',
  }),
  'installment.due': (d) => ({
    title: 'Loan installment due',
    body: `An installment of ${w(d, 'amount')} on your ${w(d, 'product', 'loan')} is due on ${w(d, 'due_date')}.`,
    link: '/member/loans',
  }),
  'payroll.posted': (d) => ({
    title: 'Monthly deductions posted',
    body: `Your deductions for ${w(d, 'period')} were posted: ${w(d, 'amount')} in all.`,
    link: '/member/transaction-history',
  }),
  'election.opened': (d) => ({
    title: 'Election open',
    body: `${w(d, 'election', 'An election')} is open for voting until ${w(d, 'end_date')}.`,
    link: '/member/elections',
  }),
  'dividend.paid': (d) => ({
    title: 'Dividend paid',
    body: `Your dividend of ${w(d, 'amount')}${d.period ? ` for ${w(d, 'period')}` : ''} was paid into your savings.`,
    link: '/member/transaction-history',
  }),
  'dividend.paid-bank': (d) => ({
    title: 'Dividend paid by bank',
    body: `Your dividend of ${w(d, 'amount')}${d.period ? ` for ${w(d, 'period')}` : ''} was paid to your bank account.`,
    link: '/dashboard',
  }),
  birthday: (d) => ({
    title: 'Happy birthday!',
    body: `Happy birthday, ${w(d, 'name', 'dear member')}! Best wishes from all of us at ${w(d, 'cooperative', 'your cooperative')}.`,
  }),
};

function kindTitle(data: Words): string {
  const kind = w(data, 'kind', 'deposit');
  return kind[0].toUpperCase() + kind.slice(1);
}

export function messageOf(type: NotificationType, data: Words): NotificationMessage {
  return MESSAGES[type](data);
}

import { OFFSET_MODE, OFFSET_TYPE } from '@coopledger/shared/schemas/loan-offsets';
import type { FormValues } from '../../api/entities';
import type { OffsetBody } from '../../api/loan-offsets';

/**
 * The offset form's rules that hang on the chosen mode and type (spec 000 section 5, "Loan
 * offset"), kept apart from the screen so they can be tested alone.
 */
export const OFFSET_FORM_FIELDS = [
  'loan_id',
  'offset_mode',
  'offset_type',
  'loan_amount',
  'loan_balance',
  'offset_amount',
  'bank_id',
  'date',
  'restructure_tenure',
  'payment_start_date',
] as const;
export type OffsetFormField = (typeof OFFSET_FORM_FIELDS)[number];

export function emptyOffset(today: string): FormValues {
  return {
    loan_id: '',
    offset_mode: '',
    offset_type: '',
    loan_amount: '',
    loan_balance: '',
    offset_amount: '',
    bank_id: '',
    date: today,
    restructure_tenure: '',
    payment_start_date: '',
  };
}

/** The Bank Account field appears only for mode 1. */
export const needsBank = (mode: string) => Number(mode) === OFFSET_MODE.BANK;

/** Amount to Offset is editable, and Repayment Start Date and Restructure Tenure appear, only for types 1 and 3. */
export const isPartial = (type: string) =>
  Number(type) === OFFSET_TYPE.PARTIAL || Number(type) === OFFSET_TYPE.RESTRUCTURE;

export const isFull = (type: string) => Number(type) === OFFSET_TYPE.FULL;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh id for one submission of the form: a retry of the same submission posts once. */
export function newOffsetId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  return Array.from(bytes, (b) => CROCKFORD[b % 32]).join('');
}

/** The submit payload: only the fields the chosen mode and type use. */
export function offsetBody(values: FormValues, memberId: string, offsetId: string): OffsetBody {
  const partial = isPartial(values.offset_type ?? '');
  return {
    loan_id: values.loan_id ?? '',
    offset_mode: Number(values.offset_mode),
    offset_type: Number(values.offset_type),
    loan_amount: values.loan_amount ?? '',
    loan_balance: values.loan_balance ?? '',
    offset_amount: partial ? values.offset_amount : undefined,
    bank_id: needsBank(values.offset_mode ?? '') ? values.bank_id : undefined,
    date: values.date ?? '',
    restructure_tenure: partial ? values.restructure_tenure : undefined,
    payment_start_date: partial ? values.payment_start_date : undefined,
    coop_id: memberId,
    offset_id: offsetId,
  };
}

/** The hint under Amount to Offset for a partial offset: at least the interest due, less than the payoff. */
export function amountHint(
  payoff: { interest: number; amount: number } | undefined,
  format: (n: number) => string,
): string | undefined {
  if (!payoff) return undefined;
  return `At least the interest due (${format(payoff.interest)}) and less than the payoff (${format(payoff.amount)})`;
}

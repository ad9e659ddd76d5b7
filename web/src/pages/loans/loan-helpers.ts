import { isCalendarDate } from '@coopledger/shared/dates';
import { parseNaira, toNaira } from '@coopledger/shared/money';
import { postingDateIssue } from '@coopledger/shared/posting-rules';
import { loanApplicationSchema, loanRateIssue } from '@coopledger/shared/schemas/loans';
import type { FormValues } from '../../api/entities';
import type { ApplyBody, Loan, PaidMark, PreviewBody } from '../../api/loans';
import type { LoanSetup } from '../../api/setup-endpoints';
import type { FormSchema } from '../../forms/zod-form';
import { formatNaira } from '../../format/money';
import {
  LOAN_REPAYMENT_STATUS,
  LOAN_REPAYMENT_STATUS_LABELS,
  LOAN_STATUS,
  LOAN_STATUS_LABELS,
  SURETY_STATUS_LABELS,
  isActive,
  statusLabel,
} from '@coopledger/shared/statuses';

/**
 * The rules of the loan screens that need no React: status names, the product choice and what it
 * fills in, the application as the API takes it, and which actions a loan offers.
 */

export const loanStatusName = (status: number) => statusLabel(LOAN_STATUS_LABELS, status);
export const paidStatusName = (isPaid: number) => statusLabel(LOAN_REPAYMENT_STATUS_LABELS, isPaid);
export const suretyStatusName = (status: number) => statusLabel(SURETY_STATUS_LABELS, status);

/** The form's default tenure type is the spec's mistyped 'Months(s)'; the server accepts it. */
export const DEFAULT_TENURE_TYPE = 'Months(s)';
export const TENURE_TYPE_CHOICES = [
  { value: 'Month(s)', label: 'Month(s)' },
  { value: 'Year(s)', label: 'Year(s)' },
] as const;
export const SOURCE_CHOICES = [
  { value: 'Internal', label: 'Internal' },
  { value: 'External', label: 'External' },
] as const;
export const REPAYMENT_CHOICES = [
  { value: 'Salary', label: 'Salary' },
  { value: 'Others', label: 'Others' },
] as const;

/** The tenure choice a value shows as: the mistyped default reads as Month(s). */
export const tenureChoiceOf = (value: string) =>
  /^months?(\(s\))?$/i.test(value.trim()) ? 'Month(s)' : /^years?(\(s\))?$/i.test(value.trim()) ? 'Year(s)' : '';

export const LOAN_FIELDS = [
  'loan_product_id',
  'loan_amount',
  'payment_start_date',
  'date',
  'calculation_method_id',
  'charge_id',
  'charge_amount',
  'surety1',
  'surety2',
  'tenure',
  'tenure_type',
  'interest_rate',
  'penal_charge',
  'upfront',
  'source',
  'repayment_type',
] as const;

export type LoanField = (typeof LOAN_FIELDS)[number];

/** A new application: today's date, the spec's default tenure type, Internal and Salary. */
export function emptyApplication(today: string): FormValues {
  const values: FormValues = Object.fromEntries(LOAN_FIELDS.map((field) => [field, '']));
  return { ...values, date: today, tenure_type: DEFAULT_TENURE_TYPE, source: 'Internal', repayment_type: 'Salary' };
}

type SetupFields = Pick<
  LoanSetup,
  | 'product_id'
  | 'product'
  | 'name'
  | 'tenure'
  | 'tenure_type'
  | 'min_int_rate'
  | 'max_int_rate'
  | 'upfront'
  | 'source'
  | 'penal_charge'
  | 'charge_id'
  | 'charge_amount'
  | 'charge'
  | 'calculation_method_id'
  | 'status'
> &
  Partial<Pick<LoanSetup, 'penal_type' | 'charge_type'>>;

export interface LoanProductChoice {
  value: string;
  label: string;
  setup: SetupFields;
}

/** One choice per active loan setup, valued by the product id the application names. */
export function loanProductChoices(setups: readonly SetupFields[]): LoanProductChoice[] {
  const seen = new Set<string>();
  const choices: LoanProductChoice[] = [];
  for (const setup of setups) {
    const id = String(setup.product_id);
    if (!isActive(setup.status) || seen.has(id)) continue;
    seen.add(id);
    choices.push({ value: id, label: setup.product.name ?? setup.name, setup });
  }
  return choices.sort((a, b) => a.label.localeCompare(b.label));
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * What choosing a product fills in (spec 000 section 5): tenure, tenure type, charge, charge
 * amount, calculation method, source, penal charge, upfront and the interest rate (max_int_rate).
 */
export function setupPrefill(setup: SetupFields): Partial<FormValues> {
  return {
    tenure: text(setup.tenure),
    tenure_type: tenureChoiceOf(setup.tenure_type) || DEFAULT_TENURE_TYPE,
    charge_id: text(setup.charge_id),
    charge_amount: text(setup.charge_amount),
    calculation_method_id: text(setup.calculation_method_id),
    source: setup.source || 'Internal',
    penal_charge: text(setup.penal_charge),
    upfront: text(setup.upfront),
    interest_rate: text(setup.max_int_rate),
  };
}

/**
 * The penal charge a loan takes from its setup, in the setup's unit, as the loan form prints it
 * (functions/loanforms/loan-form-pdf.ts penalCharge): 2%, ₦500.00, or None.
 */
export function penalText(setup: Partial<Pick<LoanSetup, 'penal_charge' | 'penal_type'>>): string {
  const charge = Number(setup.penal_charge ?? 0);
  if (!charge || setup.penal_type === 'None') return 'None';
  if (setup.penal_type === 'Percentage') return `${charge}%`;
  if (setup.penal_type === 'Flat') return formatNaira(charge);
  return String(charge);
}

/**
 * The application form's rules on the terms (functions/loans/applications.ts rateFor and
 * applicationDate). An applicant applying for their own loan gets the product's maximum rate and
 * today's date whatever is sent, so their form shows both read-only and checks neither. Staff
 * applying for a member choose a rate within the chosen product's range and a date by the
 * posting-date rule (not after `today`; the server also holds it to the opening date), refused with
 * the server's messages.
 */
export function applicationSchema(
  ownLoan: boolean,
  setup: Pick<LoanSetup, 'min_int_rate' | 'max_int_rate'> | undefined,
  today: string,
) {
  if (ownLoan) return loanApplicationSchema;
  const { interest_rate, date } = loanApplicationSchema.shape;
  const inRange = (min: number, max: number) =>
    interest_rate.superRefine((v, ctx) => {
      const message = v === undefined ? undefined : loanRateIssue(v, min, max);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
  return loanApplicationSchema.safeExtend({
    interest_rate: setup ? inRange(Number(setup.min_int_rate), Number(setup.max_int_rate)) : interest_rate,
    date: date.superRefine((v, ctx) => {
      const message = v === undefined ? undefined : postingDateIssue(v, { today });
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  });
}

/** The application form's schema: applicationSchema for the product its values name, on the day it checks. */
export function applicationSchemaFor(
  products: readonly LoanProductChoice[],
  ownLoan: boolean,
  today: () => string,
): FormSchema<FormValues> {
  return (values) => {
    const setup = products.find((product) => product.value === (values.loan_product_id ?? '').trim())?.setup;
    return applicationSchema(ownLoan, setup, today());
  };
}

/** What the rate field says under it: the product's rate for one's own loan, or the range staff choose in. */
export function rateHint(
  ownLoan: boolean,
  setup: Pick<LoanSetup, 'min_int_rate' | 'max_int_rate'> | undefined,
): string {
  if (ownLoan) return setup ? "The product's rate" : "The product's rate, filled in when you choose a product";
  return setup ? `Between ${setup.min_int_rate}% and ${setup.max_int_rate}% a year` : 'Percent a year';
}

/** The charges the loan setups name, for the charge choice. */
export function chargeChoices(setups: readonly SetupFields[]): { value: string; label: string }[] {
  const byId = new Map<string, string>();
  for (const setup of setups) {
    if (setup.charge_id && !byId.has(String(setup.charge_id)))
      byId.set(String(setup.charge_id), setup.charge?.name ?? String(setup.charge_id));
  }
  return [...byId].map(([value, label]) => ({ value, label }));
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** Naira as typed (checked by the shared schema) as the API's naira number, exact to the kobo. */
function nairaOf(value: string | undefined): number {
  const kobo = parseNaira(trimmed(value));
  if (kobo === undefined) throw new RangeError(`Not an amount: ${String(value)}`);
  return toNaira(kobo);
}

const numberOf = (value: string | undefined, fallback = 0) => {
  const raw = trimmed(value);
  if (raw === '') return fallback;
  const number = Number(raw);
  return Number.isFinite(number) ? number : fallback;
};

/** The application payload; `coopId` names the applicant (a member names themselves). */
export function applicationBody(values: FormValues, coopId: string): ApplyBody {
  return {
    loan_product_id: trimmed(values.loan_product_id),
    loan_amount: nairaOf(values.loan_amount),
    payment_start_date: trimmed(values.payment_start_date),
    date: trimmed(values.date),
    calculation_method_id: numberOf(values.calculation_method_id),
    charge_id: trimmed(values.charge_id),
    charge_amount: numberOf(values.charge_amount),
    surety1: trimmed(values.surety1),
    surety2: trimmed(values.surety2),
    tenure: numberOf(values.tenure),
    tenure_type: trimmed(values.tenure_type) || DEFAULT_TENURE_TYPE,
    interest_rate: numberOf(values.interest_rate),
    penal_charge: numberOf(values.penal_charge),
    upfront: numberOf(values.upfront),
    source: trimmed(values.source) || 'Internal',
    repayment_type: trimmed(values.repayment_type) || 'Salary',
    coop_id: coopId,
  };
}

/**
 * What the schedule preview needs, once the form holds all of it in a usable form; null
 * otherwise, so no preview is asked for a half-typed loan.
 */
export function previewBody(values: Partial<FormValues>): PreviewBody | null {
  const kobo = parseNaira(trimmed(values.loan_amount));
  const rate = Number(trimmed(values.interest_rate));
  const tenure = Number(trimmed(values.tenure));
  const method = Number(trimmed(values.calculation_method_id));
  const start = trimmed(values.payment_start_date);
  const tenureType = trimmed(values.tenure_type);
  if (kobo === undefined || kobo <= 0) return null;
  if (trimmed(values.interest_rate) === '' || !Number.isFinite(rate) || rate < 0) return null;
  if (!Number.isInteger(tenure) || tenure < 1 || !Number.isInteger(method) || method < 1) return null;
  if (!isCalendarDate(start) || tenureType === '') return null;
  const product = trimmed(values.loan_product_id);
  return {
    loan_amount: toNaira(kobo),
    interest_rate: rate,
    tenure,
    tenure_type: tenureType,
    calculation_method_id: method,
    payment_start_date: start,
    ...(product ? { loan_product_id: product } : {}),
  };
}

/** What a product's charge is, in its unit, for the charge field's label ("% of the loan", "₦"). */
export function chargeUnit(setup: Partial<Pick<LoanSetup, 'charge_type'>> | undefined): string {
  if (setup?.charge_type === 'Flat') return '₦';
  if (setup?.charge_type === 'None') return 'none';
  return '% of the loan';
}

export type LoanAction = 'schedule' | 'sureties' | 'form' | 'approve' | 'deny' | PaidMark | 'delete';

export const LOAN_ACTION_LABELS: Record<LoanAction, string> = {
  schedule: 'View schedule',
  sureties: 'View sureties',
  form: 'Download loan form',
  approve: 'Approve',
  deny: 'Deny',
  completed: 'Mark as Completed',
  running: 'Mark as Running',
  incomplete: 'Mark as Incomplete',
  delete: 'Delete',
};

/**
 * The row menu of the staff loan list. Approve and Deny only on a pending loan; the marks only on
 * an approved one (Completed when Running, Running when Completed or Incomplete); Delete on a
 * loan that was not disbursed (the server has the last word and says why).
 */
export function loanActions(loan: Pick<Loan, 'status' | 'is_paid'>): LoanAction[] {
  const actions: LoanAction[] = ['schedule', 'sureties', 'form'];
  if (loan.status === LOAN_STATUS.PENDING) actions.push('approve', 'deny');
  if (loan.status === LOAN_STATUS.APPROVED) {
    actions.push(loan.is_paid === LOAN_REPAYMENT_STATUS.RUNNING ? 'completed' : 'running');
    if (loan.is_paid !== LOAN_REPAYMENT_STATUS.INCOMPLETE) actions.push('incomplete');
  }
  if (loan.status !== LOAN_STATUS.APPROVED) actions.push('delete');
  return actions;
}

/**
 * The member detail's Loan History menu: the schedule and sureties for everyone; the marks and
 * delete only for a cooperative-admin (spec 000 sections 4 and 6).
 */
export function memberLoanActions(loan: Pick<Loan, 'status' | 'is_paid'>, isCooperativeAdmin: boolean): LoanAction[] {
  const actions: LoanAction[] = ['schedule', 'sureties'];
  if (!isCooperativeAdmin) return actions;
  if (loan.status === LOAN_STATUS.APPROVED)
    actions.push(loan.is_paid === LOAN_REPAYMENT_STATUS.RUNNING ? 'completed' : 'running');
  actions.push('delete');
  return actions;
}

/** 12 Month(s) */
export const tenureText = (loan: Pick<Loan, 'tenure' | 'tenure_type'>) =>
  `${loan.tenure} ${tenureChoiceOf(loan.tenure_type) || loan.tenure_type}`;

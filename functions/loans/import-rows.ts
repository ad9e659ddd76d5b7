import { createHash } from 'node:crypto';
import type { Schedule } from '@coopledger/shared/loan-schedule';
import { LoanScheduleError, buildSchedule, tenureUnitOf } from '@coopledger/shared/loan-schedule';
import { CALCULATION_METHODS } from '@coopledger/shared/lookups';
import { formatNaira, parseNaira } from '@coopledger/shared/money';
import { isCalendarDate } from '@coopledger/shared/dates';
import { amountIssue, postingDateIssue } from '@coopledger/shared/posting-rules';
import type { ImportError, RawRow } from '#core/import-files';

/**
 * The loan import's file shape and the checks of one row that need no data (docs/data-model.md,
 * "Loan import"). The workflow's validate task adds the checks against the cooperative's members,
 * loan products and running loans.
 */
export interface LoanImportColumn {
  name: string;
  required: boolean;
  examples: [string | number, string | number];
  note: string;
}

const DATE = 'YYYY-MM-DD (or an Excel date)';

export const LOAN_IMPORT_COLUMNS: readonly LoanImportColumn[] = [
  {
    name: 'member',
    required: true,
    examples: ['DEMO0001', 'DEMO0002'],
    note: "The member's number (e.g. DEMO0001) or staff ID",
  },
  {
    name: 'loan_product',
    required: true,
    examples: ['Personal Loan', 'Personal Loan'],
    note: 'The name of a loan product with an active loan setup',
  },
  {
    name: 'loan_amount',
    required: true,
    examples: [120000, 50000],
    note: 'The amount lent in naira, greater than zero, at most 2 decimals',
  },
  { name: 'interest_rate', required: true, examples: [12, 10], note: 'Percent per annum, 0 or more (e.g. 12 or 12.5)' },
  { name: 'tenure', required: true, examples: [12, 1], note: 'A whole number of months or years, at least 1' },
  { name: 'tenure_type', required: true, examples: ['Month(s)', 'Year(s)'], note: 'Month(s) or Year(s)' },
  {
    name: 'calculation_method',
    required: true,
    examples: [1, 'Reducing Balance (Equal Installments)'],
    note: `1, 2 or 3, or the name: ${CALCULATION_METHODS.map((m) => `${m.id} ${m.name}`).join('; ')}`,
  },
  {
    name: 'payment_start_date',
    required: true,
    examples: ['2026-02-01', '2026-03-01'],
    note: `The first installment's date, ${DATE}; after the disbursement date`,
  },
  {
    name: 'disbursement_date',
    required: true,
    examples: ['2026-01-10', '2026-02-15'],
    note: `The day the loan was paid out, ${DATE}; not in the future`,
  },
  {
    name: 'amount_repaid',
    required: false,
    examples: [30000, 0],
    note: 'Naira repaid so far (interest and principal), 0 or more, at most the total to repay; empty is 0',
  },
];

/** At most this many rows per file. */
export const MAX_LOAN_IMPORT_ROWS = 2000;

/** A row whose cells are all well formed, with its schedule built by the engine. */
export interface ParsedLoanRow {
  row: number;
  member: string;
  product: string;
  /** Kobo. */
  loan_amount: number;
  interest_rate: number;
  tenure: number;
  tenure_type: 'Month(s)' | 'Year(s)';
  calculation_method_id: number;
  payment_start_date: string;
  disbursement_date: string;
  /** Kobo. */
  amount_repaid: number;
  schedule: Schedule;
}

/** The engine's field names as the file's columns. */
const ENGINE_COLUMNS: Record<string, string> = {
  calculation_method_id: 'calculation_method',
  principal: 'loan_amount',
  amount: 'loan_amount',
  first_payment_date: 'payment_start_date',
  payment_start_date: 'payment_start_date',
};

/** 1, 2 or 3, a method's name or its code (case and spacing ignored). */
export function methodOf(text: string): number | undefined {
  const normal = text.trim().toLowerCase().replaceAll(/\s+/g, ' ');
  if (normal === '') return undefined;
  const found = CALCULATION_METHODS.find(
    (m) =>
      String(m.id) === normal ||
      m.name.toLowerCase() === normal ||
      m.code.toLowerCase() === normal.replaceAll(' ', '_'),
  );
  return found?.id;
}

/**
 * An amount cell; `limited`: a single amount, at most the cooperative's limit (the amount repaid is a sum, bounded by
 * the schedule).
 */
function moneyOf(raw: RawRow, column: string, errors: ImportError[], allowZero: boolean, limited = false): number {
  const value = raw.values[column]?.trim() ?? '';
  if (value === '') {
    if (allowZero) return 0;
    errors.push({ row: raw.row, column, message: 'This field is required' });
    return 0;
  }
  const kobo = parseNaira(value);
  if (kobo === undefined)
    errors.push({ row: raw.row, column, message: 'Enter an amount in naira with at most 2 decimals' });
  else if (kobo < 0 || (!allowZero && kobo === 0))
    errors.push({ row: raw.row, column, message: allowZero ? 'Enter 0 or more' : 'Enter an amount greater than zero' });
  else {
    const overLimit = limited ? amountIssue(kobo) : undefined;
    if (overLimit) errors.push({ row: raw.row, column, message: overLimit });
  }
  return kobo ?? 0;
}

function dateOf(raw: RawRow, column: string, errors: ImportError[]): string {
  const value = raw.values[column]?.trim() ?? '';
  if (value === '') errors.push({ row: raw.row, column, message: 'This field is required' });
  else if (!isCalendarDate(value)) errors.push({ row: raw.row, column, message: 'Enter a valid date as YYYY-MM-DD' });
  return value;
}

/**
 * The checks of one row that need no data: required cells, amounts (to kobo), the rate, tenure and
 * its type, the calculation method, dates, then the schedule the engine builds from them and the
 * amount repaid against its total.
 */
export function parseLoanRow(raw: RawRow, today: string): { ok?: ParsedLoanRow; errors: ImportError[] } {
  const errors: ImportError[] = [];
  const text = (column: string) => raw.values[column]?.trim() ?? '';
  const required = (column: string) => {
    const value = text(column);
    if (value === '') errors.push({ row: raw.row, column, message: 'This field is required' });
    return value;
  };
  const member = required('member');
  const product = required('loan_product');
  const loanAmount = moneyOf(raw, 'loan_amount', errors, false, true);

  const rateText = required('interest_rate');
  const rate = Number(rateText);
  if (rateText !== '' && (!/^\d+(\.\d+)?$/.test(rateText) || rate > 100))
    errors.push({ row: raw.row, column: 'interest_rate', message: 'Enter a rate in percent per annum from 0 to 100' });

  const tenureText = required('tenure');
  const tenure = Number(tenureText);
  if (tenureText !== '' && (!/^\d+$/.test(tenureText) || tenure < 1))
    errors.push({ row: raw.row, column: 'tenure', message: 'Enter a whole number, at least 1' });

  const typeText = required('tenure_type');
  let tenureType: 'Month(s)' | 'Year(s)' = 'Month(s)';
  if (typeText !== '') {
    try {
      tenureType = tenureUnitOf(typeText) === 'year' ? 'Year(s)' : 'Month(s)';
    } catch {
      errors.push({ row: raw.row, column: 'tenure_type', message: 'Enter Month(s) or Year(s)' });
    }
  }

  const methodText = required('calculation_method');
  const method = methodOf(methodText);
  if (methodText !== '' && method === undefined)
    errors.push({
      row: raw.row,
      column: 'calculation_method',
      message: `Enter 1, 2 or 3 (${CALCULATION_METHODS.map((m) => m.name).join(', ')})`,
    });

  const start = dateOf(raw, 'payment_start_date', errors);
  const disbursed = dateOf(raw, 'disbursement_date', errors);
  const disbursedIssue = isCalendarDate(disbursed) ? postingDateIssue(disbursed, { history: true, today }) : undefined;
  if (disbursedIssue) errors.push({ row: raw.row, column: 'disbursement_date', message: disbursedIssue });
  if (isCalendarDate(disbursed) && isCalendarDate(start) && start <= disbursed)
    errors.push({
      row: raw.row,
      column: 'payment_start_date',
      message: 'The payment start date must be after the disbursement date',
    });
  const repaid = moneyOf(raw, 'amount_repaid', errors, true);
  if (errors.length > 0) return { errors };

  let schedule: Schedule;
  try {
    schedule = buildSchedule({
      principal: loanAmount,
      annualRatePercent: rateText,
      tenure,
      tenureUnit: tenureUnitOf(tenureType),
      method: method!,
      firstPaymentDate: start,
    });
  } catch (error) {
    if (!(error instanceof LoanScheduleError)) throw error;
    return { errors: [{ row: raw.row, column: ENGINE_COLUMNS[error.field] ?? error.field, message: error.message }] };
  }
  if (repaid > schedule.totals.payment) {
    return {
      errors: [
        {
          row: raw.row,
          column: 'amount_repaid',
          message: `The amount repaid must not exceed the total to repay, ${formatNaira(schedule.totals.payment)}`,
        },
      ],
    };
  }
  return {
    ok: {
      row: raw.row,
      member,
      product,
      loan_amount: loanAmount,
      interest_rate: rate,
      tenure,
      tenure_type: tenureType,
      calculation_method_id: method!,
      payment_start_date: start,
      disbursement_date: disbursed,
      amount_repaid: repaid,
      schedule,
    },
    errors,
  };
}

/**
 * The id of an imported loan: `IML` + sha256 (first 40 hex) of the cooperative, the member number,
 * the product id and the loan's terms (kobo, rate, tenure and type, method, payment start and
 * disbursement dates). The same loan imported again, by member number or staff ID, gets the same
 * id, so it is created once; the amount repaid is not part of it (a second upload with another
 * amount repaid finds the loan already imported and leaves it as it is).
 */
export function loanIdentity(
  cooperativeId: string,
  loan: Pick<
    ParsedLoanRow,
    | 'loan_amount'
    | 'interest_rate'
    | 'tenure'
    | 'tenure_type'
    | 'calculation_method_id'
    | 'payment_start_date'
    | 'disbursement_date'
  > & { member_id: string; product_id: string },
): string {
  const normalized = [
    cooperativeId,
    loan.member_id.toUpperCase(),
    loan.product_id,
    String(loan.loan_amount),
    String(loan.interest_rate),
    String(loan.tenure),
    loan.tenure_type,
    String(loan.calculation_method_id),
    loan.payment_start_date,
    loan.disbursement_date,
  ].join('|');
  return `IML${createHash('sha256').update(normalized).digest('hex').slice(0, 40)}`;
}

import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Column } from '#core/pdf-layout';
import {
  CONTENT_WIDTH,
  INK,
  LINE,
  Layout,
  MARGIN,
  MUTED,
  SMALL,
  drawFooters,
  pdfNaira,
  printable,
} from '#core/pdf-layout';
import { CALCULATION_METHODS } from '@coopledger/shared/lookups';
import { percentOf, toKobo, toNaira } from '@coopledger/shared/money';
import type { LoanView, ScheduleRowView } from '../loans/loan-store.ts';
import {
  LOAN_REPAYMENT_STATUS_LABELS,
  LOAN_STATUS,
  LOAN_STATUS_LABELS,
  SCHEDULE_LINE_STATUS,
  SURETY_STATUS_LABELS,
  statusLabel,
} from '@coopledger/shared/statuses';

/**
 * The printable loan form of one loan (GET /cooperative/loans/download-loan-form): the cooperative,
 * the member, the product, the amounts and terms, the repayment schedule and the sureties with their
 * answers, on A4 pages. Built with pdf-lib's standard Helvetica, so nothing is read from disk and the
 * function stays small; that font only has the Windows-1252 characters, so amounts read 'NGN'
 * rather than the naira sign and any other character is simplified (see `printable` in core/pdf-layout.ts).
 */

export type LoanFormLoan = LoanView & { schedule: ScheduleRowView[] };

export interface LoanFormInput {
  cooperativeName: string;
  loan: LoanFormLoan;
  /** When the form is printed (ISO timestamp); now unless given. */
  printedAt?: string;
}

/** Schedules up to this many rows are printed in full (a few pages); longer ones as a summary only. */
export const MAX_SCHEDULE_ROWS = 120;

/** 'NGN 1,234.50'; zero shows as 'NGN 0' (the spec's 'naira 0'). */
export const naira = (amount: number) => pdfNaira(toKobo(amount));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '15 Jan 2026' for a YYYY-MM-DD date or an ISO timestamp (the UTC day). */
export function longDate(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const methodName = (id: number) => CALCULATION_METHODS.find((m) => m.id === id)?.name ?? `Method ${id}`;
const percent = (value: number) => `${Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/**
 * The penal charge the loan took from its setup, in the setup's unit (a loan stored before loans carried the unit: the
 * bare number).
 */
export function penalCharge(loan: Pick<LoanFormLoan, 'penal_charge' | 'penal_type'>): string {
  if (!loan.penal_charge || loan.penal_type === 'None') return 'None';
  if (loan.penal_type === 'Percentage') return percent(loan.penal_charge);
  if (loan.penal_type === 'Flat') return naira(loan.penal_charge);
  return String(loan.penal_charge);
}

/**
 * The file name the spec gives the download: member name, product name and '-form.pdf'. The file
 * response's header makes any name safe (`contentDisposition`, functions/core/file-names.ts).
 */
export const loanFormFileName = (loan: Pick<LoanView, 'member' | 'product'>): string =>
  `${loan.member.name} ${loan.product.name}-form.pdf`;

const SCHEDULE_COLUMNS: Column[] = [
  { title: 'S/N', width: 30, align: 'left' },
  { title: 'Payment date', width: 78, align: 'left' },
  { title: 'Principal', width: 85, align: 'right' },
  { title: 'Interest', width: 80, align: 'right' },
  { title: 'Payment', width: 85, align: 'right' },
  { title: 'Balance', width: 88, align: 'right' },
  { title: 'Paid', width: CONTENT_WIDTH - 446, align: 'right' },
];

const SURETY_COLUMNS: Column[] = [
  { title: 'Surety', width: 230, align: 'left' },
  { title: 'Member number', width: 140, align: 'left' },
  { title: 'Answer', width: CONTENT_WIDTH - 370, align: 'left' },
];

function scheduleSummary(loan: LoanFormLoan): [string, string][] {
  const rows = loan.schedule;
  const first = rows[0];
  const last = rows.at(-1);
  const sum = (pick: (r: ScheduleRowView) => number) => toNairaSum(rows.map(pick));
  const paid = rows.filter((r) => r.is_paid === SCHEDULE_LINE_STATUS.PAID).length;
  return [
    ['Installments', String(rows.length)],
    ['Installments paid', String(paid)],
    ['First payment', first ? `${longDate(first.payment_month)}: ${naira(first.payment)}` : '-'],
    ['Last payment', last ? `${longDate(last.payment_month)}: ${naira(last.payment)}` : '-'],
    ['Monthly installment', first ? naira(first.payment) : '-'],
    ['Total principal', naira(sum((r) => r.principal))],
    ['Total interest', naira(sum((r) => r.interest))],
    ['Total repayment', naira(sum((r) => r.payment))],
  ];
}

/** Adds naira amounts exactly (in kobo). */
function toNairaSum(amounts: number[]): number {
  return toNaira(amounts.reduce((total, amount) => total + toKobo(amount), 0));
}

/** The loan form as PDF bytes. */
export async function buildLoanFormPdf(input: LoanFormInput): Promise<Buffer> {
  const { loan, cooperativeName } = input;
  const printedAt = input.printedAt ?? new Date().toISOString();
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(printable(`${loan.member.name} ${loan.product.name} loan form`, regular));
  doc.setAuthor(printable(cooperativeName, regular));
  doc.setSubject(`Loan ${loan.id}`);
  doc.setCreator('CoopLedger');
  doc.setProducer('CoopLedger');
  doc.setCreationDate(new Date(printedAt));

  const layout = new Layout(doc, regular, bold);

  // Letterhead
  layout.text(cooperativeName, MARGIN, { font: bold, size: 16 });
  layout.y -= 20;
  layout.text('Loan Form', MARGIN, { font: bold, size: 12, color: MUTED });
  layout.text(`Printed ${longDate(printedAt)}`, MARGIN, { size: SMALL, color: MUTED, align: 'right' });
  layout.y -= 8;
  layout.rule();
  layout.y -= LINE;

  layout.heading('Member');
  layout.fields([
    ['Name', loan.member.name],
    ['Member number', loan.member_id],
  ]);

  const status = statusLabel(LOAN_STATUS_LABELS, loan.status, String(loan.status));
  layout.heading('Loan');
  layout.fields([
    ['Product', loan.product.name],
    ['Reference', loan.id],
    ['Application date', longDate(loan.date)],
    [
      'Status',
      loan.status === LOAN_STATUS.APPROVED
        ? `${status} (${statusLabel(LOAN_REPAYMENT_STATUS_LABELS, loan.is_paid, String(loan.is_paid))})`
        : status,
    ],
    ['Approved on', loan.approved_at ? longDate(loan.approved_at) : '-'],
    ['Source', loan.source],
    ['Repayment type', loan.repayment_type],
    ['First payment date', longDate(loan.payment_start_date)],
  ]);

  layout.heading('Amounts');
  layout.fields([
    ['Loan amount', naira(loan.loan_amount)],
    ['Interest', naira(loan.total_interest)],
    ['Total repayable', naira(loan.total_amount)],
    ['Balance', naira(loan.loan_balance)],
    ['Charge', naira(loan.charge_amount)],
    [
      'Upfront interest',
      loan.upfront > 0
        ? `${naira(toNaira(percentOf(toKobo(loan.loan_amount), loan.upfront)))} (${percent(loan.upfront)})`
        : naira(0),
    ],
  ]);

  layout.heading('Terms');
  layout.fields([
    ['Interest rate', `${percent(loan.interest_rate)} per annum`],
    ['Tenure', `${loan.tenure} ${loan.tenure_type}`],
    ['Penal charge', penalCharge(loan)],
  ]);
  layout.fields([['Calculation method', methodName(loan.calculation_method_id)]], 1);

  layout.heading('Sureties');
  if (loan.sureties.length === 0) {
    layout.text('No sureties', MARGIN, { color: MUTED });
    layout.y -= LINE;
  } else {
    layout.table(
      SURETY_COLUMNS,
      loan.sureties.map((s) => [
        s.member.name,
        s.member_id,
        statusLabel(SURETY_STATUS_LABELS, s.status, String(s.status)),
      ]),
    );
  }

  layout.heading(
    loan.status === LOAN_STATUS.APPROVED ? 'Repayment schedule' : 'Repayment schedule (as it would be on approval)',
  );
  layout.fields(scheduleSummary(loan));
  if (loan.schedule.length > MAX_SCHEDULE_ROWS) {
    layout.y -= 4;
    layout.text(
      `The schedule has ${loan.schedule.length} installments; the summary above stands for the rows.`,
      MARGIN,
      { size: SMALL, color: MUTED },
    );
    layout.y -= LINE;
  } else if (loan.schedule.length > 0) {
    layout.y -= 6;
    layout.table(
      SCHEDULE_COLUMNS,
      loan.schedule.map((r, i) => [
        String(i + 1),
        longDate(r.payment_month),
        naira(r.principal),
        naira(r.interest),
        naira(r.payment),
        naira(r.balance),
        r.is_paid === SCHEDULE_LINE_STATUS.PAID ? 'Yes' : 'No',
      ]),
    );
  }

  // Signatures
  layout.ensure(LINE * 4);
  layout.y -= LINE * 2.5;
  const half = CONTENT_WIDTH / 2;
  for (const [i, label] of ["Applicant's signature and date", 'For the cooperative: signature and date'].entries()) {
    const x = MARGIN + i * half;
    layout.page.drawLine({
      start: { x, y: layout.y + LINE },
      end: { x: x + half - 24, y: layout.y + LINE },
      thickness: 0.6,
      color: INK,
    });
    layout.text(label, x, { size: SMALL, color: MUTED, width: half - 24 });
  }

  drawFooters(layout, `${cooperativeName} - loan form of ${loan.member.name} (${loan.member_id})`);

  return Buffer.from(await doc.save());
}

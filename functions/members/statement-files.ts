import { PDFDocument } from 'pdf-lib';
import type { PDFImage } from 'pdf-lib';
import type { KoboSum } from '@coopledger/shared/money';
import { nairaFigure } from '@coopledger/shared/money';
import type { Column } from '#core/pdf-layout';
import { CONTENT_WIDTH, LINE, Layout, MARGIN, MUTED, SMALL, drawFooters, hexRgb } from '#core/pdf-layout';
import { embedNairaFonts } from '#core/pdf-fonts';
import type { TableColumn } from '#core/workbook';
import { NAIRA_FORMAT, tablesWorkbook } from '#core/workbook';
import { sniffImage } from '#core/stored-files';
import { longDate } from '../loanforms/loan-form-pdf.ts';
import type { MemberStatement } from './statement.ts';

/**
 * The member statement's files (functions/members/statement.ts gathers the figures): a PDF on A4
 * pages in DejaVu Sans (core/pdf-fonts.ts), so amounts carry the naira sign, headed by a band of the
 * cooperative's primary colour with its logo; and an .xlsx workbook whose amounts are numbers in
 * naira with a naira number format.
 */

export const PDF = 'application/pdf';

/** 'statement-DEMO0001-2026-01-01-to-2026-11-27.pdf'. */
export const statementFileName = (s: MemberStatement, format: 'pdf' | 'xlsx') =>
  `statement-${s.member.number}-${s.period.start}-to-${s.period.end}.${format}`;

const periodText = (s: MemberStatement) => `${longDate(s.period.start)} to ${longDate(s.period.end)}`;

const TRANSACTION_COLUMNS: Column[] = [
  { title: 'Date', width: 62, align: 'left' },
  { title: 'Description', width: CONTENT_WIDTH - 62 - 3 * 82, align: 'left' },
  { title: 'Debit', width: 82, align: 'right' },
  { title: 'Credit', width: 82, align: 'right' },
  { title: 'Balance', width: 82, align: 'right' },
];

const REPAYMENT_COLUMNS: Column[] = [
  { title: 'Date', width: 62, align: 'left' },
  { title: 'Reference', width: 120, align: 'left' },
  { title: 'How paid', width: CONTENT_WIDTH - 62 - 120 - 96, align: 'left' },
  { title: 'Amount', width: 96, align: 'right' },
];

const DIVIDEND_COLUMNS: Column[] = [
  { title: 'Paid on', width: 62, align: 'left' },
  { title: 'Dividend', width: CONTENT_WIDTH - 62 - 80 - 96, align: 'left' },
  { title: 'Paid into', width: 80, align: 'left' },
  { title: 'Amount', width: 96, align: 'right' },
];

async function embedLogo(doc: PDFDocument, logo: Buffer | undefined): Promise<PDFImage | undefined> {
  const image = logo && sniffImage(logo);
  if (!logo || !image) return undefined;
  try {
    return image.extension === 'png' ? await doc.embedPng(logo) : await doc.embedJpg(logo);
  } catch {
    return undefined; // a logo pdf-lib cannot read: the band without it
  }
}

/** The statement as PDF bytes. */
export async function statementPdf(s: MemberStatement): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Statement of ${s.member.name} (${s.member.number})`);
  doc.setCreator('CoopLedger');
  const { regular, bold } = await embedNairaFonts(doc);
  const layout = new Layout(doc, regular, bold, { accent: hexRgb(s.cooperative.primary_color) });
  const naira = (kobo: KoboSum) => layout.naira(kobo);
  const blank = (kobo: KoboSum) => (kobo === 0n ? '' : naira(kobo));

  layout.banner(s.cooperative.name, `Member statement, ${periodText(s)}`, await embedLogo(doc, s.cooperative.logo));
  layout.heading('Member');
  layout.fields([
    ['Name', s.member.name],
    ['Member number', s.member.number],
    ['Staff ID', s.member.staff_id || '-'],
    ['Department', s.member.department || '-'],
    ['Email', s.member.email || '-'],
    ['Phone', s.member.phone || '-'],
  ]);

  layout.heading('Summary');
  layout.fields(
    [
      ['Savings at the end', naira(s.totals.savings_closing)],
      ['Loans outstanding', naira(s.totals.loans_outstanding)],
      ['Dividends paid', naira(s.totals.dividends_paid)],
    ],
    1,
  );

  for (const plan of s.plans) {
    layout.heading(`Savings: ${plan.product_name}`);
    const rows = [
      [longDate(s.period.start), 'Opening balance', '', '', naira(plan.opening)],
      ...plan.lines.map((l) => [
        longDate(l.date),
        l.reference ? `${l.description} (${l.reference})` : l.description,
        blank(l.debit),
        blank(l.credit),
        naira(l.balance),
      ]),
      [longDate(s.period.end), 'Closing balance', '', '', naira(plan.closing)],
    ];
    layout.table(TRANSACTION_COLUMNS, rows);
  }
  if (s.plans.length === 0) {
    layout.heading('Savings');
    layout.text('No savings plans in the period.', MARGIN, { color: MUTED, size: SMALL });
    layout.y -= LINE;
  }

  for (const loan of s.loans) {
    layout.heading(`Loan: ${loan.product_name}`);
    layout.fields([
      ['Disbursed', longDate(loan.disbursed_on)],
      ['Principal', naira(loan.principal)],
      ['Balance at the start', naira(loan.opening)],
      ['Balance at the end', naira(loan.closing)],
    ]);
    if (loan.disbursed_in_period)
      layout.fields([['Disbursed in period', `${naira(loan.total_amount)} owed with interest`]], 1);
    if (loan.repayments.length > 0)
      layout.table(
        REPAYMENT_COLUMNS,
        loan.repayments.map((r) => [longDate(r.date), r.reference, r.how, naira(r.amount)]),
      );
    else {
      layout.ensure(LINE);
      layout.text('No repayments in the period.', MARGIN, { color: MUTED, size: SMALL });
      layout.y -= LINE;
    }
  }

  layout.heading('Dividends paid');
  if (s.dividends.length > 0)
    layout.table(
      DIVIDEND_COLUMNS,
      s.dividends.map((d) => [longDate(d.paid_on), d.description, d.paid_into, naira(d.amount)]),
    );
  else {
    layout.text('No dividends paid in the period.', MARGIN, { color: MUTED, size: SMALL });
    layout.y -= LINE;
  }

  drawFooters(
    layout,
    `${s.cooperative.name}: statement of ${s.member.name} (${s.member.number}), ${periodText(s)}; printed ${longDate(s.generated_at)}`,
  );
  return Buffer.from(await doc.save());
}

type Row = (string | number)[];

/** Money for a money column (which writes it as a number in naira, shown with the sheet's naira format). */
const money = (kobo: KoboSum) => nairaFigure(kobo);

const columns = (headers: readonly (readonly [string, number, boolean?])[]): TableColumn<Row>[] =>
  headers.map(([header, width, isMoney], i) => ({ header, width, value: (row) => row[i], money: isMoney }));

/** The statement as an .xlsx workbook: Summary, Savings, Loans, Repayments and Dividends sheets. */
export function statementWorkbook(s: MemberStatement): Promise<Buffer> {
  const summary: Row[] = [
    ['Cooperative', s.cooperative.name, ''],
    ['Period start', s.period.start, ''],
    ['Period end', s.period.end, ''],
    ['Name', s.member.name, ''],
    ['Member number', s.member.number, ''],
    ['Staff ID', s.member.staff_id, ''],
    ['Department', s.member.department, ''],
    ['Email', s.member.email, ''],
    ['Phone', s.member.phone, ''],
    ...s.plans.map((p): Row => ['Savings closing balance', p.product_name, money(p.closing)]),
    ['Savings closing total', '', money(s.totals.savings_closing)],
    ...s.loans.map((l): Row => ['Loan outstanding', l.product_name, money(l.closing)]),
    ['Loans outstanding total', '', money(s.totals.loans_outstanding)],
    ['Dividends paid', '', money(s.totals.dividends_paid)],
  ];
  const savings: Row[] = s.plans.flatMap((p): Row[] => [
    [p.product_name, s.period.start, '', 'Opening balance', '', '', money(p.opening)],
    ...p.lines.map((l): Row => [
      p.product_name,
      l.date,
      l.reference,
      l.description,
      l.debit === 0n ? '' : money(l.debit),
      l.credit === 0n ? '' : money(l.credit),
      money(l.balance),
    ]),
    [p.product_name, s.period.end, '', 'Closing balance', '', '', money(p.closing)],
  ]);
  const loans: Row[] = s.loans.map((l) => [
    l.product_name,
    l.disbursed_on,
    money(l.principal),
    money(l.opening),
    money(l.closing),
  ]);
  const repayments: Row[] = s.loans.flatMap((l) =>
    l.repayments.map((r): Row => [l.product_name, r.date, r.reference, r.how, money(r.amount)]),
  );
  const dividends: Row[] = s.dividends.map((d) => [d.paid_on, d.description, d.paid_into, money(d.amount)]);
  return tablesWorkbook(
    [
      {
        name: 'Summary',
        columns: columns([
          ['Item', 28],
          ['Value', 34],
          ['Amount', 18, true],
        ]),
        rows: summary,
      },
      {
        name: 'Savings',
        columns: columns([
          ['Plan', 22],
          ['Date', 12],
          ['Reference', 22],
          ['Description', 44],
          ['Debit', 16, true],
          ['Credit', 16, true],
          ['Balance', 16, true],
        ]),
        rows: savings,
      },
      {
        name: 'Loans',
        columns: columns([
          ['Loan', 22],
          ['Disbursed', 12],
          ['Principal', 16, true],
          ['Balance at start', 18, true],
          ['Balance at end', 18, true],
        ]),
        rows: loans,
      },
      {
        name: 'Repayments',
        columns: columns([
          ['Loan', 22],
          ['Date', 12],
          ['Reference', 22],
          ['How paid', 30],
          ['Amount', 16, true],
        ]),
        rows: repayments,
      },
      {
        name: 'Dividends',
        columns: columns([
          ['Paid on', 12],
          ['Dividend', 36],
          ['Paid into', 12],
          ['Amount', 16, true],
        ]),
        rows: dividends,
      },
    ],
    { title: `Statement of ${s.member.name} (${s.member.number})`, creator: 'CoopLedger', moneyFormat: NAIRA_FORMAT },
  );
}

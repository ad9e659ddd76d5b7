import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedNairaFonts } from '#core/pdf-fonts';
import { fontNaira, hasNairaSign } from '#core/pdf-layout';
import { newWorkbook } from '#core/workbook';
import type { MemberTransaction } from '../savings/member-transaction-entity.ts';
import { statementPdf, statementWorkbook } from './statement-files.ts';
import type { MemberStatement } from './statement.ts';
import { LOAN_STATUS } from '@coopledger/shared/statuses';
import type { LoanRecord } from '../loans/loan-store.ts';
import type { LoanOffsetRecord } from '../loans/offset-entity.ts';
import { loanStatement, planStatement, statementRequest } from './statement.ts';

const txn = (
  id: string,
  type_name: string,
  amount: number,
  transaction_date: string,
  savings_id = 'P1',
): MemberTransaction => ({
  id,
  reference_no: `REF-${id}`,
  type: { name: type_name },
  type_name,
  description: `${type_name} ${id}`,
  amount,
  transaction_date,
  savings_id,
  product_name: 'Regular Savings',
  member_id: 'M1',
  created_at: `${transaction_date}T10:00:00Z`,
});

describe('a plan on a statement', () => {
  it('works the opening and closing balances back from the current balance', () => {
    // Today the plan holds 10,000 + 5,000 - 2,000 + 1,000 (after the period) = 14,000 naira.
    const transactions = [
      txn('02', 'DEPOSIT', 500_000, '2026-03-01'),
      txn('03', 'WITHDRAWAL', 200_000, '2026-04-01'),
      txn('04', 'DEPOSIT', 100_000, '2026-06-01'),
      txn('05', 'DEPOSIT', 999_900, '2026-03-02', 'OTHER'),
    ];
    const s = planStatement({ id: 'P1', product_name: 'Regular Savings', balance: 1_400_000 }, transactions, {
      start: '2026-02-01',
      end: '2026-05-31',
    });
    expect(s.opening).toBe(1_000_000n);
    expect(s.lines.map((l) => [l.date, l.debit, l.credit, l.balance])).toEqual([
      ['2026-03-01', 0n, 500_000n, 1_500_000n],
      ['2026-04-01', 200_000n, 0n, 1_300_000n],
    ]);
    expect(s.closing).toBe(1_300_000n);
  });
});

describe('a loan on a statement', () => {
  it('works its balances back from the current balance through repayments and offsets', () => {
    // 120,000 at 12% flat over 12 months (134,400 owed), disbursed 10 January. Payroll repays 11,200
    // on 28 Feb, 31 Mar and 30 Jun; an offset of 20,000 by bank on 15 April took the balance from
    // 112,000 to 90,000 (its restructure recomputed the interest). Balance now:
    // 134,400 - 11,200 - 11,200 - 22,000 - 11,200 = 78,800.
    const loan = {
      id: 'L1',
      product_name: 'Car loan',
      status: LOAN_STATUS.APPROVED,
      approved_at: '2026-01-10T09:00:00Z',
      date: '2026-01-05',
      loan_amount: 12_000_000,
      total_amount: 13_440_000,
      loan_balance: 7_880_000,
    } as LoanRecord;
    const repaid = (id: string, date: string) => ({
      ...txn(id, 'LOAN_REPAYMENT', 1_120_000, date, ''),
      loan_id: 'L1',
    });
    const transactions = [
      repaid('R1', '2026-02-28'),
      repaid('R2', '2026-03-31'),
      { ...txn('O1', 'LOAN_OFFSET', 2_000_000, '2026-04-15', ''), loan_id: 'L1', offset_id: 'OFF1' },
      repaid('R3', '2026-06-30'),
      { ...txn('X', 'LOAN_REPAYMENT', 5_000_000, '2026-04-01', ''), loan_id: 'OTHER' },
    ];
    const offsets = new Map([
      ['OFF1', { id: 'OFF1', initial_loan_amount: 11_200_000, new_loan_amount: 9_000_000 } as LoanOffsetRecord],
    ]);
    const s = loanStatement(loan, transactions, offsets, { start: '2026-03-01', end: '2026-05-31' });
    expect(s).toMatchObject({
      disbursed_on: '2026-01-10',
      disbursed_in_period: false,
      principal: 12_000_000n,
      // Before 31 March's repayment: 134,400 - 11,200.
      opening: 12_320_000n,
      // After the offset, before 30 June's repayment.
      closing: 9_000_000n,
    });
    expect(s?.repayments.map((r) => [r.date, r.amount, r.how])).toEqual([
      ['2026-03-31', 1_120_000n, 'Payroll deduction'],
      ['2026-04-15', 2_000_000n, 'Offset by bank'],
    ]);
    // Disbursed after a period: not on it.
    expect(loanStatement(loan, transactions, offsets, { start: '2025-01-01', end: '2026-01-09' })).toBeUndefined();
  });
});

describe('the statement request', () => {
  it('wants two calendar dates in order, at most five years apart, and pdf or xlsx', () => {
    const fields = (query: Record<string, string>) => {
      try {
        statementRequest(query);
        return undefined;
      } catch (error) {
        return (error as { fields?: Record<string, string> }).fields;
      }
    };
    expect(fields({ end_date: '2026-01-01' })).toEqual({ start_date: 'This field is required' });
    expect(fields({ start_date: '2026-02-30', end_date: '2026-03-01' })).toHaveProperty('start_date');
    expect(fields({ start_date: '2026-03-02', end_date: '2026-03-01' })).toHaveProperty('end_date');
    expect(fields({ start_date: '2020-01-01', end_date: '2025-01-01' })).toHaveProperty('end_date');
    expect(fields({ start_date: '2020-01-02', end_date: '2025-01-01' })).toBeUndefined();
    expect(fields({ start_date: '2026-01-01', end_date: '2026-02-01', format: 'doc' })).toHaveProperty('format');
    expect(fields({ start_date: '2026-01-01', end_date: '2999-02-01' })).toHaveProperty('end_date');
  });
});

const statement: MemberStatement = {
  cooperative: { name: 'Ọ̀yọ́ Teachers Cooperative', primary_color: '#336699' },
  member: {
    name: 'Adaeze Okafor',
    number: 'TST0001',
    staff_id: 'ST-9',
    department: 'Engineering',
    email: 'ada@example.com',
    phone: '08012345678',
  },
  period: { start: '2026-02-01', end: '2026-05-31' },
  plans: [
    {
      id: 'P1',
      product_name: 'Regular Savings',
      opening: 1_000_000n,
      lines: [
        {
          date: '2026-03-01',
          reference: 'DEP-1',
          description: 'Deposit',
          debit: 0n,
          credit: 123_456n,
          balance: 1_123_456n,
        },
      ],
      closing: 1_123_456n,
    },
  ],
  loans: [
    {
      id: 'L1',
      product_name: 'Car loan',
      disbursed_on: '2026-01-10',
      principal: 12_000_000n,
      total_amount: 13_440_000n,
      disbursed_in_period: false,
      opening: 13_440_000n,
      repayments: [{ date: '2026-03-15', reference: 'PAY-1', amount: 1_120_000n, how: 'Payroll deduction' }],
      closing: 12_320_000n,
    },
  ],
  dividends: [],
  totals: { savings_closing: 1_123_456n, loans_outstanding: 12_320_000n, dividends_paid: 0n },
  generated_at: '2026-06-01T10:00:00Z',
};

/** The Unicode values the ToUnicode maps of a PDF's embedded fonts name: the characters their subsets draw. */
function mappedCharacters(doc: PDFDocument): Set<number> {
  const found = new Set<number>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let text: string;
    try {
      text = inflateSync(object.contents).toString('latin1');
    } catch {
      continue;
    }
    if (!text.includes('beginbfchar')) continue;
    // One line per glyph: '<glyph id> <UTF-16BE of what it draws>' (a ligature draws two characters).
    for (const m of text.matchAll(/^<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>$/gm))
      for (const char of Buffer.from(m[1], 'hex').swap16().toString('utf16le')) found.add(char.codePointAt(0)!);
  }
  return found;
}

describe('the statement PDF', () => {
  it('embeds DejaVu Sans and draws amounts with the naira sign', async () => {
    const pdf = await statementPdf(statement);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe('Statement of Adaeze Okafor (TST0001)');
    // The font descriptors of the two embedded TrueType subsets (inside compressed object streams).
    const descriptors = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && object.has(PDFName.of('FontFile2')));
    expect(descriptors.map((d) => d.get(PDFName.of('FontName'))?.toString())).toEqual([
      expect.stringMatching(/^\/DejaVuSans-\d+$/),
      expect.stringMatching(/^\/DejaVuSans-Bold-\d+$/),
    ]);
    const drawn = mappedCharacters(doc);
    expect(drawn.has(0x20a6)).toBe(true);
    expect(drawn.has('Ọ'.codePointAt(0)!)).toBe(true);
  });

  it('prints ₦ with the embedded font and NGN with a standard one', async () => {
    const doc = await PDFDocument.create();
    const { regular } = await embedNairaFonts(doc);
    const helvetica = await doc.embedFont(StandardFonts.Helvetica);
    expect(hasNairaSign(regular)).toBe(true);
    expect(fontNaira(regular, 123_456n)).toBe('₦1,234.56');
    expect(fontNaira(helvetica, 123_456n)).toBe('NGN 1,234.56');
  });
});

describe('the statement workbook', () => {
  it('holds amounts as naira numbers with the naira format', async () => {
    const workbook = newWorkbook();
    await workbook.xlsx.load((await statementWorkbook(statement)) as unknown as ArrayBuffer);
    const savings = workbook.getWorksheet('Savings')!;
    expect(savings.getRow(3).values).toEqual([
      undefined,
      'Regular Savings',
      '2026-03-01',
      'DEP-1',
      'Deposit',
      '',
      1234.56,
      11234.56,
    ]);
    expect(savings.getColumn(7).numFmt).toBe('"₦"#,##0.00;-"₦"#,##0.00');
    const loans = workbook.getWorksheet('Loans')!;
    expect(loans.getRow(2).values).toEqual([undefined, 'Car loan', '2026-01-10', 120000, 134400, 123200]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildSchedule } from '@coopledger/shared/loan-schedule';
import { toNaira } from '@coopledger/shared/money';
import type { LoanFormLoan } from './loan-form-pdf.ts';
import { contentDisposition } from '#core/file-names';
import { MAX_SCHEDULE_ROWS, buildLoanFormPdf, loanFormFileName, longDate, naira } from './loan-form-pdf.ts';
import { loanFormText } from './pdf-text.ts';
import { MAX_LOAN_FORM_BYTES, NOT_A_PDF, NO_FILE, TOO_LARGE, baseName, checkLoanForm } from './uploads.ts';

/** A loan as GET /cooperative/loans/single shows it, with its schedule from the engine. */
function loanOf(months: number, changes: Partial<LoanFormLoan> = {}): LoanFormLoan {
  const schedule = buildSchedule({
    principal: 120_000_00,
    annualRatePercent: 12,
    tenure: months,
    tenureUnit: 'month',
    method: 3,
    firstPaymentDate: '2026-01-31',
  });
  return {
    id: '01JLOANFORMTEST',
    member_id: 'DEMO0001',
    member: { id: 'DEMO0001', name: 'Adébáyọ̀ Okafor', firstname: 'Adébáyọ̀', lastname: 'Okafor' },
    product: { id: 'P1', name: 'Personal Loan' },
    loan_product_id: 'P1',
    loan_amount: 120_000,
    total_interest: toNaira(schedule.totals.interest),
    total_amount: toNaira(schedule.totals.payment),
    loan_balance: toNaira(schedule.totals.payment),
    tenure: months,
    tenure_type: 'Month(s)',
    interest_rate: 12,
    calculation_method_id: 3,
    charge_id: 'C1',
    charge_amount: 1_200,
    penal_charge: 0,
    penal_type: 'None',
    upfront: 2.5,
    // 2.5% of 120,000 = 3,000; 120,000 - 1,200 - 3,000 = 115,800.
    upfront_amount: 3_000,
    paid_out: 115_800,
    source: 'Internal',
    repayment_type: 'Salary',
    payment_start_date: '2026-01-31',
    date: '2026-01-02',
    status: 1,
    is_paid: 0,
    bank_id: 'B1',
    created_by: 'DEMO0001',
    first_approval: null,
    approved_by: 'DEMO-ADMIN',
    approved_at: '2026-01-05T09:30:00.000Z',
    created_at: '2026-01-02T10:00:00.000Z',
    sureties: [
      { id: 'S1', member_id: 'DEMO0002', member: { id: 'DEMO0002', name: 'Bola Ade' }, status: 1 },
      { id: 'S2', member_id: 'DEMO0003', member: { id: 'DEMO0003', name: 'Chidi Eze' }, status: 2 },
    ],
    schedule: schedule.rows.map((r, i) => ({
      payment_month: r.payment_month,
      principal: toNaira(r.principal),
      interest: toNaira(r.interest),
      payment: toNaira(r.payment),
      balance: toNaira(r.balance),
      is_paid: i < 2 ? 1 : 0,
    })),
    ...changes,
  };
}

const pagesOf = (text: string[]) =>
  Number(/^Page 1 of (\d+)$/.exec(text.find((t) => t.startsWith('Page 1 of')) ?? '')?.[1]);

describe('buildLoanFormPdf', () => {
  it("prints the cooperative, the member, the product, amounts, terms, status and the sureties' answers", async () => {
    // Act
    const pdf = await buildLoanFormPdf({
      cooperativeName: 'Demo Cooperative',
      loan: loanOf(12),
      printedAt: '2026-02-01T08:00:00.000Z',
    });
    const text = loanFormText(pdf);

    // Assess
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(text).toEqual(
      expect.arrayContaining([
        'Demo Cooperative',
        'Loan Form',
        'Printed 1 Feb 2026',
        // The font has é but not ọ or the combining grave accent: they are simplified, not dropped as '?'.
        'Adébáyo Okafor',
        'DEMO0001',
        'Personal Loan',
        'Approved (Running)',
        '5 Jan 2026',
        'NGN 120,000.00',
        'NGN 1,200.00',
        'NGN 3,000.00 (2.5%)',
        '12% per annum',
        '12 Month(s)',
        'Reducing Balance (Equal Principal)',
        'Bola Ade',
        'Approved',
        'Chidi Eze',
        'Denied',
        'Page 1 of 1',
      ]),
    );
    // 1% a month on 120,000, 110,000 ... 10,000: ₦7,800 of interest.
    expect(text).toContain(naira(7_800));
    expect(text).toContain(naira(127_800));
  });

  it('prints every schedule row with its paid mark, and the summary: first and last payment, installment, totals', async () => {
    const loan = loanOf(12);
    const text = loanFormText(await buildLoanFormPdf({ cooperativeName: 'Demo Cooperative', loan }));

    expect(text).toEqual(expect.arrayContaining(['Installments', '12', 'Installments paid', '2']));
    expect(text).toContain(`31 Jan 2026: ${naira(11_200)}`); // ₦10,000 principal + ₦1,200 interest
    expect(text).toContain(`31 Dec 2026: ${naira(10_100)}`);
    for (const row of loan.schedule) expect(text).toContain(longDate(row.payment_month));
    expect(text.filter((t) => t === 'Yes')).toHaveLength(2);
    expect(text.filter((t) => t === 'No')).toHaveLength(10);
  });

  it('runs a long schedule onto more pages, repeating the table header, up to the row limit', async () => {
    const short = await buildLoanFormPdf({ cooperativeName: 'Demo Cooperative', loan: loanOf(12) });
    const long = await buildLoanFormPdf({ cooperativeName: 'Demo Cooperative', loan: loanOf(MAX_SCHEDULE_ROWS) });
    const text = loanFormText(long);

    expect(long.length).toBeGreaterThan(short.length);
    expect(pagesOf(text)).toBeGreaterThanOrEqual(3);
    expect(text).toContain(String(MAX_SCHEDULE_ROWS));
    // The table header on each page the rows run onto.
    const headers = text.filter((t) => t === 'Payment date').length;
    expect(headers).toBeGreaterThanOrEqual(3);
    expect(headers).toBeLessThanOrEqual(pagesOf(text));
  });

  it('summarises a schedule longer than the limit without its rows', async () => {
    const loan = loanOf(MAX_SCHEDULE_ROWS + 1);
    const text = loanFormText(await buildLoanFormPdf({ cooperativeName: 'Demo Cooperative', loan }));

    expect(text).toContain(
      `The schedule has ${MAX_SCHEDULE_ROWS + 1} installments; the summary above stands for the rows.`,
    );
    expect(text).not.toContain('Payment date');
    expect(text).toContain(
      `${longDate(loan.schedule.at(-1)?.payment_month)}: ${naira(loan.schedule.at(-1)?.payment ?? 0)}`,
    );
  });

  it('says when the schedule is the one a pending loan would have', async () => {
    const text = loanFormText(
      await buildLoanFormPdf({
        cooperativeName: 'Demo Cooperative',
        loan: loanOf(6, { status: 0, approved_at: null }),
      }),
    );
    expect(text).toContain('Pending');
    expect(text).toContain('Repayment schedule (as it would be on approval)');
  });

  it('names the file after the member and the product, sent without characters a file name cannot hold', () => {
    expect(loanFormFileName(loanOf(1))).toBe('Adébáyọ̀ Okafor Personal Loan-form.pdf');
    const name = loanFormFileName({
      member: { id: 'X', name: 'Ada\tObi', firstname: 'Ada', lastname: 'Obi' },
      product: { id: 'P', name: 'Car/Bike "Loan"' },
    });
    // '/' is 2F and '"' 22 in the UTF-8 name, which browsers save with their own replacements.
    expect(contentDisposition(name)).toBe(
      `attachment; filename="Ada Obi Car_Bike _Loan_-form.pdf"; filename*=UTF-8''Ada%20Obi%20Car%2FBike%20%22Loan%22-form.pdf`,
    );
  });
});

describe('checkLoanForm', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  const file = (fileName: string, content: Buffer, fieldName = 'file') => ({
    [fieldName]: { fieldName, fileName, contentType: 'application/pdf', content },
  });

  it('takes one PDF, read from its first bytes', () => {
    expect(checkLoanForm(file('form.PDF', pdf)).content).toBe(pdf);
  });

  it.each([
    ['no file', {}, NO_FILE],
    ['a PNG renamed .pdf', file('form.pdf', png), NOT_A_PDF],
    ['a PDF named otherwise', file('form.txt', pdf), NOT_A_PDF],
    ['an empty file', file('form.pdf', Buffer.alloc(0)), NOT_A_PDF],
    ['two files', { ...file('a.pdf', pdf), ...file('b.pdf', pdf, 'other') }, NOT_A_PDF],
    ['a PDF over 5 MB', file('big.pdf', Buffer.concat([pdf, Buffer.alloc(MAX_LOAN_FORM_BYTES)])), TOO_LARGE],
  ])('refuses %s with a message on the file field', (_label, files, message) => {
    expect(() => checkLoanForm(files)).toThrow(
      expect.objectContaining({ statusCode: 422, message, fields: { file: message } }),
    );
  });

  it('keeps the file name without the folder a browser may send', () => {
    expect(baseName('C:\\Users\\ada\\loan form.pdf')).toBe('loan form.pdf');
    expect(baseName('forms/loan.pdf')).toBe('loan.pdf');
  });
});

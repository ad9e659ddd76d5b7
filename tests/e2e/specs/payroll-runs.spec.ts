import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import type { TestMember } from '../pages/member-detail-page';
import { MemberDetailPage, createMember } from '../pages/member-detail-page';
import { LoansApi, naira } from '../pages/loans-page';
import { saveScreenshot } from '../support/screenshots';
import { chooseOption } from '../support/select';
import { ACCOUNTS } from '../support/demo-accounts';

/**
 * Monthly payroll deductions end to end on the seeded DEMO cooperative. A fresh member with a
 * Regular Savings plan (5,000 a month) gets a Salary Personal Loan approved through the API
 * (120,000 at 12% flat over 12 months: 11,200 an installment). In the browser the admin downloads
 * the Salary payroll of the month of the loan's first installment, uploads it back, sees the run
 * complete with its totals and the member Paid in the reconciliation, and finds the loan balance
 * lower by the installment. An accountant is not offered the reversal; the admin reverses the run
 * and the loan balance is back where it was.
 *
 * The month is picked at random in last year: a payroll is uploaded once its period has begun, not
 * before DEMO's books open (1 January of last year), and a period and type can be posted once per
 * cooperative until reversed; no other spec's loans or plans have anything due then, and the
 * postings stay out of the reports' default period (this year). The uploaded file is the
 * downloaded one with only this member's row kept: the payroll lists every member of DEMO, and
 * posting their savings and loan arrears would change what other specs, running alongside, check.
 */
const PRODUCT = 'Personal Loan';
const SURETIES = ['DEMO0003', 'DEMO0004'] as const;
const CONTRIBUTION = 5000;
const INSTALLMENT = 11_200;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pad = (n: number) => String(n).padStart(2, '0');
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A month of last year: the loan's first installment is on its first day. */
function randomPeriod(): { start: string; end: string; typedStart: string; typedEnd: string } {
  const year = new Date().getFullYear() - 1;
  const month = 1 + Math.floor(Math.random() * 12);
  const last = new Date(year, month, 0).getDate();
  const start = `${year}-${pad(month)}-01`;
  const end = `${year}-${pad(month)}-${pad(last)}`;
  return { start, end, typedStart: start.replaceAll('-', '/'), typedEnd: end.replaceAll('-', '/') };
}

const period = randomPeriod();
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shown = (iso: string) => `${iso.slice(8, 10)} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
/** The period as the app shows it: '01 Nov 2026 – 30 Nov 2026'. */
const periodText = `${shown(period.start)} – ${shown(period.end)}`;

let request: APIRequestContext;
let admin: LoansApi;
let member: TestMember;
let loanId: string;
let bankLabel: string;

interface ApiLoanBalance {
  id: string;
  loan_balance: number;
}

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  admin = await LoansApi.signIn(request, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
  member = await createMember(request);
  bankLabel = await admin.bankLabel();
  const banks = await admin.call<{ data: { id: string; status: number }[] }>('GET', '/cooperative/bank-account', {
    query: { per_page: '100' },
  });
  const bank = banks.data.data.find((b) => Number(b.status) === 1);
  if (!bank) throw new Error('The DEMO cooperative has no active bank account');

  // A Regular Savings plan of 5,000 a month from the period's start that runs past it, with 50,000
  // in it (the loan's borrowing limit is a multiple of the savings).
  const products = await admin.call<{ data: { product_id: string; product: { name: string | null } }[] }>(
    'GET',
    '/cooperative/product-setup/savings',
    { query: { per_page: '100' } },
  );
  const regular = products.data.data.find((s) => s.product.name === 'Regular Savings');
  if (!regular) throw new Error('No Regular Savings setup');
  const plan = await admin.call<{ id: string }>('POST', '/cooperative/member/savings/add-plan', {
    body: {
      savings_product_id: regular.product_id,
      start_date: period.start,
      end_date: `${Number(period.start.slice(0, 4)) + 1}-12-31`,
      amount: String(CONTRIBUTION),
      credit_interest: 3,
      frequency: 'Monthly',
      coop_id: member.coopId,
    },
  });
  const order = await admin.call<{ id: string }>('POST', '/cooperative/transaction-order', {
    body: {
      savings_id: plan.data.id,
      amount: '50000',
      date: local(new Date()),
      payment_mode_id: 1,
      comment: 'Savings',
      description: 'Savings',
      transaction_type: 'DEPOSIT',
    },
  });
  await admin.call('POST', '/cooperative/transaction-order/approve', {
    body: { transaction_id: order.data.id, bank_id: bank.id },
  });

  // The Salary loan, its sureties' approvals and the disbursement.
  const charges = await admin.call<{ data: { id: string; name: string }[] }>('GET', '/cooperative/charge', {
    query: { per_page: '100' },
  });
  const loan = await admin.apply({
    loan_product_id: await admin.productId(PRODUCT),
    loan_amount: '120000',
    payment_start_date: period.start,
    date: local(new Date()),
    calculation_method_id: 1,
    charge_id: charges.data.data.find((c) => c.name === 'Loan Processing Fee')?.id,
    charge_amount: '0',
    surety1: SURETIES[0],
    surety2: SURETIES[1],
    tenure: 12,
    tenure_type: 'Month(s)',
    interest_rate: 12,
    source: 'Internal',
    repayment_type: 'Salary',
    coop_id: member.coopId,
  });
  loanId = loan.id;
  for (const surety of loan.sureties) {
    const api = await LoansApi.signIn(request, surety.member_id, 'password123');
    await api.answerSurety(surety.id, true);
  }
  await admin.call('POST', '/cooperative/member/loans/approve', { body: { loan_id: loan.id, bank_id: bank.id } });
});

test.afterAll(async () => {
  await request?.dispose();
});

async function loanBalance(): Promise<number> {
  const loans = await admin.call<{ data: ApiLoanBalance[] }>('GET', '/cooperative/member/loans', {
    query: { coop_id: member.coopId, per_page: '100' },
  });
  const loan = loans.data.data.find((l) => l.id === loanId);
  if (!loan) throw new Error(`The loan ${loanId} is not among ${member.coopId}'s loans`);
  return Number(loan.loan_balance);
}

/** The payroll screen's two forms, its run progress, its history and the reconciliation dialog. */
class PayrollRunsScreen {
  readonly download: Locator;
  readonly upload: Locator;
  readonly progress: Locator;
  readonly history: Locator;
  readonly reconciliation: Locator;

  constructor(readonly page: Page) {
    this.download = page.getByRole('form', { name: 'Download Monthly Payroll' });
    this.upload = page.getByRole('form', { name: 'Upload Monthly Payroll' });
    this.progress = page.locator('[data-testid="payroll-run-progress"]');
    this.history = page.getByRole('table', { name: 'Payroll runs' });
    this.reconciliation = page.getByRole('dialog', { name: /^Reconciliation/ });
  }

  /** The month picker fills in the month's first and last day. */
  async fillPeriod(form: Locator, type: 'Salary' | 'Others'): Promise<void> {
    await form.getByLabel('Month', { exact: true }).fill(period.typedStart.slice(0, 7));
    await expect(form.getByLabel('Start date', { exact: true })).toHaveValue(period.typedStart);
    await expect(form.getByLabel('End date', { exact: true })).toHaveValue(period.typedEnd);
    await this.choose(form, 'Repayment type', type);
  }

  async choose(form: Locator, label: string, option: string): Promise<void> {
    await chooseOption(form, label, option);
  }
}

/** Keeps the header and one member's row of the payroll sheet; returns that row's figures and the new file. */
async function onlyMemberRow(
  path: string,
  memberNo: string,
): Promise<{ totalDue: number; loanDue: number; deducted: number; file: Buffer }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Payroll');
  if (!sheet) throw new Error('The payroll file has no Payroll sheet');
  const header: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    header[col - 1] = cell.text;
  });
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`The payroll file has no ${name} column (${header.join(', ')})`);
    return index + 1;
  };
  const rows: number[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1 && row.getCell(column('Member No')).text === memberNo) rows.push(number);
  });
  expect(rows, `${memberNo} appears once in the payroll`).toHaveLength(1);
  const mine = sheet.getRow(rows[0] ?? 0);
  const figures = {
    totalDue: Number(mine.getCell(column('Total Due')).value),
    loanDue: Number(mine.getCell(column(`Loan: ${PRODUCT} Due`)).value),
    deducted: Number(mine.getCell(column('Amount Deducted')).value),
  };
  for (let number = sheet.rowCount; number > 1; number--) {
    if (number !== rows[0]) sheet.spliceRows(number, 1);
  }
  return { ...figures, file: Buffer.from(await book.xlsx.writeBuffer()) };
}

test.describe('payroll runs', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an admin downloads the month’s payroll, uploads it back, and the member’s loan is repaid by the installment', async ({
    page,
  }, testInfo) => {
    const before = await loanBalance();
    await new LoginPage(page).signInAs('coopAdmin');
    const screen = new PayrollRunsScreen(page);
    await page.goto('/monthly-deductions/payroll-runs');
    await expect(page.getByRole('heading', { level: 1, name: 'Payroll runs' })).toBeVisible();

    await test.step('the Important note folds away and can be dismissed', async () => {
      const note = page.getByText('Use the first and last day of the month as the start date and the end date.');
      await expect(note).toBeVisible();
      await page.getByRole('button', { name: 'Important note', exact: true }).click();
      await expect(note).toBeHidden();
      await page.getByRole('button', { name: 'Important note', exact: true }).click();
      await expect(note).toBeVisible();
      await page.getByRole('button', { name: 'Dismiss the important note' }).click();
      await expect(page.getByRole('button', { name: 'Important note', exact: true })).toHaveCount(0);
    });

    await test.step("an empty download gives the spec's messages", async () => {
      await screen.download.getByRole('button', { name: 'Download', exact: true }).click();
      await expect(screen.download.getByText('Please select a start date')).toBeVisible();
      await expect(screen.download.getByText('Please select an end date')).toBeVisible();
      await expect(screen.download.getByText('Please select repayment type')).toBeVisible();
    });

    const downloaded = testInfo.outputPath(`${period.start}-${period.end}-monthly-payroll.xlsx`);
    await test.step('the Salary payroll of the month downloads under its period', async () => {
      await screen.fillPeriod(screen.download, 'Salary');
      const download = page.waitForEvent('download');
      await screen.download.getByRole('button', { name: 'Download', exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${period.start}-${period.end}-monthly-payroll.xlsx`);
      await file.saveAs(downloaded);
    });

    const payroll = await onlyMemberRow(downloaded, member.coopId);
    // The month's contribution and the first installment; Amount Deducted comes filled with the Total Due.
    expect(payroll.loanDue).toBe(INSTALLMENT);
    expect(payroll.totalDue).toBe(CONTRIBUTION + INSTALLMENT);
    expect(payroll.deducted).toBe(payroll.totalDue);

    await test.step('an empty upload asks for the file and the bank account; the period is left to the file', async () => {
      await screen.upload.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(screen.upload.getByText('Please select a file to import')).toBeVisible();
      await expect(screen.upload.getByText('Please select bank account')).toBeVisible();
      await expect(screen.upload.getByText('Please select a start date')).toHaveCount(0);
    });

    await test.step('the chosen file names its period and type, shown to confirm', async () => {
      await screen.upload.locator('input[type="file"]').setInputFiles({
        name: `${period.start}-${period.end}-monthly-payroll.xlsx`,
        mimeType: XLSX,
        buffer: payroll.file,
      });
      // The file keeps one member's row.
      await expect(screen.upload.getByTestId('payroll-file-identity')).toContainText(
        `The Salary payroll for ${shown(period.start)} to ${shown(period.end)}, 1 member.`,
      );
      await expect(screen.upload.getByLabel('Start date', { exact: true })).toHaveValue(period.typedStart);
      await expect(screen.upload.getByLabel('End date', { exact: true })).toHaveValue(period.typedEnd);
    });

    await test.step('uploading the file with the bank account starts a run that completes with its totals', async () => {
      await screen.choose(screen.upload, 'Bank account', bankLabel);
      await screen.upload.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(screen.upload.getByText('Please select a file to import')).toHaveCount(0);
      // The upload answers once its workflow has started; the runtime's first start builds every
      // workflow definition (an in-process CDK synth), which takes seconds on a busy machine.
      await expect(screen.progress).toBeVisible({ timeout: 30_000 });
      await expect(screen.progress.getByText('Payroll posted')).toBeVisible({ timeout: 90_000 });
      const totals = screen.progress.locator('[aria-label="Run totals"]');
      await expect(totals).toContainText('Received');
      await expect(totals).toContainText(naira(payroll.totalDue));
      await expect(screen.history.getByRole('row').filter({ hasText: periodText }).first()).toContainText('Completed');
      await saveScreenshot(page, testInfo, 'payroll-run-completed');
    });

    await test.step('the reconciliation shows the member as Paid', async () => {
      await screen.progress.getByRole('button', { name: 'View reconciliation' }).click();
      await expect(screen.reconciliation).toBeVisible();
      // The received total is this member's deduction alone.
      await expect(screen.reconciliation.locator('[aria-label="Reconciliation summary"]')).toContainText(
        naira(payroll.totalDue),
      );
      // Every other member of DEMO with something due is Not in file; this member alone is Paid.
      await screen.reconciliation.getByRole('button', { name: /^Status/ }).click();
      await page.getByRole('option', { name: 'Paid', exact: true }).click();
      const row = screen.reconciliation
        .getByRole('table', { name: 'Reconciliation' })
        .getByRole('row')
        .filter({ hasText: member.coopId });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Paid');
      await expect(row).toContainText(naira(payroll.totalDue));
      await saveScreenshot(page, testInfo, 'payroll-reconciliation');
      await screen.reconciliation.getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect(screen.reconciliation).toBeHidden();
    });

    await test.step('the loan balance is lower by the installment', async () => {
      const after = before - INSTALLMENT;
      expect(await loanBalance()).toBe(after);
      const detail = new MemberDetailPage(page);
      await detail.open(member.coopId);
      await detail.tab('Loans').click();
      const row = page.getByRole('table', { name: 'Loan history' }).getByRole('row').filter({ hasText: PRODUCT });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(naira(after));
    });

    const runRow = () => screen.history.getByRole('row').filter({ hasText: periodText }).first();
    const openActions = () =>
      runRow()
        .getByRole('button', { name: /^Actions for the Salary payroll/ })
        .click();

    await test.step('an accountant sees the run but is not offered its reversal', async () => {
      await new AppShellPage(page).signOut();
      await new LoginPage(page).signInAs('accountant');
      await page.goto('/monthly-deductions/payroll-runs');
      await expect(runRow()).toContainText('Completed');
      await openActions();
      await expect(page.getByRole('menuitem', { name: 'View reconciliation', exact: true })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Reverse', exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');
    });

    await test.step('an admin reverses the run, and the loan balance is back where it was', async () => {
      await new AppShellPage(page).signOut();
      await new LoginPage(page).signInAs('coopAdmin');
      await page.goto('/monthly-deductions/payroll-runs');
      await openActions();
      await page.getByRole('menuitem', { name: 'Reverse', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Reverse payroll run' });
      await expect(dialog).toContainText(`Reverse the Salary payroll for ${periodText}?`);
      await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(screen.progress.getByText('Payroll reversed')).toBeVisible({ timeout: 90_000 });
      await expect(runRow()).toContainText('Reversed');
      expect(await loanBalance()).toBe(before);
    });
  });
});

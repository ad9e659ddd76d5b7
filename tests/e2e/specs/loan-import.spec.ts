import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AppShellPage } from '../pages/app-shell-page';
import { LoanApplicationsPage, naira } from '../pages/loans-page';
import { LoginPage } from '../pages/login-page';
import { createMember } from '../pages/member-detail-page';
import { saveScreenshot } from '../support/screenshots';

/**
 * Loan import on the seeded DEMO cooperative (its Personal Loan has an active setup): the admin
 * downloads the sample, imports a loan for a member created for the test, finds it among the loan
 * applications, and sees a bad file refused with its error report offered.
 */
const HEADER =
  'member,loan_product,loan_amount,interest_rate,tenure,tenure_type,calculation_method,payment_start_date,disbursement_date,amount_repaid';
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

test.describe('importing loan data', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an admin downloads the sample, imports a running loan and finds it among the loan applications', async ({
    page,
    request,
  }, testInfo) => {
    const member = await createMember(request);
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    await page.goto('/loans/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import Loan Data' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Sample' }).click();
    const sample = await download;
    expect(sample.suggestedFilename()).toBe('sample-loan-import.xlsx');
    const samplePath = testInfo.outputPath('sample-loan-import.xlsx');
    await sample.saveAs(samplePath);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(samplePath)) as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1).join(',')).toBe(HEADER);
    expect(book.worksheets[0].rowCount).toBe(3);

    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    await upload.click();
    await expect(shell.toast('Please select a file to import')).toBeVisible();

    // A loan disbursed today, repayments from next month, 5,000 already repaid.
    const now = new Date();
    const start = iso(new Date(now.getFullYear(), now.getMonth() + 1, 1));
    const amount = 60_000 + Math.floor(Math.random() * 30_000);
    const csv = `${HEADER}\r\n${member.coopId},Personal Loan,${amount},10,12,Month(s),1,${start},${iso(now)},5000\r\n`;
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'loans.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.click();
    await expect(page.getByText('Import complete: 1 loan(s) created, 0 already imported').first()).toBeVisible({
      timeout: 30_000,
    });
    await saveScreenshot(page, testInfo, 'loan-import-result');

    await page.getByRole('link', { name: 'See the loans in Loan applications' }).click();
    await expect(page).toHaveURL(/\/loans\/applications$/);
    const applications = new LoanApplicationsPage(page);
    await applications.search.fill(member.coopId);
    const row = applications.row(naira(amount));
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(member.name);
    await expect(row).toContainText('Personal Loan');
  });

  test('a bad file is refused and its error report is offered', async ({ page }) => {
    await new LoginPage(page).signInAs('coopAdmin');
    await page.goto('/loans/import');
    const csv = `${HEADER}\r\nNOSUCH999,Personal Loan,1000,10,12,Weeks,1,2026-02-01,2026-01-01,0\r\n`;
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bad-loans.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(/The import was refused \(invalid\)/).first()).toBeVisible({ timeout: 30_000 });
    const errors = page.getByRole('list', { name: 'Import errors' });
    await expect(errors).toContainText('Row 2, tenure_type: Enter Month(s) or Year(s)');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download error report' }).click();
    expect((await download).suggestedFilename()).toMatch(/^loan-import-report-.+\.xlsx$/);
  });
});

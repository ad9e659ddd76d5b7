import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AppShellPage } from '../pages/app-shell-page';
import { LoginPage } from '../pages/login-page';
import { createMember } from '../pages/member-detail-page';
import { saveScreenshot } from '../support/screenshots';

test.describe('importing savings data', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an admin downloads a sample, is told what is missing, and imports an opening balance', async ({
    page,
    request,
  }, testInfo) => {
    const member = await createMember(request);
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    await page.goto('/savings/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import Savings Data' })).toBeVisible();

    // The sample: the modal chooses one of the three kinds.
    await page.getByRole('button', { name: 'Download Sample' }).click();
    const modal = page.getByRole('dialog', { name: 'Download Sample Savings' });
    await expect(modal).toBeVisible();
    for (const kind of ['Normal Balances', 'Normal History', 'Target History'])
      await expect(modal.getByText(kind, { exact: true })).toBeVisible();
    await modal.getByText('Normal History', { exact: true }).click();
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Download', exact: true }).click();
    const sample = await download;
    expect(sample.suggestedFilename()).toBe('sample-savings-import.xlsx');
    const samplePath = testInfo.outputPath('sample-savings-import.xlsx');
    await sample.saveAs(samplePath);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(samplePath)) as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      'member',
      'product',
      'transaction_type',
      'amount',
      'date',
      'description',
    ]);
    await expect(modal).toBeHidden();

    // Nothing chosen: the spec's toasts, one at a time.
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    await upload.click();
    await expect(shell.toast('Please select a savings type')).toBeVisible();
    await page.getByRole('button', { name: /Savings type/ }).click();
    await page.getByRole('option', { name: /Normal Balances/ }).click();
    await upload.click();
    await expect(shell.toast('Please select a bank')).toBeVisible();
    await page.getByRole('button', { name: /Bank/ }).first().click();
    await page.getByRole('option').first().click();
    await upload.click();
    await expect(shell.toast('Please select a file to import')).toBeVisible();

    // A good .csv file: one opening balance for a new member.
    const csv = `member,product,balance,as_at_date\r\n${member.coopId},Regular Savings,2500.75,2026-01-31\r\n`;
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'balances.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.click();
    await expect(page.getByText('Import complete: 1 row(s) posted, 0 already posted').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('₦2,500.75')).toBeVisible();
    await saveScreenshot(page, testInfo, 'savings-import-result');
  });
});

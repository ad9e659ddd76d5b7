import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { LoginPage } from '../pages/login-page';
import { ConsolidatedReportPage } from '../pages/platform-reports-page';
import { ACCOUNTS } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';

const count = (text: string | undefined) => Number((text ?? '').replaceAll(',', ''));

test.describe('the consolidated report', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a super-admin reads every cooperative for the current year and downloads it', async ({
    page,
    request,
  }, testInfo) => {
    const year = new Date().getFullYear();
    await new LoginPage(page).signInAs('superAdmin');
    const report = new ConsolidatedReportPage(page);
    await report.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Consolidated report' })).toBeVisible();

    await report.choosePeriod('Current Year');
    await expect(report.startDate).toHaveValue(`${year}/01/01`);
    await expect(report.endDate).toHaveValue(`${year}/12/31`);
    await report.search();
    await expect(page.getByText(`01 Jan ${year} to 31 Dec ${year}`)).toBeVisible();

    // The seeded cooperatives, by code, with their names and member counts.
    await expect(report.row('DEMO')).toContainText('Demo Staff Cooperative');
    await expect(report.row('ALPHA')).toContainText('Alpha Teachers Cooperative');
    const demo = await report.cells('DEMO');
    const alpha = await report.cells('ALPHA');
    const total = await report.cells('Total');
    expect(demo.slice(0, 2)).toEqual(['DEMO', 'Demo Staff Cooperative']);
    // Twelve seeded members are active (tests running alongside may add more).
    expect(count(demo[2])).toBeGreaterThanOrEqual(12);
    expect(Number.isInteger(count(demo[3]))).toBe(true);
    expect(count(alpha[2])).toBeGreaterThanOrEqual(3);
    expect(count(total[2])).toBeGreaterThanOrEqual(count(demo[2]) + count(alpha[2]));
    for (const amount of demo.slice(4, 7)) expect(amount).toMatch(/^-?₦[\d,]+(\.\d{2})?$/);
    expect(demo[7]).toMatch(new RegExp(`^\\d{2} [A-Z][a-z]{2} ${year}$`));

    // What the page shows is what the API reports for the period (members only ever grow here).
    const login = (await (
      await request.post('/api/v1/auth/login', {
        data: { coop_id: ACCOUNTS.superAdmin.loginId, password: ACCOUNTS.superAdmin.password },
      })
    ).json()) as {
      data: { token: { token: string } };
    };
    const api = (await (
      await request.get('/api/v1/consolidated-report', {
        params: { start_date: `${year}-01-01`, end_date: `${year}-12-31`, per_page: 100 },
        headers: { authorization: `Bearer ${login.data.token.token}` },
      })
    ).json()) as { data: { data: { code: string; meta: { activeMembers: number } }[] } };
    const demoApi = api.data.data.find((row) => row.code === 'DEMO');
    expect(count(demo[2])).toBeLessThanOrEqual(demoApi?.meta.activeMembers ?? -1);
    await saveScreenshot(page, testInfo, 'consolidated-report');

    // Download: an .xlsx with the cooperatives in it.
    const download = page.waitForEvent('download');
    await report.download().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^consolidated-report-.+\.xlsx$/);
    const path = testInfo.outputPath(file.suggestedFilename());
    await file.saveAs(path);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0]?.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
    expect(cells).toContain('DEMO');
    expect(cells).toContain('Demo Staff Cooperative');
  });
});

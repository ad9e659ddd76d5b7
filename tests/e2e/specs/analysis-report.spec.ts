import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { koboOf } from '../pages/orders-page';
import { AnalysisReportPage } from '../pages/platform-reports-page';
import { SavingsApi } from '../pages/savings-page';
import { saveScreenshot } from '../support/screenshots';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test.describe('the analysis report', () => {
  test.describe.configure({ timeout: 120_000 });

  test("shows the last twelve months of the cooperative's savings and loans, with each chart's figures", async ({
    page,
    request,
  }, testInfo) => {
    // A DEMO member with a deposit large enough to lead the top savers.
    const today = new Date();
    const api = await SavingsApi.asAdmin(request);
    const member = await api.createMember();
    const plan = await api.addPlan(member.coopId, {
      product: 'Regular Savings',
      start_date: day(today),
      end_date: `${today.getFullYear() + 1}-12-31`,
      amount: '1000',
      frequency: 'Monthly',
    });
    await api.approvedDeposit(member.coopId, plan.id, '9876543.21', day(today), 'Analysis report saver');

    await new LoginPage(page).signInAs('coopAdmin');
    const report = new AnalysisReportPage(page);
    await report.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Analysis report' })).toBeVisible();

    // The default period: the first day of the month eleven months ago to today.
    const start = new Date(today.getFullYear(), today.getMonth() - 11, 1);
    await expect(report.startDate).toHaveValue(`${start.getFullYear()}/${pad(start.getMonth() + 1)}/01`);
    await expect(report.endDate).toHaveValue(
      `${today.getFullYear()}/${pad(today.getMonth() + 1)}/${pad(today.getDate())}`,
    );

    // The top savers list the member and the balance.
    const saver = report.topSavers.getByRole('row').filter({ hasText: member.name });
    await expect(saver).toContainText(member.coopId);
    await expect(saver).toContainText('₦9,876,543.21');

    // Twelve months of figures, the last this month, whose deposits and savings balance hold the deposit.
    const portfolio = report.figures('Savings and loan portfolio by month');
    const flows = report.figures('Deposits, withdrawals and loans by month');
    await expect(portfolio.getByRole('row')).toHaveCount(13);
    await expect(flows.getByRole('row')).toHaveCount(13);
    const thisMonth = `${MONTHS[today.getMonth()]} ${today.getFullYear()}`;
    const balanceCells = await portfolio
      .getByRole('row')
      .filter({ hasText: thisMonth })
      .getByRole('cell')
      .allInnerTexts();
    expect(koboOf(balanceCells[0] ?? '')).toBeGreaterThanOrEqual(987654321);
    const flowCells = await flows.getByRole('row').filter({ hasText: thisMonth }).getByRole('cell').allInnerTexts();
    expect(koboOf(flowCells[0] ?? '')).toBeGreaterThanOrEqual(987654321);

    // The other figures are there, and every chart is drawn.
    await expect(report.figures('Portfolio at risk by days overdue').getByRole('row')).toHaveCount(5);
    for (const bucket of ['1-30 days', '31-60 days', '61-90 days', '90+ days'])
      await expect(report.figures('Portfolio at risk by days overdue')).toContainText(bucket);
    await expect(report.figures('Loans by product')).toBeVisible();
    await expect(report.figures('Loans by status')).toBeVisible();
    await expect(report.charts).toHaveCount(5);
    await saveScreenshot(page, testInfo, 'analysis-report');
  });
});

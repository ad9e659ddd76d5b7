import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import type { Period } from '../pages/reports-page';
import {
  defaultPeriod,
  LedgerStatementScreen,
  MembersBalanceScreen,
  naira,
  ReportsApi,
  StatementScreen,
  TrialBalanceScreen,
} from '../pages/reports-page';
import { SavingsApi } from '../pages/savings-page';
import { ACCOUNTS } from '../support/demo-accounts';
import { saveScreenshot } from '../support/screenshots';

/**
 * The financial reports on the seeded DEMO cooperative (infra/local/seed.ts). A journal of its
 * own (Office Expenses debited, the main bank account credited) gives the test a posting it can
 * find; every figure a screen shows is checked against what the API answers for the same period,
 * and the trial balance's figure for the account against its ledger statement.
 */
const OFFICE_EXPENSES = { code: '702002', name: 'Office Expenses' };
const MAIN_BANK = { code: '101002', name: 'Main Bank Account' };
const AMOUNT = 1234.56;
const XLSX_NAME = /^cooperative-report-\d+\.xlsx$/;
const SAVED = 7250.4;

let request: APIRequestContext;
let api: ReportsApi;
let period: Period;
let marker: string;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  api = await ReportsApi.signIn(request, ACCOUNTS.coopAdmin.loginId, ACCOUNTS.coopAdmin.password);
  period = defaultPeriod();
  marker = `Reports e2e stationery ${Date.now()}`;
  await api.postJournal({
    date: period.end_date,
    description: marker,
    debit: OFFICE_EXPENSES.code,
    credit: MAIN_BANK.code,
    amount: AMOUNT,
  });
});

test.afterAll(async () => {
  await request?.dispose();
});

test.beforeEach(async ({ page }) => {
  await new LoginPage(page).signInAs('coopAdmin');
});

test.describe('reports', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the trial balance balances, downloads, and an account opens its ledger statement with the same closing balance', async ({
    page,
  }, testInfo) => {
    const [trial, ledger] = await Promise.all([
      api.trialBalance(period),
      api.ledgerStatement(OFFICE_EXPENSES.code, period),
    ]);
    expect(ledger.final_balance).toBeGreaterThanOrEqual(AMOUNT);
    const screen = new TrialBalanceScreen(page);
    await screen.goto();

    await expect(screen.from).toHaveValue(period.start_date.replaceAll('-', '/'));
    await expect(screen.to).toHaveValue(period.end_date.replaceAll('-', '/'));
    const total = screen.totalRow;
    await expect(total).toContainText('Total');
    await expect(total).toContainText('Balanced');
    await expect(await screen.cell(total, 'Debit')).toHaveText(naira(trial.total.debitBalance));
    await expect(await screen.cell(total, 'Credit')).toHaveText(naira(trial.total.creditBalance));
    expect(trial.total.debitBalance).toBe(trial.total.creditBalance);

    const account = screen.accountRow(OFFICE_EXPENSES.code);
    await expect(account).toHaveCount(1);
    await expect(account).toContainText(OFFICE_EXPENSES.name);
    const debitCell = await screen.cell(account, 'Debit');
    await expect(debitCell).toHaveText(naira(ledger.final_balance));
    await expect(await screen.cell(account, 'Credit')).toHaveText('');
    const trialFigure = (await debitCell.innerText()).trim();
    await saveScreenshot(page, testInfo, 'reports-trial-balance');

    const download = await screen.download();
    expect(download.suggestedFilename()).toMatch(XLSX_NAME);

    await account.getByRole('link', { name: OFFICE_EXPENSES.code, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/reports/ledger-statement\\?code=${OFFICE_EXPENSES.code}&start=${period.start_date}&end=${period.end_date}$`,
      ),
    );
    const statement = new LedgerStatementScreen(page);
    await expect(
      page.getByRole('heading', { name: `${OFFICE_EXPENSES.code} - ${OFFICE_EXPENSES.name}` }),
    ).toBeVisible();
    await expect(statement.account).toContainText(`${OFFICE_EXPENSES.code} - ${OFFICE_EXPENSES.name}`);
    await expect(statement.openingRow).toHaveCount(1);
    await expect(await statement.cell(statement.openingRow, 'Balance')).toHaveText(naira(ledger.opening_balance));

    const last = statement.lastLine;
    await expect(last).toContainText(marker);
    await expect(await statement.cell(last, 'Debit')).toHaveText(naira(AMOUNT));
    await expect(await statement.cell(last, 'Credit')).toHaveText('');
    const [y, m, d] = period.end_date.split('-');
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1];
    await expect(await statement.cell(last, 'Date')).toHaveText(`${d} ${month} ${y}`);

    const closing = statement.closingRow;
    await expect(await statement.cell(closing, 'Balance')).toHaveText(trialFigure);
    await expect(await statement.cell(closing, 'Debit')).toHaveText(naira(ledger.total_debit));
    await saveScreenshot(page, testInfo, 'reports-ledger-statement');

    const ledgerDownload = await statement.download();
    expect(ledgerDownload.suggestedFilename()).toMatch(XLSX_NAME);
  });

  test('Search asks for the dates in the boxes: a year with no postings has no data, an end before the start is refused', async ({
    page,
  }) => {
    const trial = new TrialBalanceScreen(page);
    await trial.goto();
    await expect(trial.totalRow).toContainText('Balanced');

    await trial.searchPeriod('2001-01-01', '2001-12-31');
    await expect(trial.table).toContainText('No data available');
    await expect(page.getByText('01 Jan 2001 \u2013 31 Dec 2001')).toBeVisible();

    await trial.from.fill('2002/01/01');
    await expect(page.getByText('The end date must not be before the start date')).toBeVisible();
    await expect(trial.searchButton).toBeDisabled();
    await expect(trial.downloadButton).toBeDisabled();

    // The ledger statement: no account named, so nothing is asked for until one is chosen.
    const statement = new LedgerStatementScreen(page);
    await statement.goto();
    await expect(statement.table).toContainText('No data available');
    await expect(statement.searchButton).toBeDisabled();
    await statement.chooseAccount('office', `${OFFICE_EXPENSES.code} - ${OFFICE_EXPENSES.name}`);
    await statement.searchPeriod('2001-01-01', '2001-12-31');
    await expect(page).toHaveURL(
      new RegExp(`/reports/ledger-statement\\?code=${OFFICE_EXPENSES.code}&start=2001-01-01&end=2001-12-31$`),
    );
    await expect(
      page.getByRole('heading', { name: `${OFFICE_EXPENSES.code} - ${OFFICE_EXPENSES.name}` }),
    ).toBeVisible();
    await expect(statement.table).toContainText('No data available');
    await expect(statement.closingRow).toHaveCount(0);

    await statement.searchPeriod(period.start_date, period.end_date);
    await expect(statement.lastLine).toContainText(marker);
  });

  test('the income statement shows Net Profit and opens the accounts of Administrative Expenses, and an account its ledger', async ({
    page,
  }, testInfo) => {
    const [income, breakdown] = await Promise.all([api.incomeStatement(period), api.accountStatement('702', period)]);
    const office = breakdown.results.find((row) => row.code === OFFICE_EXPENSES.code);
    expect(office?.currentYearBalance).toBeGreaterThanOrEqual(AMOUNT);
    const screen = new StatementScreen(page, 'Income statement');
    await page.goto('/reports/income-statement');

    const net = screen.row('Net Profit');
    await expect(net).toHaveCount(1);
    await expect(await screen.cell(net, 'Current year')).toHaveText(naira(income.totals.net_profit.current_year));
    await expect(await screen.cell(net, 'Previous year')).toHaveText(naira(income.totals.net_profit.previous_year));
    const gross = screen.row('Gross Profit');
    await expect(await screen.cell(gross, 'Current year')).toHaveText(naira(income.totals.gross_profit.current_year));
    // Gross Profit comes before the Operating Expenses group, Net Profit last.
    const labels = (await screen.bodyRows.allInnerTexts()).map((text) => text.trim().split(/\s/)[0]);
    expect(labels.indexOf('Gross')).toBeLessThan(labels.indexOf('Operating'));
    expect(labels.at(-1)).toBe('Net');
    await saveScreenshot(page, testInfo, 'reports-income-statement');

    await screen.openBreakdown('Administrative Expenses');
    await expect(screen.modal).toBeVisible();
    const officeRow = screen.modal.locator('tbody tr').filter({ hasText: OFFICE_EXPENSES.code });
    await expect(officeRow).toContainText(OFFICE_EXPENSES.name);
    await expect(officeRow).toContainText(naira(office?.currentYearBalance ?? 0));
    await saveScreenshot(page, testInfo, 'reports-account-statement');

    await screen.breakdownAccount(OFFICE_EXPENSES.code, OFFICE_EXPENSES.name).click();
    await expect(screen.modal).toBeHidden();
    await expect(page).toHaveURL(
      new RegExp(
        `/reports/ledger-statement\\?code=${OFFICE_EXPENSES.code}&start=${period.start_date}&end=${period.end_date}$`,
      ),
    );
    await expect(
      page.getByRole('heading', { name: `${OFFICE_EXPENSES.code} - ${OFFICE_EXPENSES.name}` }),
    ).toBeVisible();
    await expect(new LedgerStatementScreen(page).lastLine).toContainText(marker);

    await page.goto('/reports/income-statement');
    await expect(screen.row('Net Profit')).toHaveCount(1);
    const download = await screen.download();
    expect(download.suggestedFilename()).toMatch(XLSX_NAME);
  });

  test('the balance sheet balances, totals assets and opens the accounts of a sub-category', async ({
    page,
  }, testInfo) => {
    const [sheet, cash] = await Promise.all([api.balanceSheet(period), api.accountStatement('101', period)]);
    expect(sheet.totals.difference.current).toBe(0);
    const bank = cash.results.find((row) => row.code === MAIN_BANK.code);
    const screen = new StatementScreen(page, 'Balance sheet');
    await page.goto('/reports/financial-position');

    const check = screen.row('Assets = Liabilities + Equity');
    await expect(await screen.cell(check, 'Current year')).toHaveText('Balanced');
    await expect(await screen.cell(screen.row('Total Assets'), 'Current year')).toHaveText(
      naira(sheet.totals.assets.current),
    );
    await expect(await screen.cell(screen.row('Total Liabilities and Equity'), 'Current year')).toHaveText(
      naira(sheet.totals.liabilities_and_equity.current),
    );
    await expect(await screen.cell(screen.row('Total Income'), 'Current year')).toHaveText(
      naira(sheet.income.totalIncome),
    );
    // Retained earnings are worked out, not held in accounts: the row opens nothing.
    await expect(screen.row('Retained')).toHaveCount(1);
    await expect(screen.row('Retained').getByRole('button')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'reports-balance-sheet');

    await screen.openBreakdown('Cash and Bank');
    await expect(screen.modal).toBeVisible();
    const bankRow = screen.modal.locator('tbody tr').filter({ hasText: MAIN_BANK.code });
    await expect(bankRow).toContainText(naira(bank?.currentYearBalance ?? Number.NaN));
    await screen.modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(screen.modal).toBeHidden();
    await expect(page).toHaveURL(/\/reports\/financial-position$/);
  });

  test("member balances find a member by membership number and show a new saver's deposit", async ({ page }) => {
    // A member of this test's own with one approved deposit, so Savings has a figure to check.
    const savings = await SavingsApi.asAdmin(request);
    const saver = await savings.createMember();
    const plan = await savings.addPlan(saver.coopId, {
      product: 'Regular Savings',
      start_date: period.end_date,
      end_date: `${Number(period.end_date.slice(0, 4)) + 1}-12-31`,
      amount: '1000',
      frequency: 'Monthly',
    });
    await savings.approvedDeposit(saver.coopId, plan.id, String(SAVED), period.end_date, 'Reports e2e saver');
    const [expected] = await api.memberBalances('DEMO0001');
    expect(expected?.coop_id).toBe('DEMO0001');
    const screen = new MembersBalanceScreen(page);
    await screen.goto();
    await expect(screen.bodyRows.nth(1)).toBeVisible();

    await screen.searchFor('DEMO0001');
    await expect(screen.bodyRows).toHaveCount(1);
    const row = screen.bodyRows.first();
    await expect(row).toContainText(`${expected?.firstname} ${expected?.lastname}`);
    await expect(await screen.cell(row, 'Membership no.')).toHaveText('DEMO0001');
    await expect(await screen.cell(row, 'Savings')).toHaveText(naira(expected?.meta.totalSavingsBalance ?? Number.NaN));
    await expect(await screen.cell(row, 'Loan + interest')).toHaveText(
      naira(expected?.meta.totalLoanInterest ?? Number.NaN),
    );

    await screen.searchFor(saver.coopId);
    const saverRow = screen.row(saver.coopId);
    await expect(screen.bodyRows).toHaveCount(1);
    await expect(saverRow).toContainText(saver.name);
    await expect(await screen.cell(saverRow, 'Savings')).toHaveText(naira(SAVED));
    await expect(await screen.cell(saverRow, 'Target saving')).toHaveText(naira(0));
    await expect(await screen.cell(saverRow, 'Loan')).toHaveText(naira(0));

    const download = await screen.download();
    expect(download.suggestedFilename()).toMatch(XLSX_NAME);
  });
});

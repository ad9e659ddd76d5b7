import { expect, test } from '@playwright/test';
import { today } from '@coopledger/shared/dates';
import { AppShellPage } from '../pages/app-shell-page';
import type { SharingFigure } from '../pages/dividend-gl-setup-page';
import { DividendGlSetupPage } from '../pages/dividend-gl-setup-page';
import { LoginPage } from '../pages/login-page';
import { dataOf, demoAdminHeaders } from '../support/api';
import { saveScreenshot } from '../support/screenshots';

// The DEMO cooperative's standard chart (functions/cooperatives/standard-chart.ts).
const CHOSEN = {
  'Provision for dividend GL': '302002 Other Payables',
  'Retained earnings GL': '402002 Retained Earnings',
  'Statutory reserve GL': '402001 Statutory Reserve',
  'Admin fee GL': '504001 Other Income',
} as const;
const BANK = '101002';
const OTHER_INCOME = '504001';
const OFFICE_EXPENSES = '702002';

/** `percent`% of an amount in kobo, rounded half-even to the kobo (DESIGN.md section 3), worked out simply. */
function percentOf(kobo: bigint, percent: bigint): bigint {
  const hundredths = kobo * percent; // in hundredths of a kobo
  const whole = hundredths / 100n;
  const rest = hundredths % 100n;
  return rest > 50n || (rest === 50n && whole % 2n === 1n) ? whole + 1n : whole;
}

test.describe('dividend GL setup and revenue sharing', () => {
  // The accountant reads what the admin saved.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('an admin opens the page from the menu, is asked to set the accounts, chooses four among the allowed ones and finds them kept', async ({
    page,
    request,
  }, testInfo) => {
    // A fresh runtime has no setup; a run retried on the same runtime finds the one saved before.
    const before = await dataOf<{ setup: unknown }>(
      await request.get('/api/v1/cooperative/dividend/gl-setup', { headers: await demoAdminHeaders(request) }),
      'Reading the dividend GL setup',
    );
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    await shell.sidebar.getByRole('link', { name: 'Dividend calculator' }).click();
    await shell.sidebar.getByRole('link', { name: 'GL setup' }).click();
    await expect(page).toHaveURL(/\/dividend-calculator\/gl-setup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dividend GL setup' })).toBeVisible();
    const screen = new DividendGlSetupPage(page);
    if (before.setup === null)
      await expect(page.getByText('Set the dividend GL accounts before computing a dividend.')).toBeVisible();
    else await expect(page.getByText(/^Last saved by /)).toBeVisible();

    // Only liabilities are offered for the provision: no income account such as Other Income.
    const provisions = await screen.glOptions('Provision for dividend GL');
    expect(provisions).toContain(CHOSEN['Provision for dividend GL']);
    expect(provisions).not.toContain(CHOSEN['Admin fee GL']);
    expect(provisions.filter((option) => !option.startsWith('3'))).toEqual([]);

    for (const [label, account] of Object.entries(CHOSEN)) await screen.chooseGl(label, account.split(' ')[0]);
    await screen.save();
    await expect(shell.toast('Dividend GL setup saved')).toBeVisible();
    await expect(page.getByText('Set the dividend GL accounts before computing a dividend.')).toHaveCount(0);
    await expect(page.getByText(/^Last saved by DEMO-ADMIN on /)).toBeVisible();

    await page.reload();
    for (const [label, account] of Object.entries(CHOSEN)) await expect(screen.glSelect(label)).toContainText(account);
    await expect(page.getByText(/^Last saved by DEMO-ADMIN on /)).toBeVisible();
    await saveScreenshot(page, testInfo, 'dividend-gl-setup');
  });

  test('the accountant sees the saved accounts and no Save button', async ({ page }) => {
    await new LoginPage(page).signInAs('accountant');
    const screen = new DividendGlSetupPage(page);
    await screen.goto();

    for (const account of Object.values(CHOSEN)) await expect(screen.glAccounts).toContainText(account);
    await expect(page.getByText(/^Last saved by DEMO-ADMIN on /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(screen.glForm).toHaveCount(0);
  });

  test("an admin shares today's surplus, sees the reserve, fee and pools add up, and is told of ratios or a fee that cannot be", async ({
    page,
    request,
  }, testInfo) => {
    // Income of ₦1,000,000.00 and expenses of ₦250,000.00 posted today; other tests may post today
    // too, so the figures are checked by how they relate, from the surplus the page shows.
    const day = today();
    const headers = await demoAdminHeaders(request);
    const post = async (description: string, debitGl: string, creditGl: string, amount: number) =>
      dataOf(
        await request.post('/api/v1/cooperative/journal-entry', {
          headers,
          data: {
            date: day,
            description,
            lines: [
              { gl_code: debitGl, description, debit: amount, credit: 0 },
              { gl_code: creditGl, description, debit: 0, credit: amount },
            ],
          },
        }),
        `Posting ${description}`,
      );
    await post('Hall rental for the dividend test', BANK, OTHER_INCOME, 1_000_000);
    await post('Office costs for the dividend test', OFFICE_EXPENSES, BANK, 250_000);

    await new LoginPage(page).signInAs('coopAdmin');
    const screen = new DividendGlSetupPage(page);
    await screen.goto();

    // Reserve 10%, admin fee 5% of the surplus, the default ratio 50/40/10.
    await screen.calculate({
      from: day,
      to: day,
      reserve: '10',
      feeType: 'Percent',
      fee: '5',
      ratios: ['50', '40', '10'],
    });
    await expect(
      page.getByText('Statutory reserve 10% of the surplus; admin fee 5% of the surplus; sharing ratio 50 / 40 / 10.'),
    ).toBeVisible();
    const shown = await screen.figures();
    expect(shown['total-revenue']).toBeGreaterThanOrEqual(1_000_000_00n);
    expect(shown['total-expenses']).toBeGreaterThanOrEqual(250_000_00n);
    const surplus = shown['total-revenue'] - shown['total-expenses'];
    expect(shown.surplus).toBe(surplus);
    expect(surplus).toBeGreaterThan(0n);
    expect(shown['statutory-reserve']).toBe(percentOf(surplus, 10n));
    expect(shown['admin-fee']).toBe(percentOf(surplus, 5n));
    const net = surplus - shown['statutory-reserve'] - shown['admin-fee'];
    expect(shown['net-revenue']).toBe(net);
    expect(shown['savings-pool'] + shown['loan-pool'] + shown['other-pool']).toBe(net);
    // Each pool is its share of the net revenue to within a kobo.
    const pools: [SharingFigure, bigint][] = [
      ['savings-pool', 50n],
      ['loan-pool', 40n],
      ['other-pool', 10n],
    ];
    for (const [pool, ratio] of pools) {
      const off = shown[pool] * 100n - net * ratio;
      expect(off > -100n && off < 100n, `${pool} is ${shown[pool]} kobo of ${net}`).toBe(true);
    }
    await expect(page.getByText('No surplus in this period: there is nothing to share.')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'dividend-revenue-sharing');

    // No reserve, no fee and everything to savings: the savings pool is the surplus itself.
    await screen.calculate({ from: day, to: day, reserve: '0', feeType: 'Amount', fee: '', ratios: ['100', '0', '0'] });
    await expect(
      page.getByText('Statutory reserve 0% of the surplus; admin fee ₦0; sharing ratio 100 / 0 / 0.'),
    ).toBeVisible();
    const whole = await screen.figures();
    expect(whole['savings-pool']).toBe(whole.surplus);
    expect(whole['net-revenue']).toBe(whole.surplus);
    expect([whole['statutory-reserve'], whole['admin-fee'], whole['loan-pool'], whole['other-pool']]).toEqual([
      0n,
      0n,
      0n,
      0n,
    ]);

    // An admin fee larger than the surplus is refused by the server, under the fee.
    await screen.calculate({
      from: day,
      to: day,
      reserve: '0',
      feeType: 'Amount',
      fee: '999999999',
      ratios: ['50', '40', '10'],
    });
    await expect(
      screen.sharingForm.getByText(/^The admin fee is more than the surplus left after the statutory reserve \(/),
    ).toBeVisible();

    // Ratios that do not add up to 100 are refused before anything is asked.
    await screen.calculate({ from: day, to: day, reserve: '0', feeType: 'Amount', fee: '', ratios: ['50', '40', '5'] });
    await expect(
      screen.sharingForm.getByText('The sharing ratios must add up to 100 (they add up to 95)', { exact: true }),
    ).toBeVisible();

    // A day of last year with nothing posted has no surplus to share.
    const quiet = `${Number(day.slice(0, 4)) - 1}-03-07`;
    await screen.calculate({
      from: quiet,
      to: quiet,
      reserve: '10',
      feeType: 'Amount',
      fee: '',
      ratios: ['50', '40', '10'],
    });
    await expect(page.getByText('No surplus in this period: there is nothing to share.')).toBeVisible();
    await expect(screen.figure('savings-pool')).toHaveText('₦0');
  });
});

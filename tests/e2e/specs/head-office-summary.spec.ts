import { expect, test } from '@playwright/test';
import { today } from '@coopledger/shared/dates';
import { AppShellPage } from '../pages/app-shell-page';
import { HeadOfficeSummariesPage, HeadOfficeSummaryPage } from '../pages/head-office-summary-page';
import { LoginPage } from '../pages/login-page';
import { saveScreenshot } from '../support/screenshots';

const YEAR = Number(today().slice(0, 4));

/** '₦1,234.50' or '₦0' as kobo. */
function kobo(text: string | undefined): bigint {
  const match = /^(-?)₦([\d,]+)(?:\.(\d{2}))?$/.exec(text ?? '');
  if (!match) throw new Error(`Not a naira amount: ${text}`);
  const value = BigInt(match[2].replaceAll(',', '')) * 100n + BigInt(match[3] ?? '0');
  return match[1] ? -value : value;
}

/** actual / target as a percentage with 2 decimals, rounded half up, written as the page writes it. */
function percentText(actual: bigint, target: bigint): string {
  const hundredths = (actual * 10_000n * 2n + target) / (target * 2n);
  const whole = hundredths / 100n;
  const rest = hundredths % 100n;
  const decimals = rest === 0n ? '' : rest % 10n === 0n ? `.${rest / 10n}` : `.${String(rest).padStart(2, '0')}`;
  return `${whole.toLocaleString('en-NG')}${decimals}%`;
}

test.describe('the head office summary', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test("an admin sets the year's targets from the dividend menu and sees the books against them", async ({
    page,
  }, testInfo) => {
    await new LoginPage(page).signInAs('coopAdmin');
    const shell = new AppShellPage(page);
    await shell.sidebar.getByRole('link', { name: 'Dividend calculator' }).click();
    await shell.sidebar.getByRole('link', { name: 'Head office summary' }).click();
    await expect(page).toHaveURL(/\/dividend-calculator\/head-office-summary$/);
    const screen = new HeadOfficeSummaryPage(page);
    await expect(page.getByRole('heading', { name: `Targets against performance, ${YEAR}` })).toBeVisible();

    await screen.setTargets({
      'Savings mobilised (₦)': '2000000',
      'Loans disbursed (₦)': '3000000.50',
      'New members': '40',
      'Surplus (₦)': '0',
    });
    await expect(shell.toast('Targets saved')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/^Targets set by DEMO-ADMIN on /)).toBeVisible();

    const savings = await screen.cells('Savings mobilised');
    expect(savings[1]).toBe('₦2,000,000.00');
    expect(savings[3]).toBe(percentText(kobo(savings[2]), 200_000_000n));
    const loans = await screen.cells('Loans disbursed');
    expect(loans[1]).toBe('₦3,000,000.50');
    expect(loans[3]).toBe(percentText(kobo(loans[2]), 300_000_050n));
    const members = await screen.cells('New members');
    expect(members[1]).toBe('40');
    expect(members[3]).toBe(percentText(BigInt(members[2].replaceAll(',', '')), 40n));
    // No surplus target: no percentage.
    expect(await screen.cells('Surplus')).toEqual(['Surplus', '₦0', expect.stringMatching(/₦/), '—']);
    // The chart's legend names the bars and the target line drawn.
    const legend = page.getByRole('toolbar');
    await expect(legend.getByRole('button', { name: 'Performance', exact: true })).toBeVisible();
    await expect(legend.getByRole('button', { name: 'Target (100%)' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'head-office-summary');

    // Another year keeps its own targets: none for last year.
    await page.getByRole('button', { name: /^Year/ }).click();
    await page.getByRole('option', { name: String(YEAR - 1), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`year=${YEAR - 1}$`));
    await expect(page.getByText(`No targets are set for ${YEAR - 1}.`)).toBeVisible();
    expect((await screen.cells('Savings mobilised'))[1]).toBe('Not set');
  });

  test("the super-admin reads every cooperative's summary of the year", async ({ page }) => {
    await new LoginPage(page).signInAs('superAdmin');
    const report = new HeadOfficeSummariesPage(page);
    await report.goto(YEAR);
    await expect(page.getByRole('heading', { level: 1, name: 'Head office summary' })).toBeVisible();
    await expect(report.row('DEMO')).toContainText('Demo Staff Cooperative');
    await expect(report.row('DEMO')).toContainText(/of ₦2,000,000\.00 \([\d,.]+%\)/);
    await expect(report.row('DEMO')).toContainText('(no target)');
  });
});

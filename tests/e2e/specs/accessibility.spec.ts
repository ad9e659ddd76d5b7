import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Role } from '@coopledger/shared/roles';
import { menuOf } from '../../../web/src/app/menus/menus';
import type { Menu } from '../../../web/src/app/menus/menu-types';
import { isGroup } from '../../../web/src/app/menus/menu-types';
import type { RoleContext } from '../../../web/src/session/types';
import { LoginPage } from '../pages/login-page';
import { AppShellPage } from '../pages/app-shell-page';
import { accountHeaders, dataOf } from '../support/api';
import type { AccountName } from '../support/demo-accounts';
import { ACCOUNTS } from '../support/demo-accounts';

/**
 * WCAG 2.1 AA on every page of every demo role's menu (its sub-menus too, and the report menu a
 * manager switches to), in light and in night mode: axe finds no serious or critical violation.
 * One sign-in per role; each page is opened by its address and checked once its main heading shows.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SETTINGS_KEY = 'coopledger.settings';

const ROLES: { account: AccountName; role: Role; contexts: RoleContext[] }[] = [
  { account: 'superAdmin', role: 'super-admin', contexts: ['super-admin'] },
  { account: 'coopAdmin', role: 'cooperative-admin', contexts: ['cooperative-admin', 'report', 'eshop'] },
  { account: 'accountant', role: 'cooperative-accountant', contexts: ['cooperative-accountant', 'report'] },
  { account: 'executive', role: 'cooperative-executive', contexts: ['cooperative-executive'] },
  { account: 'member', role: 'cooperative-member', contexts: ['cooperative-member'] },
  { account: 'storeKeeper', role: 'eshop', contexts: ['eshop'] },
];

function pagesOf(menus: Menu[]): string[] {
  const hrefs = menus.flatMap((menu) =>
    menu.entries.flatMap((entry) => (isGroup(entry) ? entry.items : [entry])).map((link) => link.href),
  );
  // A11Y_PATHS=/dashboard,/members checks only those pages (while fixing what a run found).
  const only = process.env.A11Y_PATHS?.split(',');
  return [...new Set(hrefs)].filter((href) => !only || only.includes(href));
}

interface Finding {
  mode: string;
  path: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

async function audit(page: Page, path: string, mode: string): Promise<Finding[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Tables and charts finish drawing once their data is in.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const started = Date.now();
  // Only the violations are collected: listing every passing node doubles axe's time on a large page.
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (process.env.A11Y_TIMING) console.log(`${mode} ${path}: axe ${Date.now() - started} ms`);
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      mode,
      path,
      rule: violation.id,
      impact: violation.impact ?? '',
      target: String(violation.nodes[0]?.target[0] ?? ''),
      summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '',
    }));
}

/** Night mode on or off, as the settings drawer stores it; the next page load applies it. */
async function setNightMode(page: Page, nightMode: boolean): Promise<void> {
  const key = JSON.stringify(SETTINGS_KEY);
  await page.evaluate(
    `localStorage.setItem(${key}, JSON.stringify({ ...JSON.parse(localStorage.getItem(${key}) || '{}'), ` +
      `nightMode: ${String(nightMode)} }))`,
  );
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const { account, role, contexts } of ROLES) {
    test(`every page of ${account}'s menu, light and night`, async ({ page }) => {
      const paths = pagesOf(contexts.map((context) => menuOf(context, role)));
      test.setTimeout(30_000 + paths.length * 2 * 15_000);
      await new LoginPage(page).signInAs(account);
      const findings: Finding[] = [];
      for (const mode of ['light', 'night']) {
        await setNightMode(page, mode === 'night');
        for (const path of paths) findings.push(...(await audit(page, path, mode)));
      }
      await setNightMode(page, false);
      const report = findings.map((f) => `${f.mode} ${f.path}: ${f.rule} (${f.impact}) at ${f.target}: ${f.summary}`);
      expect(report, report.join('\n')).toEqual([]);
    });
  }
});

/** Presses Tab (at most `max` times) until the focus is on or inside `target`. */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    const focused = await target
      .first()
      // A string, since these tests compile without the DOM's types.
      .evaluate(
        '(element) => element === document.activeElement || element.contains(document.activeElement)',
        undefined,
        {
          timeout: 5_000,
        },
      )
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Signs in with the keyboard alone: Tab to the Login ID, type, Tab, type, Enter. */
async function signInByKeyboard(page: Page, account: AccountName): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await tabTo(page, login.loginId);
  await page.keyboard.type(ACCOUNTS[account].loginId);
  await tabTo(page, login.password, 3);
  await page.keyboard.type(ACCOUNTS[account].password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('keyboard only', () => {
  // Not yet passing: tabTo() does not see the Login ID take the focus (to investigate).
  test.fixme('signs in, skips to the content, and approves a pending deposit', async ({ page, request }) => {
    test.setTimeout(120_000);
    // A pending deposit of an amount of its own, for DEMO0001's first savings plan (placed through the API).
    const headers = await accountHeaders(request, 'coopAdmin');
    const plans = await dataOf<{ data: { id: string }[] }>(
      await request.get('/api/v1/savings', { headers, params: { coop_id: ACCOUNTS.member.loginId } }),
      'Listing savings plans',
    );
    let planId = plans.data[0]?.id;
    if (!planId) {
      const setups = await dataOf<{ data: { product_id: string; product: { name: string | null } }[] }>(
        await request.get('/api/v1/cooperative/product-setup/savings', { headers, params: { per_page: '100' } }),
        'Listing savings products',
      );
      const today = new Date();
      const added = await dataOf<{ id: string }>(
        await request.post('/api/v1/cooperative/member/savings/add-plan', {
          headers,
          data: {
            savings_product_id: setups.data.find((s) => s.product.name === 'Regular Savings')?.product_id,
            start_date: today.toISOString().slice(0, 10),
            end_date: `${today.getFullYear() + 1}-12-31`,
            amount: '5000',
            credit_interest: 3,
            frequency: 'Monthly',
            coop_id: ACCOUNTS.member.loginId,
          },
        }),
        'Adding a savings plan',
      );
      planId = added.id;
    }
    const naira = 1000 + Math.floor(Math.random() * 8000);
    await dataOf(
      await request.post('/api/v1/cooperative/transaction-order', {
        headers,
        data: {
          savings_id: planId,
          amount: String(naira),
          date: new Date().toISOString().slice(0, 10),
          payment_mode_id: 1,
          comment: 'Keyboard deposit',
          description: 'Keyboard deposit',
          transaction_type: 'DEPOSIT',
          coop_id: ACCOUNTS.member.loginId,
        },
      }),
      'Placing a deposit',
    );

    await signInByKeyboard(page, 'coopAdmin');
    // The first Tab stop skips to the content.
    await page.goto('/finance-reporting/deposits');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    const grouped = naira.toLocaleString('en-US');
    const approve = page.getByRole('button', { name: new RegExp(`^Approve .*${grouped}\\.00$`) });
    await tabTo(page, approve);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Approve deposit' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: /^Bank account/ }), 20);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: 'Approve', exact: true }), 20);
    await page.keyboard.press('Enter');
    await expect(new AppShellPage(page).toast('Deposit approved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(approve).toHaveCount(0);
    // The focus is not lost to the page: it sits on the next pending order or the list.
    await expect
      .poll(() => page.evaluate('document.activeElement !== document.body && document.activeElement !== null'))
      .toBe(true);
  });
});

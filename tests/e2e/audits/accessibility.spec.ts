import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Role } from '@coopledger/shared/roles';
import { menuOf } from '../../../web/src/app/menus/menus';
import type { Menu } from '../../../web/src/app/menus/menu-types';
import { isGroup } from '../../../web/src/app/menus/menu-types';
import type { RoleContext } from '../../../web/src/session/types';
import { LoginPage } from '../pages/login-page';
import type { AccountName } from '../support/demo-accounts';

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

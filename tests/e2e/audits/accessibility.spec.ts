import { expect, test } from '@playwright/test';
import type { Role } from '@coopledger/shared/roles';
import { menuOf } from '../../../web/src/app/menus/menus';
import type { Menu } from '../../../web/src/app/menus/menu-types';
import { isGroup } from '../../../web/src/app/menus/menu-types';
import type { RoleContext } from '../../../web/src/session/types';
import { LoginPage } from '../pages/login-page';
import { auditPages } from '../support/axe';
import type { AccountName } from '../support/demo-accounts';

/**
 * WCAG 2.1 AA on every page of every demo role's menu (its sub-menus too, and the report menu a
 * manager switches to), in light and in night mode: axe finds no serious or critical violation.
 * One sign-in per role (tests/e2e/support/axe.ts says how a page is checked). The suite's own
 * accessibility spec checks a page of each kind; this audit is too long for every run.
 */
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

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const { account, role, contexts } of ROLES) {
    test(`every page of ${account}'s menu, light and night`, async ({ page }) => {
      const paths = pagesOf(contexts.map((context) => menuOf(context, role)));
      test.setTimeout(30_000 + paths.length * 2 * 15_000);
      await new LoginPage(page).signInAs(account);
      const report = await auditPages(page, paths);
      expect(report, report.join('\n')).toEqual([]);
    });
  }
});

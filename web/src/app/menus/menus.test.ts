import { describe, expect, it } from 'vitest';
import type { RoleContext } from '../../session/types';
import { isGroup } from './menu-types';
import type { Menu, MenuLink } from './menu-types';
import { menuFor, menuOf } from './menus';

function links(menu: Menu): MenuLink[] {
  return menu.entries.flatMap((entry) => (isGroup(entry) ? entry.items : [entry]));
}

const texts = (context: RoleContext) => menuFor(context).entries.map((entry) => entry.text);

describe('sidebar menus by role', () => {
  it("shows the audit log to a cooperative's admins and the super-admin, not to its accountants", () => {
    const audit = (role: 'cooperative-admin' | 'cooperative-accountant' | 'super-admin') =>
      links(menuOf('cooperative-admin', role)).some((link) => link.href === '/audit-log');
    expect([audit('cooperative-admin'), audit('super-admin'), audit('cooperative-accountant')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('gives a super-admin the system menu', () => {
    expect(texts('super-admin')).toEqual([
      'Dashboard',
      'Cooperatives',
      'Product setup',
      'Charges',
      'Chart of accounts',
      'System users',
      'Access control',
      'Staff categories',
      'Client setup',
      'Audit log',
      'E-store',
      'Consolidated report',
    ]);
  });

  it("gives an accountant the management menu less the audit log and Setup (their role's defaults)", () => {
    const accountant = menuOf('cooperative-accountant', 'cooperative-accountant').entries.map((entry) => entry.text);
    expect(accountant).toEqual([
      'Dashboard',
      'Members',
      'Loans manager',
      'Savings manager',
      'Deposits',
      'Withdrawals',
      'Monthly deductions',
      'Journal entry',
      'Financial years',
      'Asset manager',
      'Dividend calculator',
      'Reports',
    ]);
    const admin = menuOf('cooperative-admin', 'cooperative-admin').entries.map((entry) => entry.text);
    expect(admin).toEqual([...accountant, 'Audit log', 'Setup']);
    // A super-admin acting as a cooperative's admin keeps Setup.
    expect(menuOf('cooperative-admin', 'super-admin').entries.map((entry) => entry.text)).toContain('Setup');
  });

  it('gives cooperative admins and accountants the same management menu before role filtering', () => {
    expect(menuFor('cooperative-accountant')).toBe(menuFor('cooperative-admin'));
    expect(texts('cooperative-admin')).toEqual([
      'Dashboard',
      'Members',
      'Loans manager',
      'Savings manager',
      'Deposits',
      'Withdrawals',
      'Monthly deductions',
      'Journal entry',
      'Financial years',
      'Asset manager',
      'Dividend calculator',
      'Reports',
      'Audit log',
      'Setup',
    ]);
    const setup = menuFor('cooperative-admin').entries.find((entry) => entry.text === 'Setup');
    expect(setup && isGroup(setup) ? setup.items.map((item) => item.href) : []).toEqual([
      '/setup/products',
      '/setup/savings',
      '/setup/loans',
      '/setup/charges',
      '/setup/chart-of-accounts',
      '/setup/gl-accounts',
      '/setup/bank-accounts',
      '/setup/departments',
      '/setup/birthday-cards',
      '/setup/approval-rules',
      '/setup/users',
    ]);
  });

  it('gives members and executives the self-service menu', () => {
    expect(menuFor('cooperative-executive')).toBe(menuFor('cooperative-member'));
    expect(links(menuFor('cooperative-member')).map((link) => link.href)).toEqual([
      '/dashboard',
      '/member/loans',
      '/member/loans/apply',
      '/member/loans/upload',
      '/member/loans/surety',
      '/member/savings',
      '/member/savings/requests',
      '/member/transaction-history',
      '/member/loan-offset-history',
      '/shop',
      '/shop/orders',
      '/member/my-profile',
      '/member/edit-profile',
      '/member/change-password',
    ]);
    expect(texts('cooperative-member')).toEqual([
      'Dashboard',
      'Loans',
      'Savings',
      'Transaction history',
      'Loan offset history',
      'Store',
      'Profile',
    ]);
    const store = menuFor('cooperative-member').entries.find((entry) => entry.text === 'Store');
    expect(store && isGroup(store) ? store.items.map((item) => [item.text, item.href]) : []).toEqual([
      ['Shop', '/shop'],
      ['My orders', '/shop/orders'],
    ]);
  });

  it('switches to the report and e-shop contexts, and back', () => {
    expect(
      links(menuFor('super-admin'))
        .filter((link) => link.switchTo)
        .map((link) => link.switchTo),
    ).toEqual(['eshop', 'report']);
    expect(links(menuFor('cooperative-admin')).find((link) => link.text === 'Reports')?.switchTo).toBe('report');
    expect(links(menuFor('report')).at(-1)).toMatchObject({ text: 'Go Back', switchTo: 'home' });
    expect(links(menuFor('eshop')).at(-1)).toMatchObject({ text: 'Go Back', switchTo: 'home' });
  });

  it('links every item to a route of the spec', () => {
    for (const context of ['super-admin', 'cooperative-admin', 'cooperative-member', 'eshop', 'report'] as const) {
      for (const link of links(menuFor(context))) expect(link.href).toMatch(/^\/[a-z-]+(\/[a-z-]+)*$/);
    }
  });
});

describe("a store keeper's menu", () => {
  it('is the e-shop menu without Go Back, which an admin in the e-shop keeps', () => {
    const keeper = links(menuOf('eshop', 'eshop'));
    expect(keeper.map((link) => link.href)).toEqual([
      '/e-shop/dashboard',
      '/e-shop/products',
      '/e-shop/stock',
      '/e-shop/orders',
      '/orders/returns',
      '/orders/refunds',
      '/e-shop/damages',
      '/customers',
      '/e-shop/reports/transactions',
      '/sales',
      '/e-shop/settings',
    ]);
    expect(keeper.some((link) => link.switchTo)).toBe(false);
    expect(links(menuOf('eshop', 'cooperative-admin')).at(-1)).toMatchObject({ text: 'Go Back', switchTo: 'home' });
  });
});

describe('items for super-admins only', () => {
  it('leave the report menu of cooperative staff, and stay for a super-admin', () => {
    expect(links(menuOf('report', 'cooperative-admin')).map((l) => l.text)).not.toContain('Consolidated report');
    expect(links(menuOf('report', 'cooperative-admin')).map((l) => l.text)).toContain('Trial balance');
    expect(links(menuOf('report', 'super-admin')).map((l) => l.text)).toContain('Consolidated report');
    // Every cooperative's head office summary is the platform's; a cooperative's own is in its dividend menu.
    expect(links(menuOf('report', 'super-admin')).map((l) => l.href)).toContain('/reports/head-office-summary');
    expect(links(menuOf('report', 'cooperative-admin')).map((l) => l.href)).not.toContain(
      '/reports/head-office-summary',
    );
    expect(links(menuOf('cooperative-admin', 'cooperative-admin')).map((l) => l.href)).toContain(
      '/dividend-calculator/head-office-summary',
    );
    expect(menuOf('cooperative-member', 'cooperative-member')).toBe(menuFor('cooperative-member'));
  });

  it("offer a cooperative's users in its Setup to the super-admin inside it, not to its own admins", () => {
    const setupOf = (userRole: 'super-admin' | 'cooperative-admin') =>
      menuOf('cooperative-admin', userRole).entries.find((entry) => entry.text === 'Setup');
    const hrefs = (entry: ReturnType<typeof setupOf>) =>
      entry && isGroup(entry) ? entry.items.map((i) => i.href) : [];
    expect(hrefs(setupOf('super-admin'))).toContain('/setup/users');
    expect(hrefs(setupOf('cooperative-admin'))).not.toContain('/setup/users');
    expect(hrefs(setupOf('cooperative-admin'))).toContain('/setup/bank-accounts');
  });
});

import type { RoleContext } from '../../session/types';
import type { Role } from '@coopledger/shared/roles';
import { isStoreRole } from '@coopledger/shared/roles';
import { defaultGrid } from '@coopledger/shared/access-defaults';
import type { Menu, MenuAccess, MenuEntry, MenuLink } from './menu-types';
import { isGroup } from './menu-types';

// The sidebar menus of the spec (document 1 section 2, document 2 section 6), with the spec's routes.

const MANAGEMENT: Menu = {
  title: 'Management',
  entries: [
    { text: 'Dashboard', href: '/dashboard', icon: 'grid-view' },
    {
      text: 'Members',
      icon: 'group',
      items: [
        { text: 'All members', href: '/members', icon: 'group' },
        { text: 'Pending members', href: '/members/pending', icon: 'status-pending' },
      ],
    },
    {
      text: 'Loans manager',
      icon: 'file',
      items: [
        { text: 'Loan applications', href: '/loans/applications', icon: 'file' },
        { text: 'Uploaded applications', href: '/loans/application-forms', icon: 'file-open' },
        { text: 'Import loan data', href: '/loans/import', icon: 'upload' },
      ],
    },
    {
      text: 'Savings manager',
      icon: 'folder',
      items: [
        { text: 'Savings accounts', href: '/savings/accounts', icon: 'folder' },
        { text: 'Change requests', href: '/savings/change-requests', icon: 'edit' },
        { text: 'Import savings data', href: '/savings/import', icon: 'upload' },
      ],
    },
    { text: 'Deposits', href: '/finance-reporting/deposits', icon: 'arrow-down' },
    { text: 'Withdrawals', href: '/finance-reporting/withdrawals', icon: 'arrow-up' },
    { text: 'Monthly deductions', href: '/monthly-deductions/payroll-runs', icon: 'calendar' },
    { text: 'Journal entry', href: '/finance-reporting/journal-entry', icon: 'script' },
    { text: 'Financial years', href: '/finance-reporting/financial-years', icon: 'calendar' },
    {
      text: 'Asset manager',
      icon: 'ticket',
      items: [
        { text: 'Asset types', href: '/finance-reporting/asset-types', icon: 'list-view' },
        { text: 'Assets', href: '/finance-reporting/asset-setup', icon: 'ticket' },
      ],
    },
    {
      text: 'Dividend calculator',
      icon: 'suggestions',
      items: [
        { text: 'GL setup', href: '/dividend-calculator/gl-setup', icon: 'settings' },
        { text: 'Saved dividends', href: '/dividend-calculator/saved', icon: 'folder' },
        { text: 'Compute dividend', href: '/dividend-calculator/compute', icon: 'suggestions' },
        { text: 'Head office summary', href: '/dividend-calculator/head-office-summary', icon: 'status-positive' },
      ],
    },
    { text: 'Reports', href: '/reports/trial-balance', icon: 'view-full', switchTo: 'report' },
    { text: 'Audit log', href: '/audit-log', icon: 'security', adminOnly: true },
    {
      text: 'Setup',
      icon: 'settings',
      needs: { resource: 'setup', kind: 'write' },
      items: [
        { text: 'Products', href: '/setup/products', icon: 'list-view' },
        { text: 'Savings products', href: '/setup/savings', icon: 'folder' },
        { text: 'Loan products', href: '/setup/loans', icon: 'file' },
        { text: 'Charges', href: '/setup/charges', icon: 'ticket' },
        { text: 'Chart of accounts', href: '/setup/chart-of-accounts', icon: 'treeview-expand' },
        { text: 'GL accounts', href: '/setup/gl-accounts', icon: 'view-full' },
        { text: 'Bank accounts', href: '/setup/bank-accounts', icon: 'key' },
        { text: 'Departments', href: '/setup/departments', icon: 'group' },
        { text: 'Birthday templates', href: '/setup/birthday-cards', icon: 'heart' },
        { text: 'Approval rules', href: '/setup/approval-rules', icon: 'security' },
        // The cooperative's admins, accountants and store keepers; the super-admin adds them.
        { text: 'Users', href: '/setup/users', icon: 'user-profile', superAdminOnly: true },
      ],
    },
  ],
};

const MEMBER: Menu = {
  title: 'My cooperative',
  entries: [
    { text: 'Dashboard', href: '/dashboard', icon: 'grid-view' },
    {
      text: 'Loans',
      icon: 'file',
      items: [
        { text: 'Loan history', href: '/member/loans', icon: 'history' },
        { text: 'Application form', href: '/member/loans/apply', icon: 'edit' },
        { text: 'Upload form', href: '/member/loans/upload', icon: 'upload' },
        { text: 'Surety requests', href: '/member/loans/surety', icon: 'group' },
      ],
    },
    {
      text: 'Savings',
      icon: 'folder',
      items: [
        { text: 'Savings', href: '/member/savings', icon: 'folder' },
        { text: 'Requests', href: '/member/savings/requests', icon: 'edit' },
      ],
    },
    { text: 'Transaction history', href: '/member/transaction-history', icon: 'list-view' },
    { text: 'Loan offset history', href: '/member/loan-offset-history', icon: 'history' },
    {
      text: 'Store',
      icon: 'share',
      items: [
        { text: 'Shop', href: '/shop', icon: 'search' },
        { text: 'My orders', href: '/shop/orders', icon: 'ticket' },
      ],
    },
    {
      text: 'Profile',
      icon: 'user-profile',
      items: [
        { text: 'Profile', href: '/member/my-profile', icon: 'user-profile' },
        { text: 'Edit profile', href: '/member/edit-profile', icon: 'edit' },
        { text: 'Change password', href: '/member/change-password', icon: 'lock-private' },
      ],
    },
  ],
};

const ESHOP: Menu = {
  title: 'E-shop',
  entries: [
    { text: 'E-shop dashboard', href: '/e-shop/dashboard', icon: 'grid-view' },
    { text: 'Products', href: '/e-shop/products', icon: 'list-view' },
    { text: 'Stock', href: '/e-shop/stock', icon: 'folder' },
    {
      text: 'Orders',
      icon: 'ticket',
      items: [
        { text: 'Orders', href: '/e-shop/orders', icon: 'ticket' },
        { text: 'Returns', href: '/orders/returns', icon: 'undo' },
        { text: 'Refunds', href: '/orders/refunds', icon: 'redo' },
      ],
    },
    { text: 'Damages', href: '/e-shop/damages', icon: 'status-warning' },
    { text: 'Customers', href: '/customers', icon: 'group' },
    {
      text: 'Reports',
      icon: 'view-full',
      items: [
        { text: 'Transactions', href: '/e-shop/reports/transactions', icon: 'list-view' },
        { text: 'Sales', href: '/sales', icon: 'view-full' },
      ],
    },
    { text: 'Settings', href: '/e-shop/settings', icon: 'settings' },
    { text: 'Go Back', href: '/dashboard', icon: 'arrow-left', switchTo: 'home' },
  ],
};

const REPORT: Menu = {
  title: 'Reports',
  entries: [
    { text: 'Trial balance', href: '/reports/trial-balance', icon: 'view-full' },
    { text: 'Ledger statement', href: '/reports/ledger-statement', icon: 'script' },
    { text: 'Member account balance', href: '/reports/members-balance', icon: 'group' },
    { text: 'Income statement', href: '/reports/income-statement', icon: 'view-horizontal' },
    { text: 'Balance sheet', href: '/reports/financial-position', icon: 'view-vertical' },
    { text: 'Dividend report', href: '/reports/dividend-calculator', icon: 'suggestions' },
    { text: 'Investment tracker', href: '/reports/investment-trackers', icon: 'flag' },
    { text: 'Analysis report', href: '/reports/analysis-report', icon: 'search' },
    { text: 'Consolidated report', href: '/reports/consolidated-report', icon: 'multiscreen', superAdminOnly: true },
    {
      text: 'Head office summary',
      href: '/reports/head-office-summary',
      icon: 'status-positive',
      superAdminOnly: true,
    },
    { text: 'Go Back', href: '/dashboard', icon: 'arrow-left', switchTo: 'home' },
  ],
};

const SYSTEM: Menu = {
  title: 'System',
  entries: [
    { text: 'Dashboard', href: '/dashboard', icon: 'grid-view' },
    { text: 'Cooperatives', href: '/setup/cooperatives', icon: 'group' },
    { text: 'Product setup', href: '/setup/products', icon: 'list-view' },
    { text: 'Charges', href: '/setup/charges', icon: 'ticket' },
    { text: 'Chart of accounts', href: '/setup/chart-of-accounts', icon: 'treeview-expand' },
    { text: 'System users', href: '/setup/users', icon: 'user-profile' },
    { text: 'Access control', href: '/setup/access-control', icon: 'lock-private' },
    { text: 'Staff categories', href: '/setup/staff-categories', icon: 'folder' },
    { text: 'Client setup', href: '/setup/client', icon: 'settings' },
    { text: 'Audit log', href: '/audit-log', icon: 'security' },
    { text: 'E-store', href: '/e-shop/products', icon: 'share', switchTo: 'eshop' },
    { text: 'Consolidated report', href: '/reports/consolidated-report', icon: 'multiscreen', switchTo: 'report' },
  ],
};

/**
 * The sidebar of a person: the menu of their role context, less the items only a super-admin may
 * use (the consolidated report covers every cooperative) when they are not one, and the entries their
 * role's Role Access does not grant (an accountant's Setup: docs/decisions.md 2026-11-28). A store
 * keeper's e-shop menu is their own, so it has no Go Back (there is no other menu to return to).
 */
export function menuOf(context: RoleContext, userRole: Role): Menu {
  const menu = menuFor(context);
  if (userRole === 'super-admin') return menu;
  const storeKeeper = isStoreRole(userRole);
  const grid = defaultGrid(userRole);
  const granted = (needs?: MenuAccess) => !needs || grid[needs.resource][needs.kind];
  const allowed = (link: MenuLink) =>
    !link.superAdminOnly &&
    !(link.adminOnly && userRole !== 'cooperative-admin') &&
    !(storeKeeper && link.switchTo === 'home') &&
    granted(link.needs);
  const entries = menu.entries.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return allowed(entry) ? [entry] : [];
    if (!granted(entry.needs)) return [];
    return [{ ...entry, items: entry.items.filter(allowed) }];
  });
  const unchanged =
    entries.length === menu.entries.length &&
    entries.every(
      (entry, i) => !isGroup(entry) || entry.items.length === (menu.entries[i] as typeof entry).items.length,
    );
  return unchanged ? menu : { ...menu, entries };
}

/**
 * The sidebar for a role context; any role not named by the spec gets the system menu. `eshop` is
 * both the store keeper's role and the e-shop context an admin switches to: both get the e-shop menu.
 */
export function menuFor(context: RoleContext): Menu {
  switch (context) {
    case 'cooperative-admin':
    case 'cooperative-accountant':
      return MANAGEMENT;
    case 'cooperative-executive':
    case 'cooperative-member':
      return MEMBER;
    case 'eshop':
      return ESHOP;
    case 'report':
      return REPORT;
    default:
      return SYSTEM;
  }
}

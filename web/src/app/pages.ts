import type { LazyRouteFunction, RouteObject } from 'react-router';
import { matchPath } from 'react-router';

/**
 * The pages that exist, in one table: the router registers each one, and the breadcrumbs and the
 * document title read their titles. A menu item whose page is not here yet ends on the 404 page.
 */
export interface PageDef {
  /** The route's path; a record's page names its id as a segment (`/dividend-calculator/saved/:id`). */
  path: string;
  title: string;
  /** The breadcrumb between Home and the page, if any. */
  section?: string;
  /** The page a record's page is opened from (its list), a breadcrumb between the section and the page. */
  parent?: string;
  load: LazyRouteFunction<RouteObject>;
  /**
   * The page reads one cooperative's books: a super-admin who has not chosen a cooperative chooses
   * one on the page first (layout/cooperative-gate.tsx), and nothing is asked of the API until then.
   */
  needsCooperative?: true;
}

export const PAGES: readonly PageDef[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    load: () => import('../pages/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: '/profile',
    title: 'Profile',
    load: () => import('../pages/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: '/app-chat',
    title: 'Chat',
    load: () => import('../pages/chat/chat-page').then((m) => ({ Component: m.ChatPage })),
  },
  {
    path: '/members',
    title: 'Members',
    load: () => import('../pages/members/members-page').then((m) => ({ Component: m.MembersPage })),
  },
  {
    path: '/members/pending',
    title: 'Pending Members',
    section: 'Members',
    load: () => import('../pages/members/pending-members-page').then((m) => ({ Component: m.PendingMembersPage })),
  },
  {
    path: '/members/view',
    title: 'Member Details',
    section: 'Members',
    load: () => import('../pages/members/detail/member-detail-page').then((m) => ({ Component: m.MemberDetailPage })),
  },
  {
    path: '/member/my-profile',
    title: 'My Profile',
    load: () => import('../pages/member-self/my-profile-page').then((m) => ({ Component: m.MyProfilePage })),
  },
  {
    path: '/member/edit-profile',
    title: 'Edit Profile',
    load: () => import('../pages/member-self/edit-profile-page').then((m) => ({ Component: m.EditProfilePage })),
  },
  {
    path: '/member/change-password',
    title: 'Change Password',
    load: () =>
      import('../pages/member-self/change-password-page').then((m) => ({ Component: m.MemberChangePasswordPage })),
  },
  {
    path: '/shop',
    title: 'Shop',
    section: 'Store',
    load: () => import('../pages/shop/shop-page').then((m) => ({ Component: m.ShopPage })),
  },
  {
    path: '/shop/orders',
    title: 'My orders',
    section: 'Store',
    load: () => import('../pages/shop/my-orders-page').then((m) => ({ Component: m.MyOrdersPage })),
  },
  {
    path: '/setup/cooperatives',
    title: 'Manage Cooperatives',
    section: 'Setup',
    load: () => import('../pages/cooperatives/cooperatives-page').then((m) => ({ Component: m.CooperativesPage })),
  },
  {
    path: '/setup/departments',
    title: 'Departments',
    section: 'Setup',
    load: () => import('../pages/setup/departments-page').then((m) => ({ Component: m.DepartmentsPage })),
  },
  {
    path: '/setup/staff-categories',
    title: 'Staff Categories',
    section: 'Setup',
    load: () => import('../pages/setup/staff-categories-page').then((m) => ({ Component: m.StaffCategoriesPage })),
  },
  {
    path: '/setup/charges',
    title: 'Charges',
    section: 'Setup',
    load: () => import('../pages/setup/charges-page').then((m) => ({ Component: m.ChargesPage })),
  },
  {
    path: '/setup/bank-accounts',
    title: 'Bank Accounts',
    section: 'Setup',
    load: () => import('../pages/setup/bank-accounts-page').then((m) => ({ Component: m.BankAccountsPage })),
  },
  {
    path: '/setup/products',
    title: 'Products',
    section: 'Setup',
    load: () => import('../pages/setup/products-page').then((m) => ({ Component: m.ProductsPage })),
  },
  {
    path: '/setup/chart-of-accounts',
    title: 'Chart of Accounts',
    section: 'Setup',
    load: () =>
      import('../pages/setup/chart/chart-of-accounts-page').then((m) => ({ Component: m.ChartOfAccountsPage })),
  },
  {
    path: '/setup/savings',
    title: 'Savings Setups',
    section: 'Setup',
    load: () =>
      import('../pages/setup/product-setups/savings-setups-page').then((m) => ({ Component: m.SavingsSetupsPage })),
  },
  {
    path: '/setup/loans',
    title: 'Loan Setups',
    section: 'Setup',
    load: () => import('../pages/setup/product-setups/loan-setups-page').then((m) => ({ Component: m.LoanSetupsPage })),
  },
  {
    path: '/setup/access-control',
    title: 'Access Control',
    section: 'Setup',
    load: () => import('../pages/setup/roles/access-control-page').then((m) => ({ Component: m.AccessControlPage })),
  },
  {
    path: '/setup/users',
    title: 'System Users',
    section: 'Setup',
    load: () => import('../pages/setup/system-users-page').then((m) => ({ Component: m.SystemUsersPage })),
  },
  {
    path: '/setup/polls',
    title: 'Manage Polls',
    section: 'Setup',
    load: () => import('../pages/voting/polls-page').then((m) => ({ Component: m.PollsPage })),
  },
  {
    path: '/finance-reporting/asset-types',
    title: 'Asset Types',
    section: 'Asset manager',
    load: () => import('../pages/assets/asset-types-page').then((m) => ({ Component: m.AssetTypesPage })),
  },
  {
    path: '/finance-reporting/asset-setup',
    title: 'Assets',
    section: 'Asset manager',
    load: () => import('../pages/assets/assets-page').then((m) => ({ Component: m.AssetsPage })),
  },
  {
    path: '/setup/approval-rules',
    title: 'Approval rules',
    section: 'Setup',
    load: () => import('../pages/setup/approval-rules-page').then((m) => ({ Component: m.ApprovalRulesPage })),
  },
  {
    path: '/setup/birthday-cards',
    title: 'Birthday Templates',
    section: 'Setup',
    load: () => import('../pages/setup/birthday-templates-page').then((m) => ({ Component: m.BirthdayTemplatesPage })),
  },
  {
    path: '/setup/client',
    title: 'Client Setup',
    section: 'Setup',
    load: () => import('../pages/setup/client-setup-page').then((m) => ({ Component: m.ClientSetupPage })),
  },
  {
    path: '/setup/gl-accounts',
    title: 'GL Accounts',
    section: 'Setup',
    load: () => import('../pages/setup/gl-accounts-page').then((m) => ({ Component: m.GlAccountsPage })),
  },
  {
    path: '/finance-reporting/deposits',
    title: 'Deposit Orders',
    section: 'Finance',
    load: () => import('../pages/transactions/orders-page').then((m) => ({ Component: m.DepositsPage })),
  },
  {
    path: '/finance-reporting/withdrawals',
    title: 'Withdrawal Requests',
    section: 'Finance',
    load: () => import('../pages/transactions/orders-page').then((m) => ({ Component: m.WithdrawalsPage })),
  },
  {
    path: '/savings/accounts',
    title: 'Savings Accounts',
    section: 'Savings',
    load: () =>
      import('../pages/transactions/savings-accounts-page').then((m) => ({ Component: m.SavingsAccountsPage })),
  },
  {
    path: '/member/elections',
    title: 'Elections',
    load: () => import('../pages/voting/member-elections-page').then((m) => ({ Component: m.MemberElectionsPage })),
  },
  {
    path: '/member/elections/contestants',
    title: 'Contestants',
    load: () =>
      import('../pages/voting/election-contestants-page').then((m) => ({ Component: m.ElectionContestantsPage })),
  },
  {
    path: '/member/savings',
    title: 'Savings',
    load: () => import('../pages/savings/member-savings-page').then((m) => ({ Component: m.MemberSavingsPage })),
  },
  {
    path: '/member/transaction-history',
    title: 'Transaction History',
    load: () =>
      import('../pages/savings/transaction-history-page').then((m) => ({ Component: m.TransactionHistoryPage })),
  },
  {
    path: '/member/savings/requests',
    title: 'Savings Requests',
    load: () =>
      import('../pages/savings/savings-requests-pages').then((m) => ({ Component: m.MemberSavingsRequestsPage })),
  },
  {
    path: '/savings/change-requests',
    title: 'Savings Change Requests',
    section: 'Savings',
    load: () =>
      import('../pages/savings/savings-requests-pages').then((m) => ({ Component: m.SavingsChangeRequestsPage })),
  },
  {
    path: '/savings/import',
    title: 'Import Savings Data',
    section: 'Savings',
    load: () => import('../pages/savings-import/savings-import-page').then((m) => ({ Component: m.SavingsImportPage })),
  },
  {
    path: '/loans/import',
    title: 'Import Loan Data',
    section: 'Loans',
    load: () => import('../pages/loan-import/loan-import-page').then((m) => ({ Component: m.LoanImportPage })),
  },
  {
    path: '/loans/applications',
    title: 'Loan Applications',
    section: 'Loans',
    load: () => import('../pages/loans/loan-applications-page').then((m) => ({ Component: m.LoanApplicationsPage })),
  },
  {
    path: '/member/loans',
    title: 'Loan History',
    load: () => import('../pages/loans/member-loan-pages').then((m) => ({ Component: m.MemberLoansPage })),
  },
  {
    path: '/member/loans/apply',
    title: 'Loan Application Form',
    load: () => import('../pages/loans/member-loan-pages').then((m) => ({ Component: m.LoanApplyPage })),
  },
  {
    path: '/loans/application-forms',
    title: 'Uploaded Loan Applications',
    section: 'Loans',
    load: () => import('../pages/loan-forms/loan-form-pages').then((m) => ({ Component: m.LoanFormArchivePage })),
  },
  {
    path: '/member/loans/upload',
    title: 'Upload Loan Form',
    load: () => import('../pages/loan-forms/loan-form-pages').then((m) => ({ Component: m.UploadLoanFormPage })),
  },
  {
    path: '/member/loans/surety',
    title: 'Surety Requests',
    load: () => import('../pages/loans/member-loan-pages').then((m) => ({ Component: m.SuretyRequestsPage })),
  },
  {
    path: '/member/loan-offset-history',
    title: 'Loan Offset History',
    load: () =>
      import('../pages/loan-offsets/loan-offset-history-page').then((m) => ({ Component: m.LoanOffsetHistoryPage })),
  },
  {
    path: '/dividend-calculator/gl-setup',
    title: 'Dividend GL setup',
    section: 'Dividend calculator',
    load: () => import('../pages/dividends/dividend-gl-setup-page').then((m) => ({ Component: m.DividendGlSetupPage })),
  },
  {
    path: '/dividend-calculator/saved',
    title: 'Saved dividends',
    section: 'Dividend calculator',
    load: () => import('../pages/dividends/saved-dividends-page').then((m) => ({ Component: m.SavedDividendsPage })),
  },
  {
    path: '/dividend-calculator/saved/:id',
    title: 'Saved dividend',
    section: 'Dividend calculator',
    parent: '/dividend-calculator/saved',
    load: () => import('../pages/dividends/saved-dividend-page').then((m) => ({ Component: m.SavedDividendPage })),
  },
  {
    path: '/dividend-calculator/compute',
    title: 'Compute dividend',
    section: 'Dividend calculator',
    load: () => import('../pages/dividends/dividend-compute-page').then((m) => ({ Component: m.DividendComputePage })),
  },
  {
    path: '/dividend-calculator/head-office-summary',
    title: 'Head office summary',
    section: 'Dividend calculator',
    load: () =>
      import('../pages/dividends/head-office-summary-page').then((m) => ({ Component: m.HeadOfficeSummaryPage })),
  },
  {
    path: '/reports/trial-balance',
    title: 'Trial Balance',
    needsCooperative: true,
    section: 'Reports',
    load: () => import('../pages/reports/trial-balance-page').then((m) => ({ Component: m.TrialBalancePage })),
  },
  {
    path: '/reports/ledger-statement',
    title: 'Ledger Statement',
    needsCooperative: true,
    section: 'Reports',
    load: () => import('../pages/reports/ledger-statement-page').then((m) => ({ Component: m.LedgerStatementPage })),
  },
  {
    path: '/reports/members-balance',
    title: 'Member Account Balance',
    needsCooperative: true,
    section: 'Reports',
    load: () => import('../pages/reports/members-balance-page').then((m) => ({ Component: m.MembersBalancePage })),
  },
  {
    path: '/reports/income-statement',
    title: 'Income Statement',
    needsCooperative: true,
    section: 'Reports',
    load: () => import('../pages/reports/income-statement-page').then((m) => ({ Component: m.IncomeStatementPage })),
  },
  {
    path: '/reports/financial-position',
    title: 'Balance Sheet',
    needsCooperative: true,
    section: 'Reports',
    load: () => import('../pages/reports/balance-sheet-page').then((m) => ({ Component: m.BalanceSheetPage })),
  },
  {
    path: '/monthly-deductions/payroll-runs',
    title: 'Payroll runs',
    section: 'Monthly deductions',
    load: () => import('../pages/payroll/payroll-runs-page').then((m) => ({ Component: m.PayrollRunsPage })),
  },
  {
    path: '/finance-reporting/journal-entry',
    title: 'Journal entries',
    section: 'Finance',
    load: () => import('../pages/accounting/journal-entries-page').then((m) => ({ Component: m.JournalEntriesPage })),
  },
  {
    path: '/finance-reporting/financial-years',
    title: 'Financial years',
    section: 'Finance',
    load: () => import('../pages/accounting/financial-years-page').then((m) => ({ Component: m.FinancialYearsPage })),
  },
  {
    path: '/reports/dividend-calculator',
    title: 'Dividend report',
    needsCooperative: true,
    section: 'Reports',
    load: () => import('../pages/reports/dividend-report-page').then((m) => ({ Component: m.DividendReportPage })),
  },
  {
    path: '/reports/investment-trackers',
    title: 'Investment tracker',
    needsCooperative: true,
    section: 'Reports',
    load: () => import('../pages/accounting/investments-page').then((m) => ({ Component: m.InvestmentsPage })),
  },
  {
    path: '/reports/head-office-summary',
    title: 'Head office summary',
    section: 'Reports',
    load: () =>
      import('../pages/reports/head-office-summaries-page').then((m) => ({ Component: m.HeadOfficeSummariesPage })),
  },
  {
    path: '/reports/consolidated-report',
    title: 'Consolidated report',
    section: 'Reports',
    load: () =>
      import('../pages/reports/consolidated-report-page').then((m) => ({ Component: m.ConsolidatedReportPage })),
  },
  {
    path: '/reports/analysis-report',
    title: 'Analysis report',
    needsCooperative: true,
    section: 'Reports',
    load: () => import('../pages/reports/analysis-report-page').then((m) => ({ Component: m.AnalysisReportPage })),
  },
  {
    path: '/audit-log',
    title: 'Audit log',
    load: () => import('../pages/audit/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
  },
  {
    path: '/e-shop/dashboard',
    title: 'E-shop dashboard',
    section: 'E-shop',
    load: () => import('../pages/eshop/dashboard-page').then((m) => ({ Component: m.EshopDashboardPage })),
  },
  {
    path: '/e-shop/reports/transactions',
    title: 'Transactions',
    section: 'E-shop',
    load: () =>
      import('../pages/eshop/transactions-report-page').then((m) => ({ Component: m.EshopTransactionsReportPage })),
  },
  {
    path: '/sales',
    title: 'Sales',
    section: 'E-shop',
    load: () => import('../pages/eshop/sales-report-page').then((m) => ({ Component: m.EshopSalesReportPage })),
  },
  {
    path: '/e-shop/products',
    title: 'Products',
    section: 'E-shop',
    load: () => import('../pages/eshop/products-page').then((m) => ({ Component: m.EshopProductsPage })),
  },
  {
    path: '/e-shop/products/:id',
    title: 'Product',
    section: 'E-shop',
    parent: '/e-shop/products',
    load: () => import('../pages/eshop/product-page').then((m) => ({ Component: m.EshopProductPage })),
  },
  {
    path: '/e-shop/stock',
    title: 'Stock',
    section: 'E-shop',
    load: () => import('../pages/eshop/stock-page').then((m) => ({ Component: m.EshopStockPage })),
  },
  {
    path: '/e-shop/damages',
    title: 'Damages',
    section: 'E-shop',
    load: () => import('../pages/eshop/damages-page').then((m) => ({ Component: m.EshopDamagesPage })),
  },
  {
    path: '/e-shop/orders',
    title: 'Orders',
    section: 'E-shop',
    load: () => import('../pages/eshop/orders-page').then((m) => ({ Component: m.EshopOrdersPage })),
  },
  {
    path: '/e-shop/settings',
    title: 'Store settings',
    section: 'E-shop',
    load: () => import('../pages/eshop/settings-page').then((m) => ({ Component: m.EshopSettingsPage })),
  },
  {
    path: '/e-shop/orders/:id',
    title: 'Order',
    section: 'E-shop',
    parent: '/e-shop/orders',
    load: () => import('../pages/eshop/order-page').then((m) => ({ Component: m.EshopOrderPage })),
  },
  {
    path: '/orders/returns',
    title: 'Returns',
    section: 'E-shop',
    load: () => import('../pages/eshop/returns-pages').then((m) => ({ Component: m.EshopReturnsPage })),
  },
  {
    path: '/orders/refunds',
    title: 'Refunds',
    section: 'E-shop',
    load: () => import('../pages/eshop/returns-pages').then((m) => ({ Component: m.EshopRefundsPage })),
  },
  {
    path: '/customers',
    title: 'Customers',
    section: 'E-shop',
    load: () => import('../pages/eshop/customers-page').then((m) => ({ Component: m.EshopCustomersPage })),
  },
];

/** The page at a location: by its exact path, else by a path with an id segment. */
export function pageAt(pathname: string): PageDef | undefined {
  return (
    PAGES.find((page) => page.path === pathname) ??
    PAGES.find((page) => page.path.includes('/:') && matchPath(page.path, pathname) !== null)
  );
}

/**
 * The web contract: what each route of the table (routes.ts) answers with in its envelope's `data`,
 * keyed by the route id (`'<METHOD> <path>'`). The web client (web/src/api/client.ts
 * `routeRequest`/`routeData`) types its answers by it, and the server's presenters return the same
 * wire types (the `*-views.ts` files). `Blob` marks a route that answers with a file rather than the
 * envelope; `null` one whose `data` carries nothing. Every route of the table is declared: a route
 * added to routes.ts without its wire type fails the type check (`Undeclared` below), and so do a
 * route declared `unknown` (`Untyped`) and a key that is not a route id (`Unrouted`).
 */
import type { ApprovalRulesView } from './approval-rules.ts';
import type { ExitSettlementView, MemberExitView } from './member-exit-views.ts';
import type {
  AccountStatement,
  AnalysisReport,
  BalanceSheet,
  ConsolidatedReport,
  IncomeStatement,
  LedgerStatement,
  MemberBalanceRow,
  TrialBalanceReport,
} from './report-views.ts';
import type {
  FinancialYearView,
  FinancialYearsView,
  GlAccountView,
  GlBalanceView,
  InvestmentView,
  JournalEntryView,
} from './accounting-views.ts';
import type {
  DividendComputationView,
  DividendDeclarationView,
  DividendGlSetupView,
  DividendMemberView,
  HeadOfficeSummaries,
  HeadOfficeSummaryView,
  MemberDividendsView,
  RevenueSharingView,
} from './dividend-views.ts';
import type { AssetDetailView, AssetTypeView, AssetView } from './asset-views.ts';
import type { NotificationPreferencesView, NotificationsPage } from './notification-views.ts';
import type { ChatConversationView, ChatMessagesPage, ChatMessageView, ChatPerson } from './chat-views.ts';
import type { CooperativeDetailView, CooperativeView, RegistrationLinkView } from './cooperative-views.ts';
import type {
  MemberDashboardView,
  PlatformDashboardView,
  StaffDashboardView,
  TileDataView,
} from './dashboard-views.ts';
import type { AuditRecordView } from './audit.ts';
import type { Page } from './envelope.ts';
import type {
  EshopCustomerView,
  EshopOrderView,
  EshopSettingsView,
  EshopProductView,
  StockMovementView,
  StockView,
} from './eshop-views.ts';
import type { EshopDashboardView, EshopSalesReportView, EshopTransactionView } from './eshop-report-views.ts';
import type {
  ImportStartedView,
  LoanImportStatusView,
  MemberImportStatusView,
  SavingsImportStartedView,
  SavingsImportStatusView,
} from './import-views.ts';
import type {
  LoanView,
  LoanOffsetView,
  OffsetDetailView,
  OffsetLookupView,
  OffsettableLoanView,
  ScheduleRowView,
  SchedulePreviewView,
  SuretyRequestView,
  SuretyView,
} from './loan-views.ts';
import type { FormLinkView, LoanFormView } from './loanform-views.ts';
import type {
  ApprovedMemberView,
  DirectoryMemberView,
  MemberCountsView,
  MemberDetailView,
  MemberDocumentsView,
  MemberRowView,
  MemberStatusView,
  PendingMemberView,
  PublicCooperativeView,
  RegistrationView,
} from './member-views.ts';
import type { PayrollFilePeriod, PayrollRunView, ReconciliationView } from './payroll-views.ts';
import type { RoleAccessView, RoleView } from './role-views.ts';
import type { RouteId } from './routes.ts';
import type {
  ChangeRequestView,
  InterestRunView,
  MemberTransactionView,
  SavingsPlanView,
  ScheduleItemView,
  TransactionOrderView,
} from './savings-views.ts';
import type {
  BankAccountView,
  BankView,
  BirthdayTemplateView,
  CalculationMethodView,
  ChargeView,
  ClientProfileView,
  CoaCategoryView,
  CoaSubCategoryView,
  EshopCategoryView,
  GeneratedCodeView,
  LedgerAccountView,
  LoanSetupView,
  LookupView,
  NamedSetupView,
  PaymentModeView,
  ProductCategoryView,
  ProductView,
  SavingsSetupView,
} from './setup-views.ts';
import type { ActivityView, LoginView, MeView, SystemUserView, UserView } from './user-views.ts';
import type {
  BallotView,
  ContestantView,
  ElectionResults,
  ElectionView,
  PositionResult,
  PositionView,
} from './voting-views.ts';

/** The five routes of a setup entity (routes.ts `crud`): list, single, create, update, delete. */
type Crud<Base extends string, T, DeletePath extends string = Base> = {
  [K in `GET ${Base}`]: Page<T>;
} & { [K in `GET ${Base}/single`]: T } & { [K in `POST ${Base}`]: T } & { [K in `POST ${Base}/update`]: T } & {
  [K in `DELETE ${DeletePath}`]: null;
};

interface Routes {
  // auth
  'POST /auth/login': LoginView;
  'POST /auth/change-password': null;
  'PATCH /auth/password-reset': null;
  'GET /auth/me': MeView;
  'POST /auth/signed-in': MeView;
  'GET /user/activity': ActivityView[];
  'GET /user/coopledger/single': UserView;

  // lookups
  'GET /banks': BankView[];
  'GET /utilities/countries': LookupView[];
  'GET /utilities/state': LookupView[];
  'GET /calculation-method': CalculationMethodView[];
  'GET /payment-mode': PaymentModeView[];

  // cooperatives
  'GET /cooperative/all': Page<CooperativeView>;
  'GET /cooperative': CooperativeView;
  'POST /cooperative': CooperativeDetailView;
  'POST /cooperative/update': CooperativeDetailView;
  'DELETE /cooperative': null;
  'GET /utilities/send-registration-email': RegistrationLinkView;

  // dashboards
  'GET /dashboard': PlatformDashboardView;
  'GET /dashboard/tile-data': TileDataView;
  'GET /cooperative/dashboard': StaffDashboardView;
  'GET /cooperative/member/single/dashboard': MemberDashboardView;

  // setup
  'GET /cooperative/templates': BirthdayTemplateView[];
  'POST /cooperative/templates': BirthdayTemplateView[];
  'DELETE /cooperative/templates': null;
  'GET /client': ClientProfileView;
  'POST /client/update': ClientProfileView;
  'GET /cooperative/product/by-category': ProductView[];
  'GET /product/by-category': ProductView[];
  'GET /cooperative/coa/generate-code': GeneratedCodeView;
  'GET /coa/generate-code': GeneratedCodeView;
  'GET /cooperative/gl-accounts': Page<GlBalanceView>;

  // e-shop product categories: the GET lists them, or reads one when category_id is given
  'GET /e-shop/admin/product-category': Page<EshopCategoryView> | EshopCategoryView;
  'POST /e-shop/admin/product-category': EshopCategoryView;
  'POST /e-shop/admin/product-category/update': EshopCategoryView;
  'DELETE /e-shop/admin/product-category': null;
  // the store's products (a cooperative's catalogue)
  'GET /cooperative/e-shop/product': Page<EshopProductView>;
  'GET /cooperative/e-shop/product/single': EshopProductView;
  'POST /cooperative/e-shop/product': EshopProductView;
  'POST /cooperative/e-shop/product/update': EshopProductView;
  'DELETE /cooperative/e-shop/product': null;
  'POST /cooperative/e-shop/product/image': EshopProductView;
  'DELETE /cooperative/e-shop/product/image': EshopProductView;
  'GET /cooperative/e-shop/product/export': Blob;
  'GET /cooperative/e-shop/stock': Page<StockView>;
  'GET /cooperative/e-shop/stock/movements': Page<StockMovementView>;
  'POST /cooperative/e-shop/stock/receipt': StockMovementView;
  'POST /cooperative/e-shop/stock/adjustment': StockMovementView;
  'GET /cooperative/e-shop/damages': Page<StockMovementView>;
  'POST /cooperative/e-shop/damages': StockMovementView;
  'GET /cooperative/e-shop/order': Page<EshopOrderView>;
  'GET /cooperative/e-shop/order/single': EshopOrderView;
  'POST /cooperative/e-shop/order/status': EshopOrderView;
  'POST /cooperative/e-shop/order/return': EshopOrderView;
  'GET /cooperative/e-shop/customer': Page<EshopCustomerView>;
  'POST /cooperative/e-shop/customer/status': EshopCustomerView;
  'GET /cooperative/e-shop/settings': EshopSettingsView;
  'POST /cooperative/e-shop/settings': EshopSettingsView;
  // the store's dashboard and reports (download=true answers with the .xlsx instead)
  'GET /cooperative/e-shop/dashboard': EshopDashboardView;
  'GET /cooperative/e-shop/report/transactions': Page<EshopTransactionView>;
  'GET /cooperative/audit-log': Page<AuditRecordView>;
  'GET /platform/audit-log': Page<AuditRecordView>;
  'GET /cooperative/audit-log/history': Page<AuditRecordView>;
  'GET /cooperative/e-shop/report/sales': EshopSalesReportView;
  'POST /member/e-shop/order': EshopOrderView;
  'GET /member/e-shop/order': Page<EshopOrderView>;
  'POST /member/e-shop/order/cancel': EshopOrderView;

  // roles and users
  'GET /roles/all': Page<RoleView>;
  'GET /roles/search': Page<RoleView>;
  'POST /roles': RoleView;
  'POST /roles/update': RoleView;
  'DELETE /roles': null;
  'GET /roles/access': RoleAccessView[];
  'POST /roles/access': RoleAccessView;
  'GET /user/coopledger': Page<SystemUserView>;
  'POST /user/coopledger': SystemUserView;
  'POST /user/coopledger/update': SystemUserView;
  'DELETE /user/coopledger': null;

  // assets
  'POST /cooperative/asset/approve': AssetView;
  'POST /cooperative/asset/deny': AssetView;

  // members
  'GET /cooperative/member': Page<MemberRowView>;
  'GET /cooperative/member/directory': Page<DirectoryMemberView>;
  'GET /cooperative/member/get-deactivated-members': Page<MemberRowView>;
  'GET /cooperative/member/statistics': MemberCountsView;
  'GET /cooperative/member/download-report': Blob;
  'GET /cooperative/member/download-sample': Blob;
  'POST /cooperative/member': MemberDetailView;
  'GET /cooperative/member/single': MemberDetailView;
  // a member's statement of a period (format pdf or xlsx); members download their own
  'GET /cooperative/member/statement': Blob;
  'GET /member/statement': Blob;
  'POST /cooperative/member/details/edit': MemberDetailView;
  'POST /cooperative/member/details/update-document': MemberDocumentsView;
  'POST /cooperative/member/details/change-password': null;
  'GET /cooperative/member/activate': MemberStatusView;
  'GET /cooperative/member/deactivate': MemberStatusView;
  'GET /cooperative/member/exit/settlement': ExitSettlementView;
  'POST /cooperative/member/exit/request': MemberExitView;
  'POST /cooperative/member/exit/approve': MemberExitView;
  'POST /cooperative/member/exit/deny': MemberExitView;
  'POST /cooperative/member/exit/cancel': MemberExitView;
  'POST /cooperative/member/import': ImportStartedView;
  'GET /cooperative/member/import/status': MemberImportStatusView;
  'GET /cooperative/member/import/report': Blob;
  'GET /cooperative/pending_members': Page<PendingMemberView>;
  'GET /cooperative/pending_members/single': PendingMemberView;
  'GET /cooperative/pending_members/deny': null;
  'POST /cooperative/pending_members/approve': ApprovedMemberView;
  'GET /cooperative/pending_members/get-cooperative': PublicCooperativeView;
  'GET /cooperative/pending_members/get-department': LookupView[];
  'POST /cooperative/pending_members': RegistrationView;

  // savings
  'POST /cooperative/member/savings/add-plan': SavingsPlanView;
  'GET /savings': Page<SavingsPlanView>;
  'GET /target-savings-schedule': Page<ScheduleItemView>;
  'POST /cooperative/member/savings/change-amount': ChangeRequestView;
  'GET /cooperative/savings/request': Page<ChangeRequestView>;
  'GET /cooperative/savings/request/member': Page<ChangeRequestView>;
  'POST /cooperative/savings/request/approve': ChangeRequestView;
  'POST /cooperative/savings/request/deny': ChangeRequestView;
  'POST /cooperative/transaction-order': TransactionOrderView;
  'GET /cooperative/transaction-order/deposits': Page<TransactionOrderView>;
  'GET /cooperative/transaction-order/withdrawals': Page<TransactionOrderView>;
  'GET /cooperative/transaction-order/savings': Page<SavingsPlanView>;
  'POST /cooperative/transaction-order/approve': TransactionOrderView;
  'POST /cooperative/transaction-order/deny': TransactionOrderView;
  'GET /cooperative/member/details/transaction-history': Page<MemberTransactionView>;
  'POST /cooperative/savings/credit-interest': InterestRunView;
  'GET /cooperative/member/savings/download-sample': Blob;
  'POST /savings/import': SavingsImportStartedView;
  'GET /savings/import/status': SavingsImportStatusView;
  'GET /savings/import/report': Blob;

  // loans
  'POST /cooperative/loans/schedule-preview': SchedulePreviewView;
  'POST /cooperative/member/loans/apply': LoanView;
  'GET /cooperative/loans/list': Page<LoanView>;
  'GET /cooperative/loans/single': LoanView;
  'GET /cooperative/member/loans': Page<LoanView>;
  'GET /cooperative/loans/loan-schedule': ScheduleRowView[];
  'GET /cooperative/loans/view-surety': SuretyView[];
  'POST /cooperative/member/loans/approve': LoanView;
  'GET /cooperative/member/loans/deny': LoanView;
  'GET /cooperative/loans/mark-as-completed': LoanView;
  'GET /cooperative/loans/mark-as-running': LoanView;
  'GET /cooperative/loans/mark-as-incomplete': LoanView;
  'DELETE /cooperative/member/loans/delete': null;
  'POST /cooperative/member/loans/replace-surety': LoanView;
  'POST /cooperative/member/surety/release': SuretyRequestView;
  'GET /cooperative/member/surety': Page<SuretyRequestView>;
  'GET /cooperative/member/surety/requests': Page<SuretyRequestView>;
  'POST /cooperative/member/surety/approve': SuretyRequestView;
  'POST /cooperative/member/surety/deny': SuretyRequestView;
  'GET /cooperative/loan-offset/mode': OffsetLookupView[];
  'GET /cooperative/loan-offset/type': OffsetLookupView[];
  'GET /cooperative/loan-offset/member': OffsettableLoanView[];
  'GET /cooperative/loan-offset/loan-detail': OffsetDetailView;
  'GET /cooperative/loan-offset/history': Page<LoanOffsetView>;
  'POST /cooperative/loan-offset': LoanOffsetView;
  'GET /cooperative/loans/download-sample': Blob;
  'POST /cooperative/loans/import': ImportStartedView;
  'GET /cooperative/loans/import/status': LoanImportStatusView;
  'GET /cooperative/loans/import/report': Blob;

  // loan forms
  'POST /cooperative/loans/form/upload-loan-form': LoanFormView;
  'GET /cooperative/loans/form': Page<LoanFormView>;
  'GET /cooperative/loans/form/member': Page<LoanFormView>;
  'GET /cooperative/loans/download-uploaded-form': FormLinkView;
  'GET /cooperative/loans/download-loan-form': Blob;

  // accounting
  'GET /cooperative/journal-entry': Page<JournalEntryView>;
  'GET /cooperative/journal-entry/single': JournalEntryView;
  'POST /cooperative/journal-entry': JournalEntryView;
  'POST /cooperative/journal-entry/update': JournalEntryView;
  'GET /cooperative/journal-entry/awaiting': Page<JournalEntryView>;
  'POST /cooperative/journal-entry/approve': JournalEntryView;
  'POST /cooperative/journal-entry/deny': JournalEntryView;
  'GET /cooperative/approval-rules': ApprovalRulesView;
  'PUT /cooperative/approval-rules': ApprovalRulesView;
  'GET /cooperative/dividend/gl-setup': DividendGlSetupView;
  'POST /cooperative/dividend/gl-setup': DividendGlSetupView;
  'GET /cooperative/dividend/revenue-sharing': RevenueSharingView;
  'POST /cooperative/dividend/compute': DividendComputationView;
  'GET /cooperative/dividend/declarations': Page<DividendDeclarationView>;
  'POST /cooperative/dividend/declarations': DividendDeclarationView;
  'POST /cooperative/dividend/declarations/upload': DividendDeclarationView;
  'GET /cooperative/dividend/declarations/download-sample': Blob;
  'GET /cooperative/dividend/declarations/single': DividendDeclarationView;
  'GET /cooperative/dividend/declarations/members': Page<DividendMemberView>;
  'DELETE /cooperative/dividend/declarations': null;
  'POST /cooperative/dividend/declarations/approve': DividendDeclarationView;
  'POST /cooperative/dividend/declarations/pay': DividendDeclarationView;
  'GET /cooperative/dividend/head-office-summary': HeadOfficeSummaryView;
  'POST /cooperative/dividend/head-office-summary/targets': HeadOfficeSummaryView;
  'GET /head-office-summary': HeadOfficeSummaries;
  'GET /member/dividends': MemberDividendsView;
  'DELETE /cooperative/journal-entry': null;
  'GET /cooperative/investment-tracker': Page<InvestmentView>;
  'POST /cooperative/investment-tracker': InvestmentView;
  'POST /cooperative/investment-tracker/close': InvestmentView;
  'GET /cooperative/financial-years': FinancialYearsView;
  'POST /cooperative/financial-years/close': FinancialYearView;
  'POST /cooperative/financial-years/reopen': FinancialYearView;

  // reports (download=true answers with the .xlsx instead)
  'GET /cooperative/reports/trial-balance': TrialBalanceReport;
  'GET /cooperative/reports/get-ledger-statement': LedgerStatement;
  'GET /cooperative/reports/income-statement': IncomeStatement;
  'GET /cooperative/reports/balance-sheet': BalanceSheet;
  'GET /cooperative/reports/get-account-statement': AccountStatement;
  'GET /cooperative/reports/member-balance': Page<MemberBalanceRow>;
  'GET /cooperative/reports/analysis': AnalysisReport;
  'GET /consolidated-report': ConsolidatedReport;

  // payroll
  'POST /cooperative/monthly-deduction/download': Blob;
  'POST /cooperative/monthly-deduction/upload': PayrollRunView;
  'POST /cooperative/monthly-deduction/inspect': PayrollFilePeriod;
  'GET /cooperative/monthly-deduction/runs': Page<PayrollRunView>;
  'GET /cooperative/monthly-deduction/single': PayrollRunView;
  'GET /cooperative/monthly-deduction/report': Blob;
  'GET /cooperative/monthly-deduction/reconciliation': ReconciliationView;
  'POST /cooperative/monthly-deduction/reverse': PayrollRunView;

  // voting
  'GET /cooperative/voting/election': Page<ElectionView>;
  'GET /cooperative/voting/election/single': ElectionView;
  'POST /cooperative/voting/election': ElectionView;
  'POST /cooperative/voting/election/update': ElectionView;
  'DELETE /cooperative/voting/election': null;
  // without position_id: the positions of one election (election_id) or of all, a page
  'GET /cooperative/voting/position/single': PositionView | Page<PositionView>;
  'GET /cooperative/voting/position/election': PositionView[];
  'POST /cooperative/voting/position': PositionView;
  'POST /cooperative/voting/position/update': PositionView;
  'DELETE /cooperative/voting/position': null;
  'GET /cooperative/voting/contestant/single': ContestantView;
  'GET /cooperative/voting/contestant/position': ContestantView[];
  'POST /cooperative/voting/contestant': ContestantView;
  'POST /cooperative/voting/contestant/update': ContestantView;
  'DELETE /cooperative/voting/contestant': null;
  'GET /cooperative/voting/result/election': ElectionResults;
  'GET /cooperative/voting/result/position': PositionResult;
  'POST /cooperative/voting/vote': BallotView;

  // chat
  'GET /chat/contacts': Page<ChatPerson>;
  'GET /chat/conversations': Page<ChatConversationView>;
  'GET /chat/messages': ChatMessagesPage;
  'POST /chat/messages': ChatMessageView;
  'POST /chat/read': { unread: number };
  'GET /chat/unread': { unread: number };
  // notifications
  'GET /user/notifications': NotificationsPage;
  'POST /user/notifications/read': { unread: number };
  'POST /user/notifications/read-all': { unread: number };
  'GET /user/notification-preferences': NotificationPreferencesView;
  'PUT /user/notification-preferences': NotificationPreferencesView;
}

/** Every route id with a declared answer. */
export type RouteResponses = Routes &
  Crud<'/cooperative/department', NamedSetupView, '/cooperative/department/delete'> &
  Crud<'/staff-category', NamedSetupView> &
  Crud<'/cooperative/charge', ChargeView> &
  Crud<'/charge', ChargeView> &
  Crud<'/cooperative/bank-account', BankAccountView> &
  Crud<'/cooperative/product/category', ProductCategoryView> &
  Crud<'/product/category', ProductCategoryView> &
  Crud<'/cooperative/product', ProductView> &
  Crud<'/product', ProductView> &
  Crud<'/cooperative/product-setup/savings', SavingsSetupView> &
  Crud<'/product-setup/savings', SavingsSetupView> &
  Crud<'/cooperative/product-setup/loans', LoanSetupView> &
  Crud<'/product-setup/loans', LoanSetupView> &
  Crud<'/cooperative/coa/categories', CoaCategoryView> &
  Crud<'/coa/categories', CoaCategoryView> &
  Crud<'/cooperative/coa/sub_categories', CoaSubCategoryView> &
  Crud<'/coa/sub_categories', CoaSubCategoryView> &
  Crud<'/cooperative/coa', GlAccountView> &
  Crud<'/coa', LedgerAccountView> &
  Crud<'/cooperative/asset/type', AssetTypeView> &
  Omit<Crud<'/cooperative/asset', AssetView>, 'GET /cooperative/asset/single'> & {
    'GET /cooperative/asset/single': AssetDetailView;
  };

/** Holds only `never`: a non-empty set of route ids put in it fails the type check, naming them. */
export type Empty<T extends never> = T;
/** Keys of the contract that name no route: must stay empty, so a renamed route fails here too. */
export type Unrouted = Empty<Exclude<keyof RouteResponses, RouteId>>;
/** Routes of the table without a wire type: must stay empty, so a new route needs its type here. */
export type Undeclared = Empty<Exclude<RouteId, keyof RouteResponses>>;
/** Routes declared as answering `unknown` (or `any`): must stay empty too. */
export type Untyped = Empty<{ [K in RouteId]: unknown extends RouteResponses[K] ? K : never }[RouteId]>;

/** What a route answers with in its envelope's `data`. */
export type ResponseOf<K extends RouteId> = RouteResponses[K];

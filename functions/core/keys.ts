import { PLATFORM_TENANT } from '@coopledger/shared/roles';

/**
 * Key composition for every entity, declared in one place (the way ElectroDB/dynamodb-toolbox declare
 * entities). Every partition key starts with the tenant: `T#<cooperative id>` or `T#PLATFORM`.
 * docs/data-model.md lists each access pattern and the key condition that serves it.
 */
export interface Key {
  pk: string;
  sk: string;
}

const t = (tenant: string) => `T#${tenant}`;
const chatPair = (coopId: string, a: string, b: string) => {
  const [first, second] = [a.toUpperCase(), b.toUpperCase()].sort();
  return `${t(coopId)}#CHAT#${first}#${second}`;
};

/**
 * Payroll due items are split in this many partitions (read in parallel), so a payroll's updates
 * of a large cooperative's loans are not all written to one partition.
 */
export const PAYROLL_DUE_SHARDS = 4;
/** The member month items of a month are split in this many partitions, by the same hash. */
export const MEMBER_MONTH_SHARDS = PAYROLL_DUE_SHARDS;
const memberShard = (memberId: string) => {
  let hash = 0;
  for (const char of memberId.toUpperCase()) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return hash % PAYROLL_DUE_SHARDS;
};

/** The sort key of every list of the store's products: the lower-cased name, then the id. */
const productOrder = (name: string, productId: string) => `${name.trim().toLowerCase()}#${productId}`;

export const keys = {
  /** A cooperative's profile lives in its own tenant; the platform index lists them by code. */
  cooperative: (coopId: string): Key => ({ pk: t(coopId), sk: 'PROFILE' }),
  /** The cooperative's dividend GL accounts (one item; functions/dividends/gl-setup-entity.ts). */
  dividendGlSetup: (coopId: string): Key => ({ pk: t(coopId), sk: 'DIVIDEND_GL_SETUP' }),
  /** The periods of the cooperative's approved dividends (one item, replaced under its version). */
  dividendPeriods: (coopId: string): Key => ({ pk: t(coopId), sk: 'DIVIDEND_PERIODS' }),
  /** A financial year that was closed (accounting/financial-years.ts), by its last day. */
  financialYear: (coopId: string, end: string): Key => ({ pk: t(coopId), sk: `FYEAR#${end}` }),
  /** The financial year items: the cooperative's partition, under this sort key prefix. */
  financialYears: (coopId: string) => ({ pk: t(coopId), skPrefix: 'FYEAR#' }),
  /** A dividend declaration's head; its member lines share its partition (dividends/declaration-entity.ts). */
  dividend: (coopId: string, id: string): Key => ({ pk: `${t(coopId)}#DIVIDEND#${id}`, sk: 'HEAD' }),
  dividendIndex: (coopId: string, createdAt: string, id: string) => ({
    gsi1pk: `${t(coopId)}#DIVIDENDS`,
    gsi1sk: `${createdAt}#${id}`,
  }),
  dividendsPartition: (coopId: string) => `${t(coopId)}#DIVIDENDS`,
  dividendMember: (coopId: string, id: string, memberId: string): Key => ({
    pk: `${t(coopId)}#DIVIDEND#${id}`,
    sk: `M#${memberId.toUpperCase()}`,
  }),
  dividendPartition: (coopId: string, id: string) => `${t(coopId)}#DIVIDEND#${id}`,
  /** The cooperative's targets of a year for the head office summary (dividends/head-office-target-entity.ts). */
  headOfficeTargets: (coopId: string, year: number): Key => ({ pk: t(coopId), sk: `HEAD_OFFICE_TARGETS#${year}` }),
  cooperativeIndex: (code: string) => ({ gsi1pk: `${t(PLATFORM_TENANT)}#COOPS`, gsi1sk: code.toUpperCase() }),
  cooperativesPartition: () => `${t(PLATFORM_TENANT)}#COOPS`,
  /** A cooperative's search item for one token (a word of its name, its code): prefix Queries. */
  cooperativeSearch: (token: string, coopId: string): Key => ({
    pk: `${t(PLATFORM_TENANT)}#CSEARCH`,
    sk: `${token}#${coopId}`,
  }),
  cooperativeSearchPartition: () => `${t(PLATFORM_TENANT)}#CSEARCH`,
  /** Uniqueness of a cooperative code, and lookup by code (public registration). */
  cooperativeCode: (code: string): Key => ({ pk: `${t(PLATFORM_TENANT)}#COOPCODE#${code.toUpperCase()}`, sk: 'CODE' }),

  /** Per-cooperative counters (member number sequence, ...) and figures. */
  counter: (tenant: string, name: string): Key => ({ pk: t(tenant), sk: `COUNTER#${name}` }),
  stats: (tenant: string): Key => ({ pk: t(tenant), sk: 'STATS' }),

  /** A sign-in user of a tenant; the login ID is also the Cognito username. */
  user: (tenant: string, loginId: string): Key => ({ pk: `${t(tenant)}#USER#${loginId.toUpperCase()}`, sk: 'USER' }),
  userIndex: (tenant: string, loginId: string) => ({ gsi1pk: `${t(tenant)}#USERS`, gsi1sk: loginId.toUpperCase() }),
  usersPartition: (tenant: string) => `${t(tenant)}#USERS`,
  /** A cooperative's staff users (admins, accountants) by login ID (gsi2): the chat contacts of its members. */
  staffUserIndex: (tenant: string, loginId: string) => ({
    gsi2pk: `${t(tenant)}#STAFFUSERS`,
    gsi2sk: loginId.toUpperCase(),
  }),
  staffUsersPartition: (tenant: string) => `${t(tenant)}#STAFFUSERS`,
  /** A user's search item for one token (a name word, the login ID, email, role): prefix Queries. */
  userSearch: (tenant: string, token: string, loginId: string): Key => ({
    pk: `${t(tenant)}#USEARCH`,
    sk: `${token}#${loginId.toUpperCase()}`,
  }),
  userSearchPartition: (tenant: string) => `${t(tenant)}#USEARCH`,
  /** Login IDs are unique across the platform: this claim item is written with the user. */
  loginClaim: (loginId: string): Key => ({ pk: `${t(PLATFORM_TENANT)}#LOGIN#${loginId.toUpperCase()}`, sk: 'LOGIN' }),

  /** A member; the member id is the member number (login ID). */
  member: (coopId: string, memberId: string): Key => ({
    pk: `${t(coopId)}#MEMBER#${memberId.toUpperCase()}`,
    sk: 'MEMBER',
  }),
  memberIndex: (coopId: string, sortName: string, memberId: string) => ({
    gsi1pk: `${t(coopId)}#MEMBERS`,
    gsi1sk: `${sortName.toLowerCase()}#${memberId.toUpperCase()}`,
  }),
  membersPartition: (coopId: string) => `${t(coopId)}#MEMBERS`,
  /** The cooperative's members of one status, by name (gsi2): the deactivated members' list. */
  memberStatusIndex: (coopId: string, status: number, sortName: string, memberId: string) => ({
    gsi2pk: `${t(coopId)}#MEMBERS#S${status}`,
    gsi2sk: `${sortName.toLowerCase()}#${memberId.toUpperCase()}`,
  }),
  membersOfStatusPartition: (coopId: string, status: number) => `${t(coopId)}#MEMBERS#S${status}`,
  /** A member's search item for one token (a name word, the number, email, staff ID or phone): prefix Queries. */
  memberSearch: (coopId: string, token: string, memberId: string): Key => ({
    pk: `${t(coopId)}#MSEARCH`,
    sk: `${token}#${memberId.toUpperCase()}`,
  }),
  memberSearchPartition: (coopId: string) => `${t(coopId)}#MSEARCH`,
  /** A public registration awaiting approval (status 0), approved (1) or denied (2); listed newest first. */
  pendingMember: (coopId: string, id: string): Key => ({ pk: `${t(coopId)}#PENDING#${id}`, sk: 'PENDING' }),
  pendingMemberIndex: (coopId: string, createdAt: string, id: string) => ({
    gsi1pk: `${t(coopId)}#PENDINGS`,
    gsi1sk: `${createdAt}#${id}`,
  }),
  pendingMembersPartition: (coopId: string) => `${t(coopId)}#PENDINGS`,
  /** The cooperative's registrations of one status, by creation time (gsi2): the list of a status, newest first. */
  pendingMemberStatusIndex: (coopId: string, status: number, createdAt: string, id: string) => ({
    gsi2pk: `${t(coopId)}#PENDINGS#S${status}`,
    gsi2sk: `${createdAt}#${id}`,
  }),
  pendingMembersOfStatusPartition: (coopId: string, status: number) => `${t(coopId)}#PENDINGS#S${status}`,
  /** A registration's search item for one token (a name word, email, phone), filed under its status: prefix Queries. */
  registrationSearch: (coopId: string, status: number, token: string, id: string): Key => ({
    pk: `${t(coopId)}#RSEARCH#S${status}`,
    sk: `${token}#${id}`,
  }),
  registrationSearchPartition: (coopId: string, status: number) => `${t(coopId)}#RSEARCH#S${status}`,
  /** A fixed-window request counter (rate limits), removed by TTL after its window. */
  rateCounter: (tenant: string, name: string, window: string): Key => ({
    pk: `${t(tenant)}#RATE#${name}#${window}`,
    sk: 'RATE',
  }),
  /** A member import: its file, progress and result. */
  memberImport: (coopId: string, importId: string): Key => ({
    pk: `${t(coopId)}#MEMBERIMPORT#${importId}`,
    sk: 'IMPORT',
  }),
  /** A savings import: its file, type, bank, progress and result. */
  savingsImport: (coopId: string, importId: string): Key => ({
    pk: `${t(coopId)}#SAVINGSIMPORT#${importId}`,
    sk: 'IMPORT',
  }),

  /** The chart of accounts: categories, sub-categories and ledger (GL) accounts share a partition. */
  coaPartition: (coopId: string) => `${t(coopId)}#COA`,
  coaCategory: (coopId: string, code: string): Key => ({ pk: `${t(coopId)}#COA`, sk: `CAT#${code}` }),
  coaSubCategory: (coopId: string, code: string): Key => ({ pk: `${t(coopId)}#COA`, sk: `SUB#${code}` }),
  glAccount: (coopId: string, code: string): Key => ({ pk: `${t(coopId)}#COA`, sk: `GL#${code}` }),

  /** Setup records of a cooperative (departments, products, setups, charges, bank accounts). */
  setup: (coopId: string, kind: string, id: string): Key => ({ pk: `${t(coopId)}#${kind}`, sk: id }),
  setupPartition: (coopId: string, kind: string) => `${t(coopId)}#${kind}`,
  /** A setup record of a kind listed by name (gsi1): its lower-cased name, then its id. */
  setupNameIndex: (coopId: string, kind: string, name: string, id: string) => ({
    gsi1pk: `${t(coopId)}#${kind}#BYNAME`,
    gsi1sk: `${name.toLowerCase()}#${id}`,
  }),
  setupNamePartition: (coopId: string, kind: string) => `${t(coopId)}#${kind}#BYNAME`,
  /**
   * A claim on a unique value of a setup record (a name, a code, the product of a setup), written
   * with the record under `attribute_not_exists`, so two records can never share it.
   */
  uniqueClaim: (tenant: string, kind: string, field: string, value: string): Key => ({
    pk: `${t(tenant)}#UNIQUE#${kind}#${field}#${value.trim().toLowerCase()}`,
    sk: 'CLAIM',
  }),

  /** The Role Access grid of every role, one item for the platform (read once per instance per 30 s). */
  roleAccess: (): Key => ({ pk: `${t(PLATFORM_TENANT)}#ROLEACCESS`, sk: 'GRID' }),
  /** The platform client's profile (Client Setup). */
  clientProfile: (): Key => ({ pk: t(PLATFORM_TENANT), sk: 'CLIENT' }),

  /** Ledger: a journal (posting) header, listed by month and date. */
  journal: (coopId: string, journalId: string): Key => ({ pk: `${t(coopId)}#JOURNAL#${journalId}`, sk: 'HEAD' }),
  journalIndex: (coopId: string, date: string, journalId: string) => ({
    gsi1pk: `${t(coopId)}#JOURNALS#${date.slice(0, 7)}`,
    gsi1sk: `${date}#${journalId}`,
  }),
  journalsByMonth: (coopId: string, month: string) => `${t(coopId)}#JOURNALS#${month}`,
  /** One item per journal line, in the account's monthly partition, for ledger statements. */
  journalLine: (coopId: string, glCode: string, date: string, journalId: string, lineNo: number): Key => ({
    pk: `${t(coopId)}#GL#${glCode}#${date.slice(0, 7)}`,
    sk: `${date}#${journalId}#${String(lineNo).padStart(3, '0')}`,
  }),
  journalLinesPartition: (coopId: string, glCode: string, month: string) => `${t(coopId)}#GL#${glCode}#${month}`,
  /** Running totals: per account per month, per account per day, and per account for all time. */
  glMonthBalance: (coopId: string, month: string, glCode: string): Key => ({
    pk: `${t(coopId)}#GLBAL`,
    sk: `${month}#${glCode}`,
  }),
  glMonthBalancesPartition: (coopId: string) => `${t(coopId)}#GLBAL`,
  /** Per account per day, one partition a month: the partial months at the edges of a report's range. */
  glDayBalance: (coopId: string, date: string, glCode: string): Key => ({
    pk: `${t(coopId)}#GLDAY#${date.slice(0, 7)}`,
    sk: `${date}#${glCode}`,
  }),
  glDayBalancesPartition: (coopId: string, month: string) => `${t(coopId)}#GLDAY#${month}`,
  glTotal: (coopId: string, glCode: string): Key => ({ pk: `${t(coopId)}#GLTOT`, sk: glCode }),
  glTotalsPartition: (coopId: string) => `${t(coopId)}#GLTOT`,
  /** An open WebSocket connection of a user (the authorizer context names the user on every route). */
  connection: (tenant: string, loginId: string, connectionId: string): Key => ({
    pk: `${t(tenant)}#WSCONN#${loginId.toUpperCase()}`,
    sk: connectionId,
  }),

  /**
   * The audit trail (core/audit.ts): a cooperative's (or the platform's) records newest first by
   * time; by the person (gsi1) and by the entity and id they changed (gsi2). Never changed or deleted.
   */
  audit: (tenant: string, at: string, requestId: string): Key => ({
    pk: `${t(tenant)}#AUDIT`,
    sk: `${at}#${requestId}`,
  }),
  auditPartition: (tenant: string) => `${t(tenant)}#AUDIT`,
  auditUserIndex: (tenant: string, loginId: string, at: string, requestId: string) => ({
    gsi1pk: `${t(tenant)}#AUDITBY#${loginId.toUpperCase()}`,
    gsi1sk: `${at}#${requestId}`,
  }),
  auditUserPartition: (tenant: string, loginId: string) => `${t(tenant)}#AUDITBY#${loginId.toUpperCase()}`,
  auditSubjectIndex: (tenant: string, entity: string, id: string, at: string, requestId: string) => ({
    gsi2pk: `${t(tenant)}#AUDITOF#${entity}#${id.toUpperCase()}`,
    gsi2sk: `${at}#${requestId}`,
  }),
  auditSubjectPartition: (tenant: string, entity: string, id: string) =>
    `${t(tenant)}#AUDITOF#${entity}#${id.toUpperCase()}`,

  /** A person's recent actions, newest first by time. */
  activity: (tenant: string, loginId: string, at: string): Key => ({
    pk: `${t(tenant)}#ACTIVITY#${loginId.toUpperCase()}`,
    sk: `${at}#${Math.random().toString(36).slice(2, 8)}`,
  }),

  /**
   * Savings plans (accounts). The plan and its target-savings schedule share a partition; a member's
   * plans are listed by gsi1, the cooperative's by gsi2 (start date order).
   */
  savingsPlan: (coopId: string, planId: string): Key => ({ pk: `${t(coopId)}#SAVINGS#${planId}`, sk: 'PLAN' }),
  savingsPlanIndex: (coopId: string, memberId: string, startDate: string, planId: string) => ({
    gsi1pk: `${t(coopId)}#MEMBERSAVINGS#${memberId.toUpperCase()}`,
    gsi1sk: `${startDate}#${planId}`,
    gsi2pk: `${t(coopId)}#SAVINGSPLANS`,
    gsi2sk: `${startDate}#${planId}`,
  }),
  memberPlansPartition: (coopId: string, memberId: string) => `${t(coopId)}#MEMBERSAVINGS#${memberId.toUpperCase()}`,
  plansPartition: (coopId: string) => `${t(coopId)}#SAVINGSPLANS`,
  /** A target plan's payment schedule item, in payment date order. */
  scheduleItem: (coopId: string, planId: string, paymentDate: string, serial: number): Key => ({
    pk: `${t(coopId)}#SAVINGS#${planId}`,
    sk: `SCHED#${paymentDate}#${String(serial).padStart(5, '0')}`,
  }),
  /** A member's savings totals (balance, available, monthly contribution), kept with every change. */
  memberSavings: (coopId: string, memberId: string): Key => ({
    pk: `${t(coopId)}#MEMBERSAV#${memberId.toUpperCase()}`,
    sk: 'SUMMARY',
  }),
  /** Deposits and withdrawals approved per month (the staff dashboard's overview). */
  savingsMonth: (coopId: string, month: string): Key => ({ pk: `${t(coopId)}#SAVSTATS`, sk: month }),
  savingsMonthsPartition: (coopId: string) => `${t(coopId)}#SAVSTATS`,
  /** A savings change request: the cooperative's list (gsi1) and the member's own (gsi2), newest last. */
  savingsRequest: (coopId: string, requestId: string): Key => ({
    pk: `${t(coopId)}#SAVREQ#${requestId}`,
    sk: 'REQUEST',
  }),
  savingsRequestIndex: (coopId: string, memberId: string, createdAt: string, requestId: string) => ({
    gsi1pk: `${t(coopId)}#SAVREQS`,
    gsi1sk: `${createdAt}#${requestId}`,
    gsi2pk: `${t(coopId)}#MEMBERSAVREQS#${memberId.toUpperCase()}`,
    gsi2sk: `${createdAt}#${requestId}`,
  }),
  savingsRequestsPartition: (coopId: string) => `${t(coopId)}#SAVREQS`,
  memberSavingsRequestsPartition: (coopId: string, memberId: string) =>
    `${t(coopId)}#MEMBERSAVREQS#${memberId.toUpperCase()}`,
  /**
   * A deposit or withdrawal order. gsi1 lists a type by order date (date ranges are one Query);
   * gsi2 holds only pending orders (removed on approve/deny), so pending counts are one Query.
   */
  transactionOrder: (coopId: string, orderId: string): Key => ({ pk: `${t(coopId)}#ORDER#${orderId}`, sk: 'ORDER' }),
  transactionOrderIndex: (coopId: string, type: string, date: string, orderId: string) => ({
    gsi1pk: `${t(coopId)}#ORDERS#${type}`,
    gsi1sk: `${date}#${orderId}`,
  }),
  pendingOrderIndex: (coopId: string, type: string, date: string, orderId: string) => ({
    gsi2pk: `${t(coopId)}#PENDINGORDERS#${type}`,
    gsi2sk: `${date}#${orderId}`,
  }),
  ordersPartition: (coopId: string, type: string) => `${t(coopId)}#ORDERS#${type}`,
  /** A member's orders of a type by order date (core/list-ref-entity.ts entries): the orders list's member search. */
  memberOrderRef: (coopId: string, memberId: string, type: string, date: string, orderId: string): Key => ({
    pk: `${t(coopId)}#MEMBERORDERS#${type}#${memberId.toUpperCase()}`,
    sk: `${date}#${orderId}`,
  }),
  memberOrdersPartition: (coopId: string, memberId: string, type: string) =>
    `${t(coopId)}#MEMBERORDERS#${type}#${memberId.toUpperCase()}`,
  pendingOrdersPartition: (coopId: string, type: string) => `${t(coopId)}#PENDINGORDERS#${type}`,
  /** A member transaction (history row), in the member's partition by transaction date. */
  memberTransaction: (coopId: string, memberId: string, date: string, id: string): Key => ({
    pk: `${t(coopId)}#MEMBERTXN#${memberId.toUpperCase()}`,
    sk: `${date}#${id}`,
  }),
  memberTransactionsPartition: (coopId: string, memberId: string) => `${t(coopId)}#MEMBERTXN#${memberId.toUpperCase()}`,
  /**
   * A member's money figures of one month (savings moved, loan interest paid; functions/savings/
   * member-month-entity.ts), in the month's partitions split like the payroll dues.
   */
  memberMonth: (coopId: string, month: string, memberId: string): Key => ({
    pk: `${t(coopId)}#MEMBERMONTH#${month}#${memberShard(memberId)}`,
    sk: memberId.toUpperCase(),
  }),
  memberMonthPartition: (coopId: string, month: string, shard: number) => `${t(coopId)}#MEMBERMONTH#${month}#${shard}`,

  // ---- loans (functions/loans) ----
  /**
   * A loan with its stored schedule (LoanRow[]) and a `version` bumped by every change to the
   * schedule or balance. gsi1 lists the cooperative's loans by application date; gsi2 a member's
   * loans by creation time.
   */
  loan: (coopId: string, loanId: string): Key => ({ pk: `${t(coopId)}#LOAN#${loanId}`, sk: 'LOAN' }),
  loanIndex: (coopId: string, memberId: string, date: string, createdAt: string, loanId: string) => ({
    gsi1pk: `${t(coopId)}#LOANS`,
    gsi1sk: `${date}#${loanId}`,
    gsi2pk: `${t(coopId)}#MEMBERLOANS#${memberId.toUpperCase()}`,
    gsi2sk: `${createdAt}#${loanId}`,
  }),
  loansPartition: (coopId: string) => `${t(coopId)}#LOANS`,
  /** The loans of one status by application date (core/list-ref-entity.ts entries): the status filter. */
  loanStatusRef: (coopId: string, status: number, date: string, loanId: string): Key => ({
    pk: `${t(coopId)}#LOANSOFSTATUS#${status}`,
    sk: `${date}#${loanId}`,
  }),
  loansOfStatusPartition: (coopId: string, status: number) => `${t(coopId)}#LOANSOFSTATUS#${status}`,
  /** A member's loans by application date (list entries): the loans list's member search. */
  memberLoanRef: (coopId: string, memberId: string, date: string, loanId: string): Key => ({
    pk: `${t(coopId)}#MEMBERLOANREFS#${memberId.toUpperCase()}`,
    sk: `${date}#${loanId}`,
  }),
  memberLoanRefsPartition: (coopId: string, memberId: string) =>
    `${t(coopId)}#MEMBERLOANREFS#${memberId.toUpperCase()}`,
  memberLoansPartition: (coopId: string, memberId: string) => `${t(coopId)}#MEMBERLOANS#${memberId.toUpperCase()}`,
  /** A surety request: the cooperative's list (gsi1) and the surety member's own (gsi2), by creation time. */
  surety: (coopId: string, suretyId: string): Key => ({ pk: `${t(coopId)}#SURETY#${suretyId}`, sk: 'SURETY' }),
  suretyIndex: (coopId: string, memberId: string, createdAt: string, suretyId: string) => ({
    gsi1pk: `${t(coopId)}#SURETIES`,
    gsi1sk: `${createdAt}#${suretyId}`,
    gsi2pk: `${t(coopId)}#MEMBERSURETIES#${memberId.toUpperCase()}`,
    gsi2sk: `${createdAt}#${suretyId}`,
  }),
  suretiesPartition: (coopId: string) => `${t(coopId)}#SURETIES`,
  /** The surety requests of one status by creation time (core/list-ref-entity.ts entries): the status filter. */
  suretyStatusRef: (coopId: string, status: number, createdAt: string, suretyId: string): Key => ({
    pk: `${t(coopId)}#SURETIESOFSTATUS#${status}`,
    sk: `${createdAt}#${suretyId}`,
  }),
  suretiesOfStatusPartition: (coopId: string, status: number) => `${t(coopId)}#SURETIESOFSTATUS#${status}`,
  memberSuretiesPartition: (coopId: string, memberId: string) =>
    `${t(coopId)}#MEMBERSURETIES#${memberId.toUpperCase()}`,
  /**
   * The member's latest loan of a product (`loan_id`), written with every application under a
   * condition, so two applications at once cannot both pass the one-running-loan-per-product rule.
   */
  runningLoanClaim: (coopId: string, memberId: string, productId: string): Key => ({
    pk: `${t(coopId)}#LOANCLAIM#${memberId.toUpperCase()}#${productId}`,
    sk: 'CLAIM',
  }),
  // ---- end of loans ----

  // ---- loan offsets (functions/loans/offsets.ts) ----
  /**
   * A loan offset (a part or full repayment from a bank or from savings): the cooperative's history
   * (gsi1) and the member's own (gsi2), by creation time.
   */
  loanOffset: (coopId: string, offsetId: string): Key => ({ pk: `${t(coopId)}#LOANOFFSET#${offsetId}`, sk: 'OFFSET' }),
  loanOffsetIndex: (coopId: string, memberId: string, createdAt: string, offsetId: string) => ({
    gsi1pk: `${t(coopId)}#LOANOFFSETS`,
    gsi1sk: `${createdAt}#${offsetId}`,
    gsi2pk: `${t(coopId)}#MEMBERLOANOFFSETS#${memberId.toUpperCase()}`,
    gsi2sk: `${createdAt}#${offsetId}`,
  }),
  loanOffsetsPartition: (coopId: string) => `${t(coopId)}#LOANOFFSETS`,
  memberLoanOffsetsPartition: (coopId: string, memberId: string) =>
    `${t(coopId)}#MEMBERLOANOFFSETS#${memberId.toUpperCase()}`,
  // ---- end of loan offsets ----

  // ---- member exits (functions/members/exits.ts) ----
  /** A member's request to leave: the cooperative's requests (gsi1) and the member's own (gsi2), by creation time. */
  memberExit: (coopId: string, exitId: string): Key => ({ pk: `${t(coopId)}#MEMBEREXIT#${exitId}`, sk: 'EXIT' }),
  memberExitIndex: (coopId: string, memberId: string, createdAt: string, exitId: string) => ({
    gsi1pk: `${t(coopId)}#MEMBEREXITS`,
    gsi1sk: `${createdAt}#${exitId}`,
    gsi2pk: `${t(coopId)}#MEMBEREXITS#${memberId.toUpperCase()}`,
    gsi2sk: `${createdAt}#${exitId}`,
  }),
  memberExitsPartition: (coopId: string) => `${t(coopId)}#MEMBEREXITS`,
  memberOwnExitsPartition: (coopId: string, memberId: string) => `${t(coopId)}#MEMBEREXITS#${memberId.toUpperCase()}`,
  /** The claim of a member's one open (pending) exit request: put with the request, deleted when it is decided. */
  openExit: (coopId: string, memberId: string): Key => ({
    pk: `${t(coopId)}#MEMBEREXITOPEN#${memberId.toUpperCase()}`,
    sk: 'OPEN',
  }),
  // ---- end of member exits ----

  // ---- loan forms (functions/loanforms) ----
  /** An uploaded loan form: the cooperative's archive (gsi1) and the member's own (gsi2), by upload time. */
  loanForm: (coopId: string, formId: string): Key => ({ pk: `${t(coopId)}#LOANFORM#${formId}`, sk: 'FORM' }),
  loanFormIndex: (coopId: string, memberId: string, createdAt: string, formId: string) => ({
    gsi1pk: `${t(coopId)}#LOANFORMS`,
    gsi1sk: `${createdAt}#${formId}`,
    gsi2pk: `${t(coopId)}#MEMBERLOANFORMS#${memberId.toUpperCase()}`,
    gsi2sk: `${createdAt}#${formId}`,
  }),
  loanFormsPartition: (coopId: string) => `${t(coopId)}#LOANFORMS`,
  memberLoanFormsPartition: (coopId: string, memberId: string) =>
    `${t(coopId)}#MEMBERLOANFORMS#${memberId.toUpperCase()}`,
  // ---- end of loan forms ----

  // ---- loan import (functions/loans/import.ts) ----
  /** A loan import: its file, progress and result (the loans it creates are ordinary loan items). */
  loanImport: (coopId: string, importId: string): Key => ({ pk: `${t(coopId)}#LOANIMPORT#${importId}`, sk: 'IMPORT' }),
  // ---- end of loan import ----

  // ---- accounting (functions/accounting) ----
  /**
   * A manual journal entry under its transaction code: the current journal, its lines and a version
   * bumped by each edit. gsi1 lists the cooperative's entries by date.
   */
  journalEntry: (coopId: string, code: string): Key => ({ pk: `${t(coopId)}#JE#${code}`, sk: 'ENTRY' }),
  journalEntryIndex: (coopId: string, date: string, code: string) => ({
    gsi1pk: `${t(coopId)}#JES`,
    gsi1sk: `${date}#${code}`,
  }),
  journalEntriesPartition: (coopId: string) => `${t(coopId)}#JES`,
  /** The posted entries only (gsi2, removed by a delete), by date: the journal list's date range. */
  postedJournalEntryIndex: (coopId: string, date: string, code: string) => ({
    gsi2pk: `${t(coopId)}#JES#POSTED`,
    gsi2sk: `${date}#${code}`,
  }),
  postedJournalEntriesPartition: (coopId: string) => `${t(coopId)}#JES#POSTED`,
  /** The entries awaiting approval (gsi2 until approved or denied), by date. */
  awaitingJournalEntryIndex: (coopId: string, date: string, code: string) => ({
    gsi2pk: `${t(coopId)}#JES#AWAITING`,
    gsi2sk: `${date}#${code}`,
  }),
  awaitingJournalEntriesPartition: (coopId: string) => `${t(coopId)}#JES#AWAITING`,
  /** An investment; gsi1 lists the cooperative's by start date. */
  investment: (coopId: string, id: string): Key => ({ pk: `${t(coopId)}#INVEST#${id}`, sk: 'INVESTMENT' }),
  investmentIndex: (coopId: string, startDate: string, id: string) => ({
    gsi1pk: `${t(coopId)}#INVESTMENTS`,
    gsi1sk: `${startDate}#${id}`,
  }),
  investmentsPartition: (coopId: string) => `${t(coopId)}#INVESTMENTS`,
  /** The cooperative's investments of one status (gsi2), by start date: the tracker's status filter. */
  investmentStatusIndex: (coopId: string, status: number, startDate: string, id: string) => ({
    gsi2pk: `${t(coopId)}#INVESTMENTS#S${status}`,
    gsi2sk: `${startDate}#${id}`,
  }),
  investmentsOfStatusPartition: (coopId: string, status: number) => `${t(coopId)}#INVESTMENTS#S${status}`,
  // ---- end of accounting ----

  // ---- batch postings (functions/core/batch-ledger.ts) ----
  /**
   * A batch's partition: one item per posted row (`ROW#<row key>`, written once: the row's
   * idempotency record and what it changed), the GL accumulator shards (`ACC#<n>`) its rows add to,
   * and `SETTLED`, the totals already posted as summarised journals.
   */
  batchPartition: (coopId: string, batchKey: string) => `${t(coopId)}#BATCH#${batchKey}`,
  batchRow: (coopId: string, batchKey: string, rowKey: string): Key => ({
    pk: `${t(coopId)}#BATCH#${batchKey}`,
    sk: `ROW#${rowKey}`,
  }),
  batchAccumulator: (coopId: string, batchKey: string, shard: number): Key => ({
    pk: `${t(coopId)}#BATCH#${batchKey}`,
    sk: `ACC#${shard}`,
  }),
  batchSettled: (coopId: string, batchKey: string): Key => ({ pk: `${t(coopId)}#BATCH#${batchKey}`, sk: 'SETTLED' }),
  // ---- end of batch postings ----

  // ---- payroll (functions/payroll) ----
  /** A payroll run (upload): its file, progress and totals; gsi1 lists the cooperative's runs, newest last. */
  payrollRun: (coopId: string, runId: string): Key => ({ pk: `${t(coopId)}#PAYROLL#${runId}`, sk: 'RUN' }),
  payrollRunIndex: (coopId: string, runId: string) => ({ gsi1pk: `${t(coopId)}#PAYROLLRUNS`, gsi1sk: runId }),
  payrollRunsPartition: (coopId: string) => `${t(coopId)}#PAYROLLRUNS`,
  /**
   * The claim on a period and repayment type: the run holding it and the period's generation (bumped by a reversal).
   */
  payrollPeriod: (coopId: string, start: string, end: string, type: string): Key => ({
    pk: `${t(coopId)}#PAYROLLPERIOD#${start}#${end}#${type}`,
    sk: 'CLAIM',
  }),
  /**
   * A counter every upload of a repayment type moves as it claims its period, so uploads of overlapping periods cannot
   * both pass the overlap check.
   */
  payrollUploadLock: (coopId: string, type: string): Key => ({ pk: `${t(coopId)}#PAYROLLUPLOADS#${type}`, sk: 'LOCK' }),
  /**
   * A payroll due item (functions/payroll/due-entity.ts): an active savings plan or a repaying loan
   * as payroll dues need it, under its member, in one of PAYROLL_DUE_SHARDS partitions picked by
   * the member number.
   */
  payrollDue: (coopId: string, memberId: string, kind: 'PLAN' | 'LOAN' | 'ORDER', id: string): Key => ({
    pk: `${t(coopId)}#PAYDUES#${memberShard(memberId)}`,
    sk: `${memberId.toUpperCase()}#${kind}#${id}`,
  }),
  payrollDuesPartition: (coopId: string, shard: number) => `${t(coopId)}#PAYDUES#${shard}`,
  // ---- end of payroll ----

  // ---- elections ----
  /**
   * An election and all it holds share one partition: the head (`ELECTION`), positions
   * (`POS#<id>`), contestants (`CONT#<id>`), ballots (`VOTE#<position>#<member>`, one per member per
   * position), voters (`VOTER#<member>`) and candidacies (`CANDIDATE#<member>`, one position per
   * member per election). Elections are listed newest first by gsi1.
   */
  election: (coopId: string, electionId: string): Key => ({
    pk: `${t(coopId)}#ELECTION#${electionId}`,
    sk: 'ELECTION',
  }),
  electionIndex: (coopId: string, createdAt: string, electionId: string) => ({
    gsi1pk: `${t(coopId)}#ELECTIONS`,
    gsi1sk: `${createdAt}#${electionId}`,
  }),
  electionsPartition: (coopId: string) => `${t(coopId)}#ELECTIONS`,
  electionPartition: (coopId: string, electionId: string) => `${t(coopId)}#ELECTION#${electionId}`,
  electionPosition: (coopId: string, electionId: string, positionId: string): Key => ({
    pk: `${t(coopId)}#ELECTION#${electionId}`,
    sk: `POS#${positionId}`,
  }),
  electionContestant: (coopId: string, electionId: string, contestantId: string): Key => ({
    pk: `${t(coopId)}#ELECTION#${electionId}`,
    sk: `CONT#${contestantId}`,
  }),
  ballot: (coopId: string, electionId: string, positionId: string, memberId: string): Key => ({
    pk: `${t(coopId)}#ELECTION#${electionId}`,
    sk: `VOTE#${positionId}#${memberId.toUpperCase()}`,
  }),
  voter: (coopId: string, electionId: string, memberId: string): Key => ({
    pk: `${t(coopId)}#ELECTION#${electionId}`,
    sk: `VOTER#${memberId.toUpperCase()}`,
  }),
  candidacy: (coopId: string, electionId: string, memberId: string): Key => ({
    pk: `${t(coopId)}#ELECTION#${electionId}`,
    sk: `CANDIDATE#${memberId.toUpperCase()}`,
  }),
  /** Every position of a cooperative's elections, in creation order (gsi1): the positions list without an election. */
  positionIndex: (coopId: string, createdAt: string, positionId: string) => ({
    gsi1pk: `${t(coopId)}#POSITIONS`,
    gsi1sk: `${createdAt}#${positionId}`,
  }),
  positionsPartition: (coopId: string) => `${t(coopId)}#POSITIONS`,
  /** Positions and contestants are named by their own id alone on the wire: this says which election holds one. */
  votingRef: (coopId: string, id: string): Key => ({ pk: `${t(coopId)}#VOTINGREF#${id}`, sk: 'REF' }),
  // ---- end of elections ----

  // ---- chat ----
  /**
   * A conversation between two people of a cooperative: its messages in time order. The pair is
   * sorted so both sides name the same partition.
   */
  chatMessage: (coopId: string, a: string, b: string, sortKey: string): Key => ({
    pk: chatPair(coopId, a, b),
    sk: sortKey,
  }),
  chatConversationPartition: (coopId: string, a: string, b: string) => chatPair(coopId, a, b),
  /** Each person's side of a conversation (last message, unread), listed latest first by gsi1. */
  chatInbox: (coopId: string, owner: string, partner: string): Key => ({
    pk: `${t(coopId)}#CHATINBOX#${owner.toUpperCase()}`,
    sk: partner.toUpperCase(),
  }),
  chatInboxIndex: (coopId: string, owner: string, lastAt: string, partner: string) => ({
    gsi1pk: `${t(coopId)}#CHATRECENT#${owner.toUpperCase()}`,
    gsi1sk: `${lastAt}#${partner.toUpperCase()}`,
  }),
  chatRecentPartition: (coopId: string, owner: string) => `${t(coopId)}#CHATRECENT#${owner.toUpperCase()}`,
  /** A person's unread messages over all conversations, for the top bar. */
  chatUnread: (coopId: string, owner: string): Key => ({
    pk: `${t(coopId)}#CHATINBOX#${owner.toUpperCase()}`,
    sk: '#UNREAD',
  }),
  /** A person's open WebSocket connections. */
  connectionsPartition: (tenant: string, loginId: string) => `${t(tenant)}#WSCONN#${loginId.toUpperCase()}`,
  // ---- end of chat ----

  // ---- notifications (docs/data-model.md "Notifications") ----
  /**
   * An event to notify people of, written in the transaction of the change that caused it (the
   * outbox): the table's stream (locally, the runtime's poller) delivers it. Until it is delivered it
   * sits in the platform's pending index (gsi2), oldest first; it expires a month after.
   */
  notificationEvent: (coopId: string, id: string): Key => ({ pk: `${t(coopId)}#NOTIFYEVENT#${id}`, sk: 'EVENT' }),
  notificationEventPendingIndex: (createdAt: string, coopId: string, id: string) => ({
    gsi2pk: `${t(PLATFORM_TENANT)}#NOTIFYPENDING`,
    gsi2sk: `${createdAt}#${coopId}#${id}`,
  }),
  notificationEventsPendingPartition: () => `${t(PLATFORM_TENANT)}#NOTIFYPENDING`,
  /** One person's notification (their copy of an event), newest last by its time-ordered id. */
  notification: (tenant: string, loginId: string, id: string): Key => ({
    pk: `${t(tenant)}#NOTIFY#${loginId.toUpperCase()}`,
    sk: `N#${id}`,
  }),
  notificationsPartition: (tenant: string, loginId: string) => `${t(tenant)}#NOTIFY#${loginId.toUpperCase()}`,
  /** A person's unread notifications (gsi1, sparse: removed when read). */
  notificationUnreadIndex: (tenant: string, loginId: string, id: string) => ({
    gsi1pk: `${t(tenant)}#NOTIFYUNREAD#${loginId.toUpperCase()}`,
    gsi1sk: id,
  }),
  notificationsUnreadPartition: (tenant: string, loginId: string) =>
    `${t(tenant)}#NOTIFYUNREAD#${loginId.toUpperCase()}`,
  /** A person's choices of e-mail and SMS, beside their user item. */
  notificationPreferences: (tenant: string, loginId: string): Key => ({
    pk: `${t(tenant)}#USER#${loginId.toUpperCase()}`,
    sk: 'NOTIFYPREFS',
  }),
  /** That a member had their birthday greeting of a year (written once, conditionally). */
  birthdayGreeting: (coopId: string, memberId: string, year: number): Key => ({
    pk: `${t(coopId)}#NOTIFY#${memberId.toUpperCase()}`,
    sk: `birthday#${year}`,
  }),
  /** That a member was told an election's voting opened (written once, conditionally). */
  electionNotice: (coopId: string, memberId: string, electionId: string): Key => ({
    pk: `${t(coopId)}#NOTIFY#${memberId.toUpperCase()}`,
    sk: `election#${electionId}`,
  }),
  /** That a loan's installment due on a date was announced (written once, conditionally). */
  installmentReminder: (coopId: string, memberId: string, loanId: string, dueDate: string): Key => ({
    pk: `${t(coopId)}#NOTIFY#${memberId.toUpperCase()}`,
    sk: `due#${loanId}#${dueDate}`,
  }),
  // ---- end of notifications ----

  // ---- the store (docs/data-model.md "E-shop") ----
  /** A product of a cooperative's store. */
  eshopProduct: (coopId: string, productId: string): Key => ({
    pk: `${t(coopId)}#ESHOPPRODUCT#${productId}`,
    sk: 'PRODUCT',
  }),
  /** Every product of the store by name (gsi1). */
  eshopProductIndex: (coopId: string, name: string, productId: string) => ({
    gsi1pk: `${t(coopId)}#ESHOPPRODUCTS`,
    gsi1sk: productOrder(name, productId),
  }),
  eshopProductsPartition: (coopId: string) => `${t(coopId)}#ESHOPPRODUCTS`,
  /** The products of one status by name (gsi2). */
  eshopProductStatusIndex: (coopId: string, status: number, name: string, productId: string) => ({
    gsi2pk: `${t(coopId)}#ESHOPPRODUCTS#S${status}`,
    gsi2sk: productOrder(name, productId),
  }),
  eshopProductsOfStatusPartition: (coopId: string, status: number) => `${t(coopId)}#ESHOPPRODUCTS#S${status}`,
  /** A product's list entry among its category's products, of any status or of its own status, by name. */
  eshopCategoryProductRef: (
    coopId: string,
    categoryId: string,
    status: number | undefined,
    name: string,
    id: string,
  ) => ({
    pk: `${t(coopId)}#ESHOPPRODUCTS#C${categoryId}${status === undefined ? '' : `#S${status}`}`,
    sk: productOrder(name, id),
  }),
  eshopCategoryProductsPartition: (coopId: string, categoryId: string, status?: number) =>
    `${t(coopId)}#ESHOPPRODUCTS#C${categoryId}${status === undefined ? '' : `#S${status}`}`,
  /** A product's search item for one token (a name word, the SKU): prefix Queries. */
  eshopProductSearch: (coopId: string, token: string, productId: string): Key => ({
    pk: `${t(coopId)}#PSEARCH`,
    sk: `${token}#${productId}`,
  }),
  eshopProductSearchPartition: (coopId: string) => `${t(coopId)}#PSEARCH`,
  /** A product's stock: on hand, available to order, value at cost (in the product's partition). */
  eshopStock: (coopId: string, productId: string): Key => ({
    pk: `${t(coopId)}#ESHOPPRODUCT#${productId}`,
    sk: 'STOCK',
  }),
  /** A movement of stock, in the cooperative's movements by date. */
  eshopStockMove: (coopId: string, date: string, id: string): Key => ({
    pk: `${t(coopId)}#ESHOPMOVES`,
    sk: `${date}#${id}`,
  }),
  eshopStockMovesPartition: (coopId: string) => `${t(coopId)}#ESHOPMOVES`,
  /** A movement among its product's movements (gsi1) and its kind's (gsi2), by date. */
  eshopStockMoveIndex: (coopId: string, productId: string, kind: string, date: string, id: string) => ({
    gsi1pk: `${t(coopId)}#ESHOPMOVES#P${productId}`,
    gsi1sk: `${date}#${id}`,
    gsi2pk: `${t(coopId)}#ESHOPMOVES#K${kind}`,
    gsi2sk: `${date}#${id}`,
  }),
  eshopProductMovesPartition: (coopId: string, productId: string) => `${t(coopId)}#ESHOPMOVES#P${productId}`,
  eshopMovesOfKindPartition: (coopId: string, kind: string) => `${t(coopId)}#ESHOPMOVES#K${kind}`,
  /** An order of the store. */
  eshopOrder: (coopId: string, orderId: string): Key => ({
    pk: `${t(coopId)}#ESHOPORDER#${orderId}`,
    sk: 'ORDER',
  }),
  /** Every order by when it was placed (gsi1), and the orders of one status (gsi2). */
  eshopOrderIndex: (coopId: string, status: number, placedAt: string, orderId: string) => ({
    gsi1pk: `${t(coopId)}#ESHOPORDERS`,
    gsi1sk: `${placedAt}#${orderId}`,
    gsi2pk: `${t(coopId)}#ESHOPORDERS#S${status}`,
    gsi2sk: `${placedAt}#${orderId}`,
  }),
  eshopOrdersPartition: (coopId: string) => `${t(coopId)}#ESHOPORDERS`,
  eshopOrdersOfStatusPartition: (coopId: string, status: number) => `${t(coopId)}#ESHOPORDERS#S${status}`,
  /** An order's list entry among its member's orders, by when it was placed. */
  eshopMemberOrderRef: (coopId: string, memberId: string, placedAt: string, orderId: string): Key => ({
    pk: `${t(coopId)}#ESHOPORDERS#M${memberId.toUpperCase()}`,
    sk: `${placedAt}#${orderId}`,
  }),
  eshopMemberOrdersPartition: (coopId: string, memberId: string) =>
    `${t(coopId)}#ESHOPORDERS#M${memberId.toUpperCase()}`,
  /** A customer of the store (a member who has ordered). */
  eshopCustomer: (coopId: string, memberId: string): Key => ({
    pk: `${t(coopId)}#ESHOPCUSTOMER#${memberId.toUpperCase()}`,
    sk: 'CUSTOMER',
  }),
  /** Every customer by when they first ordered (gsi1). */
  eshopCustomerIndex: (coopId: string, since: string, memberId: string) => ({
    gsi1pk: `${t(coopId)}#ESHOPCUSTOMERS`,
    gsi1sk: `${since}#${memberId.toUpperCase()}`,
  }),
  eshopCustomersPartition: (coopId: string) => `${t(coopId)}#ESHOPCUSTOMERS`,
  /** The store's settings (the months of payroll deduction it offers). */
  eshopSettings: (coopId: string): Key => ({ pk: `${t(coopId)}#ESHOPSETTINGS`, sk: 'SETTINGS' }),
  // ---- end of the store ----

  // ---- the store's sales summaries (docs/data-model.md "E-shop", "Sales summaries") ----
  /** The store's sales of one day (the delivery's or return's posting date), one partition for all days. */
  eshopSalesDay: (coopId: string, date: string): Key => ({ pk: `${t(coopId)}#ESHOPSALES`, sk: date }),
  eshopSalesDaysPartition: (coopId: string) => `${t(coopId)}#ESHOPSALES`,
  /** A product's sales of one day, one partition a month (the partial months at a period's edges). */
  eshopProductSalesDay: (coopId: string, date: string, productId: string): Key => ({
    pk: `${t(coopId)}#ESHOPPSALESDAY#${date.slice(0, 7)}`,
    sk: `${date}#${productId}`,
  }),
  eshopProductSalesDaysPartition: (coopId: string, month: string) => `${t(coopId)}#ESHOPPSALESDAY#${month}`,
  /** A product's sales of one month (a period's whole months). */
  eshopProductSalesMonth: (coopId: string, month: string, productId: string): Key => ({
    pk: `${t(coopId)}#ESHOPPSALESMONTH`,
    sk: `${month}#${productId}`,
  }),
  eshopProductSalesMonthsPartition: (coopId: string) => `${t(coopId)}#ESHOPPSALESMONTH`,
  /** A sale (delivery) or return of an order, by its posting date, and among those of its kind (gsi2). */
  eshopSaleEntry: (coopId: string, date: string, id: string): Key => ({
    pk: `${t(coopId)}#ESHOPSALELOG`,
    sk: `${date}#${id}`,
  }),
  eshopSaleEntryIndex: (coopId: string, kind: string, date: string, id: string) => ({
    gsi2pk: `${t(coopId)}#ESHOPSALELOG#K${kind}`,
    gsi2sk: `${date}#${id}`,
  }),
  eshopSaleEntriesOfKindPartition: (coopId: string, kind: string) => `${t(coopId)}#ESHOPSALELOG#K${kind}`,
  // ---- end of the store's sales summaries ----

  /** One item per idempotency key: a replayed posting finds it and posts nothing. */
  idempotency: (coopId: string, key: string): Key => ({ pk: `${t(coopId)}#IDEMPOTENCY#${key}`, sk: 'IDEMPOTENCY' }),
} as const;

/** S3 object keys also start with the tenant. */
export const objectKeys = {
  cooperativeLogo: (coopId: string, fileId: string, extension: string) => `t/${coopId}/logos/${fileId}.${extension}`,
  eshopProductImage: (coopId: string, productId: string, fileId: string, extension: string) =>
    `t/${coopId}/eshop/products/${productId}/${fileId}.${extension}`,
  birthdayTemplate: (coopId: string, fileId: string, extension: string) =>
    `t/${coopId}/templates/${fileId}.${extension}`,
  memberDocument: (coopId: string, memberId: string, slot: string, fileId: string, extension: string) =>
    `t/${coopId}/members/${memberId.toUpperCase()}/${slot}-${fileId}.${extension}`,
  memberImportFile: (coopId: string, importId: string) => `t/${coopId}/imports/members/${importId}.xlsx`,
  memberImportReport: (coopId: string, importId: string) => `t/${coopId}/imports/members/${importId}-report.xlsx`,
  /** An uploaded loan form (functions/loanforms). */
  loanForm: (coopId: string, memberId: string, formId: string) =>
    `t/${coopId}/loan-forms/${memberId.toUpperCase()}/${formId}.pdf`,
  /** A loan import's file and its error report (functions/loans/import.ts). */
  loanImportFile: (coopId: string, importId: string, kind: 'xlsx' | 'csv') =>
    `t/${coopId}/imports/loans/${importId}.${kind}`,
  loanImportReport: (coopId: string, importId: string) => `t/${coopId}/imports/loans/${importId}-report.xlsx`,
  /** A payroll run's uploaded file, its row plans per chunk, error report and reconciliation (functions/payroll). */
  payrollFile: (coopId: string, runId: string) => `t/${coopId}/payroll/${runId}/upload.xlsx`,
  payrollChunk: (coopId: string, runId: string, chunk: number) => `t/${coopId}/payroll/${runId}/chunks/${chunk}.json`,
  payrollExpected: (coopId: string, runId: string) => `t/${coopId}/payroll/${runId}/expected.json`,
  payrollReport: (coopId: string, runId: string) => `t/${coopId}/payroll/${runId}/errors.xlsx`,
  payrollReconciliation: (coopId: string, runId: string) => `t/${coopId}/payroll/${runId}/reconciliation.json`,
  payrollReversalChunk: (coopId: string, runId: string, chunk: number) =>
    `t/${coopId}/payroll/${runId}/reversal/${chunk}.json`,
  /** A dividend payment's rows of one chunk (member, amount, plan; functions/dividends/payment.ts). */
  dividendPaymentChunk: (coopId: string, id: string, chunk: number) =>
    `t/${coopId}/dividends/${id}/chunks/${chunk}.json`,
};

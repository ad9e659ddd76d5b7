/**
 * Reports as the API sends them (functions/reports presents them; web/src/api/reports.ts and
 * platform-reports.ts read them; journal entries and investments are in accounting-views.ts). Field names follow the
 * spec's entities (document 001, section 3). Amounts are naira with at most 2 decimals; dates
 * YYYY-MM-DD. Every figure comes from the ledger's running balances or journal lines. A figure that
 * sums amounts is a `NairaFigure`: a number, or decimal text once it is too large for a double to
 * hold exactly (money.ts); single amounts are numbers.
 */
import type { PageMeta } from './envelope.ts';
import type { NairaFigure } from './money.ts';

export type DebitCredit = 'D' | 'C';

/** How a chart category is reported: which statement, and where in it. */
export type StatementClass = 'asset' | 'liability' | 'equity' | 'income' | 'direct_expense' | 'operating_expense';

// ---- trial balance ----

export interface TrialBalanceAccount {
  coa_code: string;
  coa_name: string;
  results: {
    /** The side of the closing balance. */
    dc: DebitCredit;
    /** Closing balance at end_date (not negative; its side is dc). */
    balance: NairaFigure;
    /** Signed on the debit side (debit − credit) at start_date, before the period. */
    opening_balance: NairaFigure;
    opening_dc: DebitCredit;
    /** Movements inside the period. */
    period_debit: NairaFigure;
    period_credit: NairaFigure;
  };
}

export interface TrialBalanceReport {
  start_date: string;
  end_date: string;
  results: {
    category_code: string;
    category_name: string;
    sub_results: { subcategory_code: string; subcategory_name: string; coas: TrialBalanceAccount[] }[];
  }[];
  total: { debitBalance: NairaFigure; creditBalance: NairaFigure; periodDebit: NairaFigure; periodCredit: NairaFigure };
}

// ---- ledger statement ----

export interface LedgerStatementRow {
  transaction_code: string;
  transaction_date: string;
  description: string;
  debit_credit: DebitCredit;
  transaction_amount: NairaFigure;
  /** Running balance on the account's normal side. */
  balance: NairaFigure;
}

export interface LedgerStatement {
  account: { code: string; name: string; type: DebitCredit };
  start_date: string;
  end_date: string;
  opening_balance: NairaFigure;
  final_balance: NairaFigure;
  total_debit: NairaFigure;
  total_credit: NairaFigure;
  results: LedgerStatementRow[];
}

// ---- income statement, balance sheet, account statement ----

export interface IncomeStatementGroup {
  /** The category's name (Income, Direct Expenses, Operating Expenses...). */
  name: string;
  category_code: string;
  class: StatementClass;
  totalPrevious: NairaFigure;
  totalCurrent: NairaFigure;
  /** One row per sub-category; `category_id` is the sub-category's code (it opens the Account Statement). */
  sub_results: {
    category_id: string;
    category_name: string;
    previousAmount: { balance: NairaFigure };
    currentAmount: { balance: NairaFigure };
  }[];
}

export interface IncomeStatement {
  date: { previous_year: { start: string; end: string }; current_year: { start: string; end: string } };
  results: IncomeStatementGroup[];
  totals: {
    income: { previous_year: NairaFigure; current_year: NairaFigure };
    expenses: { previous_year: NairaFigure; current_year: NairaFigure };
    gross_profit: { previous_year: NairaFigure; current_year: NairaFigure };
    net_profit: { previous_year: NairaFigure; current_year: NairaFigure };
  };
}

export interface BalanceSheetGroup {
  name: string;
  category_code: string;
  class: StatementClass;
  totalPrevious: NairaFigure;
  totalCurrent: NairaFigure;
  sub_results: {
    subcategory_id: string;
    subcategory_name: string;
    amounts: { previous: NairaFigure; current: NairaFigure };
  }[];
}

export interface BalanceSheet {
  /** Balances as at end_date (current) and as at the same day a year before (previous). */
  date: { previous_year: string; current_year: string };
  results: BalanceSheetGroup[];
  totals: {
    assets: { previous: NairaFigure; current: NairaFigure };
    liabilities: { previous: NairaFigure; current: NairaFigure };
    /** Equity accounts plus retained earnings. */
    equity: { previous: NairaFigure; current: NairaFigure };
    /**
     * Income less expenses from the first posting to the date: retained earnings not yet closed, the year's profit
     * included.
     */
    retained_earnings: { previous: NairaFigure; current: NairaFigure };
    liabilities_and_equity: { previous: NairaFigure; current: NairaFigure };
    /** assets − (liabilities + equity); 0 when the books balance. */
    difference: { previous: NairaFigure; current: NairaFigure };
  };
  /** Total income of the year to end_date and of the year before. */
  income: {
    totalGrossProfit: NairaFigure;
    totalPreviousGrossProfit: NairaFigure;
    totalIncome: NairaFigure;
    totalPreviousIncome: NairaFigure;
  };
}

/** The sub-category id of the retained earnings row the balance sheet adds to Equity. */
export const RETAINED_EARNINGS_ROW = 'RETAINED_EARNINGS';

export interface AccountStatement {
  subcategory: { code: string; name: string; class: StatementClass };
  /** Period movements for income statement classes, balances at the end date for balance sheet classes. */
  basis: 'movement' | 'balance';
  year: { current_year: string; previous_year: string };
  results: { code: string; name: string; currentYearBalance: NairaFigure; previousYearBalance: NairaFigure }[];
}

// ---- member balances, consolidated, analysis ----

export interface MemberBalanceRow {
  id: string;
  firstname: string;
  lastname: string;
  coop_id: string;
  meta: {
    /** Plans of products other than Targeted whose balance GL is not an equity account. */
    totalSavingsBalance: NairaFigure;
    /** Plans of the Targeted product. */
    totalTargetBalance: NairaFigure;
    /** Principal still owed on running loans. */
    totalLoanAmount: NairaFigure;
    /** Principal and interest still owed on running loans. */
    totalLoanInterest: NairaFigure;
    /** Savings held as liens for the member's loans. */
    otherDebits: NairaFigure;
    /** Plans whose balance GL is an equity (share capital) account. */
    shareCapital: NairaFigure;
  };
}

export interface ConsolidatedRow {
  id: string;
  code: string;
  name: string;
  created_at: string;
  status: number;
  meta: {
    activeMembers: number;
    inactiveMembers: number;
    totalSavings: NairaFigure;
    totalLoans: NairaFigure;
    loansPaid: NairaFigure;
  };
}

export interface ConsolidatedReport {
  start_date: string;
  end_date: string;
  data: ConsolidatedRow[];
  meta: PageMeta;
  /** The sums of the rows of this page. */
  totals: {
    activeMembers: number;
    inactiveMembers: number;
    totalSavings: NairaFigure;
    totalLoans: NairaFigure;
    loansPaid: NairaFigure;
  };
}

export interface AnalysisReport {
  start_date: string;
  end_date: string;
  /** Month by month, from the GL month balances of the savings and loan principal accounts. */
  months: {
    month: string;
    savings_balance: NairaFigure;
    loan_portfolio: NairaFigure;
    deposits: NairaFigure;
    withdrawals: NairaFigure;
    disbursed: NairaFigure;
    repaid: NairaFigure;
  }[];
  loans_by_product: {
    product_id: string;
    product_name: string;
    count: number;
    amount: NairaFigure;
    outstanding: NairaFigure;
  }[];
  loans_by_status: { status: string; count: number; amount: NairaFigure }[];
  /** Running loans by how late their oldest unpaid installment is, at end_date. */
  portfolio_at_risk: {
    bucket: '1-30' | '31-60' | '61-90' | '90+';
    loans: number;
    overdue: NairaFigure;
    outstanding: NairaFigure;
  }[];
  portfolio: { outstanding: NairaFigure; at_risk: NairaFigure; par_percent: number };
  top_savers: { member_id: string; name: string; balance: NairaFigure }[];
}

/**
 * Where a chart category belongs in the statements. Categories carry only a D/C type, so the class
 * follows the chart's numbering (the standard chart, functions/cooperatives/standard-chart.ts):
 * codes starting 1-2 are assets, 3 liabilities, 4 equity, 5 income, 6 direct expenses and 7-9
 * operating expenses. A category named Operating Expenses is one whatever its code; a code outside
 * the numbering falls back on the type (D an operating expense, C income).
 */
export function statementClassOf(category: { code: string; name: string; type: DebitCredit }): StatementClass {
  if (/operating\s+expense/i.test(category.name)) return 'operating_expense';
  const digit = category.code.trim().charAt(0);
  switch (digit) {
    case '1':
    case '2':
      return 'asset';
    case '3':
      return 'liability';
    case '4':
      return 'equity';
    case '5':
      return 'income';
    case '6':
      return 'direct_expense';
    case '7':
    case '8':
    case '9':
      return 'operating_expense';
    default:
      return category.type === 'D' ? 'operating_expense' : 'income';
  }
}

/** Classes whose balance is debit − credit; the others are credit − debit. */
export const DEBIT_CLASSES: readonly StatementClass[] = ['asset', 'direct_expense', 'operating_expense'];
export const PROFIT_AND_LOSS_CLASSES: readonly StatementClass[] = ['income', 'direct_expense', 'operating_expense'];

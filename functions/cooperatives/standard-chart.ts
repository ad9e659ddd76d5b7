/**
 * The chart of accounts every new cooperative starts with. Codes: category 1 digit, sub-category
 * 3 digits (category + 2), ledger account 6 digits (sub-category + 3). `purpose` tags the accounts
 * the system posts to by default (setups can point elsewhere); reports and figures find them by it.
 * The order of the categories is the order of the statements: the first two are the balance
 * sheet's asset groups; Direct Expenses come before Operating Expenses so that gross profit is
 * income less direct expenses.
 *
 * The store's accounts (STORE_PURPOSES: inventory, e-shop receivable, sales, cost of goods sold,
 * inventory loss) came after the first cooperatives were made; those get them from
 * `ensureStoreAccounts` (eshop/store-accounts.ts) when their store is first opened.
 */
export type AccountType = 'D' | 'C';

export type AccountPurpose =
  | 'cash'
  | 'bank'
  | 'member_loans'
  | 'interest_receivable'
  | 'investments'
  | 'fixed_assets'
  | 'accumulated_depreciation'
  | 'member_savings'
  | 'target_savings'
  | 'interest_payable'
  | 'share_capital'
  | 'reserves'
  | 'retained_earnings'
  | 'opening_balance_equity'
  | 'loan_interest'
  | 'charges'
  | 'penalties'
  | 'investment_income'
  | 'interest_on_savings'
  | 'depreciation'
  | 'operating_expenses'
  | 'loan_write_off'
  | 'inventory'
  | 'eshop_receivable'
  | 'sales'
  | 'cost_of_sales'
  | 'inventory_loss';

export interface ChartCategory {
  code: string;
  name: string;
  type: AccountType;
  subCategories: {
    code: string;
    name: string;
    accounts: { code: string; name: string; type?: AccountType; purpose?: AccountPurpose }[];
  }[];
}

export const STANDARD_CHART: readonly ChartCategory[] = [
  {
    code: '1',
    name: 'Current Assets',
    type: 'D',
    subCategories: [
      {
        code: '101',
        name: 'Cash and Bank',
        accounts: [
          { code: '101001', name: 'Cash in Hand', purpose: 'cash' },
          { code: '101002', name: 'Main Bank Account', purpose: 'bank' },
        ],
      },
      {
        code: '102',
        name: 'Loans to Members',
        accounts: [{ code: '102001', name: 'Loans to Members', purpose: 'member_loans' }],
      },
      {
        code: '103',
        name: 'Receivables',
        accounts: [
          { code: '103001', name: 'Interest Receivable', purpose: 'interest_receivable' },
          { code: '103002', name: 'Other Receivables' },
          { code: '103003', name: 'E-shop Receivable', purpose: 'eshop_receivable' },
        ],
      },
      {
        code: '104',
        name: 'Investments',
        accounts: [{ code: '104001', name: 'Fixed Deposits and Investments', purpose: 'investments' }],
      },
      {
        code: '105',
        name: 'Inventories',
        accounts: [{ code: '105001', name: 'Inventory', purpose: 'inventory' }],
      },
    ],
  },
  {
    code: '2',
    name: 'Non-Current Assets',
    type: 'D',
    subCategories: [
      {
        code: '201',
        name: 'Property, Plant and Equipment',
        accounts: [
          { code: '201001', name: 'Office Equipment', purpose: 'fixed_assets' },
          { code: '201002', name: 'Furniture and Fittings' },
          { code: '201003', name: 'Motor Vehicles' },
        ],
      },
      {
        code: '202',
        name: 'Accumulated Depreciation',
        accounts: [
          { code: '202001', name: 'Accumulated Depreciation', type: 'C', purpose: 'accumulated_depreciation' },
        ],
      },
    ],
  },
  {
    code: '3',
    name: 'Liabilities',
    type: 'C',
    subCategories: [
      {
        code: '301',
        name: "Members' Deposits",
        accounts: [
          { code: '301001', name: "Members' Savings", purpose: 'member_savings' },
          { code: '301002', name: 'Target Savings', purpose: 'target_savings' },
        ],
      },
      {
        code: '302',
        name: 'Payables',
        accounts: [
          { code: '302001', name: 'Interest Payable on Savings', purpose: 'interest_payable' },
          { code: '302002', name: 'Other Payables' },
        ],
      },
    ],
  },
  {
    code: '4',
    name: 'Equity',
    type: 'C',
    subCategories: [
      {
        code: '401',
        name: 'Share Capital',
        accounts: [{ code: '401001', name: "Members' Share Capital", purpose: 'share_capital' }],
      },
      {
        code: '402',
        name: 'Reserves',
        accounts: [
          { code: '402001', name: 'Statutory Reserve', purpose: 'reserves' },
          { code: '402002', name: 'Retained Earnings', purpose: 'retained_earnings' },
          { code: '402003', name: 'Opening Balance Equity', purpose: 'opening_balance_equity' },
        ],
      },
    ],
  },
  {
    code: '5',
    name: 'Income',
    type: 'C',
    subCategories: [
      {
        code: '501',
        name: 'Interest Income',
        accounts: [{ code: '501001', name: 'Interest on Loans', purpose: 'loan_interest' }],
      },
      {
        code: '502',
        name: 'Fees and Charges',
        accounts: [
          { code: '502001', name: 'Loan Processing Charges', purpose: 'charges' },
          { code: '502002', name: 'Penalty Charges', purpose: 'penalties' },
        ],
      },
      {
        code: '503',
        name: 'Investment Income',
        accounts: [{ code: '503001', name: 'Investment Income', purpose: 'investment_income' }],
      },
      { code: '504', name: 'Other Income', accounts: [{ code: '504001', name: 'Other Income' }] },
      { code: '505', name: 'Sales', accounts: [{ code: '505001', name: 'Sales', purpose: 'sales' }] },
    ],
  },
  {
    code: '6',
    name: 'Direct Expenses',
    type: 'D',
    subCategories: [
      {
        code: '601',
        name: 'Interest Expense',
        accounts: [{ code: '601001', name: 'Interest on Savings', purpose: 'interest_on_savings' }],
      },
      {
        code: '602',
        name: 'Cost of Sales',
        accounts: [{ code: '602001', name: 'Cost of Goods Sold', purpose: 'cost_of_sales' }],
      },
    ],
  },
  {
    code: '7',
    name: 'Operating Expenses',
    type: 'D',
    subCategories: [
      {
        code: '701',
        name: 'Depreciation',
        accounts: [{ code: '701001', name: 'Depreciation Expense', purpose: 'depreciation' }],
      },
      {
        code: '702',
        name: 'Administrative Expenses',
        accounts: [
          { code: '702001', name: 'Salaries and Wages' },
          { code: '702002', name: 'Office Expenses', purpose: 'operating_expenses' },
          { code: '702003', name: 'Bank Charges' },
          { code: '702004', name: 'Loan Write-off', purpose: 'loan_write_off' },
          { code: '702005', name: 'Inventory Loss', purpose: 'inventory_loss' },
        ],
      },
    ],
  },
];

/** The code of the standard account with a purpose (used by seeds and defaults). */
export function standardAccount(purpose: AccountPurpose): string {
  return standardPlaceOf(purpose).account.code;
}

/** The purposes of the accounts the store posts to (docs/decisions.md 2026-11-27 "The store's catalogue"). */
export const STORE_PURPOSES = [
  'inventory',
  'eshop_receivable',
  'sales',
  'cost_of_sales',
  'inventory_loss',
] as const satisfies readonly AccountPurpose[];

/** Where the standard chart puts the account of a purpose: its category, sub-category and the account. */
export function standardPlaceOf(purpose: AccountPurpose) {
  for (const category of STANDARD_CHART) {
    for (const sub of category.subCategories) {
      const account = sub.accounts.find((a) => a.purpose === purpose);
      if (account) return { category, sub, account };
    }
  }
  throw new Error(`No standard account has the purpose ${purpose}`);
}

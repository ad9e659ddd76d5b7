/**
 * Setup entities as the API sends them (functions/setup and functions/chart present them,
 * web/src/api/setup-endpoints.ts and the setup pages read them): departments, charges, bank
 * accounts, products and their categories, savings and loan setups, the chart of accounts, the
 * lookups (banks, countries, calculation methods, payment modes), birthday templates and the
 * platform's client profile. Amounts are naira.
 */

/** A setup record with a name and an active/inactive status (departments, staff categories...). */
export interface NamedSetupView {
  id: string;
  name: string;
  status: number;
}

/** A lookup entry (banks, countries, states, departments of a registration link...). */
export interface LookupView {
  id: string | number;
  name: string;
}

export interface ChargeView extends NamedSetupView {
  amount: number;
  posting_gl: string;
  posting?: { code?: string; name?: string } | null;
}

export interface BankAccountView {
  id: string;
  bank_id: number;
  bank: string;
  account_no: string;
  coa_id: string;
  coa: { code: string; name: string } | null;
  status: number;
}

export interface ProductCategoryView extends NamedSetupView {
  description: string | null;
}

export interface ProductView extends NamedSetupView {
  product_category_id: string;
  category_id: string;
  category: { id: string; name: string } | null;
  created_at: string;
}

/** A product category of the platform's e-shop (super-admin). */
export interface EshopCategoryView extends NamedSetupView {
  description: string;
  created_at: string;
}

export interface CoaCategoryView extends NamedSetupView {
  code: string;
  type: 'D' | 'C';
}

export interface CoaSubCategoryView extends NamedSetupView {
  code: string;
  category_id: string;
  category: { id: string; code: string; name: string } | null;
}

/** A GL (ledger) account of the chart; its id is its code. */
export interface LedgerAccountView extends NamedSetupView {
  code: string;
  type: 'D' | 'C';
  sub_category_id: string;
  subcategory_id: string;
  category_id: string;
  subcategory: { id: string; name: string | null; category_id: string };
  /** What the standard chart tagged the account for (the ledger's own accounts), or null. */
  purpose: string | null;
}

export interface BankView {
  id: number;
  name: string;
}

export interface CalculationMethodView {
  id: number;
  name: string;
}

export interface PaymentModeView {
  id: number;
  name: string;
}

export interface SavingsSetupView {
  id: string;
  product_id: string;
  product: { id: string; name: string | null };
  opening_balance: number;
  closing_balance: number;
  start_date: string;
  end_date: string;
  credit_interest: number;
  charge_id: string | null;
  charge_amount: number;
  charge: { id: string; name: string; amount: number } | null;
  principal_gl: string;
  member_balance_gl: string;
  interest_expense_gl: string;
  interest_payable_gl: string;
  fixed_dep_gl: string;
  status: number;
}

export interface LoanSetupView {
  id: string;
  product_id: string;
  product: { id: string; name: string | null };
  name: string;
  tenure: number;
  tenure_type: string;
  min_int_rate: number;
  max_int_rate: number;
  upfront: number;
  source: string;
  penal_charge: number;
  penal_type: string;
  charge_id: string | null;
  charge_type: string;
  charge_amount: number;
  charge: { id: string; name: string; amount: number } | null;
  calculation_method: string;
  calculation_method_id: number | null;
  status: number;
}

/** The next free GL code of a sub-category. */
export interface GeneratedCodeView {
  code: string;
}

export interface BirthdayTemplateView {
  id: string;
  /** 'Template 01', in upload order. */
  name: string;
  image_url: string;
}

export interface ClientProfileView {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
}

import { lastDayOfMonth, nextMonth, today } from '@coopledger/shared/dates';
import { kobo, toKobo } from '@coopledger/shared/money';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import type { Role } from '@coopledger/shared/roles';
import { raiseSequence } from '../../functions/core/counters.ts';
import { putSetup } from '../../functions/core/setup-store.ts';
import { setupRecords } from '../../functions/setup/setup-entity.ts';
import { findCooperativeByCode, updateCooperative } from '../../functions/cooperatives/cooperative-store.ts';
import { createCooperative } from '../../functions/cooperatives/cooperative-service.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import { enrolMember } from '../../functions/members/member-service.ts';
import { createUser } from '../../functions/users/user-service.ts';
import { findLoginClaim } from '../../functions/users/user-store.ts';
import { getItem } from '../../functions/core/db.ts';
import { keys } from '../../functions/core/keys.ts';
import { createEntry } from '../../functions/accounting/journal-entries.ts';
import { closeInvestment, openInvestment } from '../../functions/accounting/investments.ts';
import { loadChartTree } from '../../functions/reports/chart-tree.ts';
import { addPlan } from '../../functions/savings/plans.ts';
import { memberPlans } from '../../functions/savings/plan-entity.ts';
import { addContestant } from '../../functions/voting/contestants.ts';
import { createElection } from '../../functions/voting/elections.ts';
import { electionsOf } from '../../functions/voting/election-entity.ts';
import { positionsOf } from '../../functions/voting/store.ts';
import { newId } from '../../functions/core/ids.ts';
import { listCount } from '../../functions/core/list-counter-entity.ts';
import { eshopCategoryRecords } from '../../functions/eshop/eshop-category-entity.ts';
import { PRODUCTS_LIST, insertProduct } from '../../functions/eshop/product-entity.ts';
import { receiveStock } from '../../functions/eshop/stock.ts';
import { seedDemoLife } from './demo-life.ts';

/**
 * Demo data for the local runtime: a super-admin, the DEMO cooperative with its staff, an executive,
 * twelve members and the setups a cooperative needs before money moves, and a smaller ALPHA
 * cooperative so that isolation between tenants is visible. Every step checks before it writes,
 * so seeding twice changes nothing.
 */
export interface DemoAccount {
  loginId: string;
  password: string;
  role: Role;
  cooperative: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { loginId: 'superadmin', password: 'superadmin123', role: 'super-admin', cooperative: '(platform)' },
  { loginId: 'DEMO-ADMIN', password: 'password123', role: 'cooperative-admin', cooperative: 'DEMO' },
  { loginId: 'DEMO-ACCT', password: 'password123', role: 'cooperative-accountant', cooperative: 'DEMO' },
  { loginId: 'DEMO-STORE', password: 'password123', role: 'eshop', cooperative: 'DEMO' },
  { loginId: 'DEMO0002', password: 'password123', role: 'cooperative-executive', cooperative: 'DEMO' },
  { loginId: 'DEMO0001', password: 'password123', role: 'cooperative-member', cooperative: 'DEMO' },
  { loginId: 'ALPHA-ADMIN', password: 'password123', role: 'cooperative-admin', cooperative: 'ALPHA' },
  { loginId: 'ALPHA0001', password: 'password123', role: 'cooperative-member', cooperative: 'ALPHA' },
];

export const DEMO_MEMBERS: [string, string, 'Male' | 'Female', string][] = [
  ['Adaeze', 'Okafor', 'Female', 'Finance'],
  ['Babatunde', 'Adeyemi', 'Male', 'Administration'],
  ['Chinedu', 'Eze', 'Male', 'Engineering'],
  ['Damilola', 'Ogunleye', 'Female', 'Finance'],
  ['Emeka', 'Nwosu', 'Male', 'Operations'],
  ['Funmilayo', 'Bello', 'Female', 'Administration'],
  ['Garba', 'Musa', 'Male', 'Operations'],
  ['Halima', 'Yusuf', 'Female', 'Engineering'],
  ['Ifeanyi', 'Obi', 'Male', 'Finance'],
  ['Jumoke', 'Alabi', 'Female', 'Operations'],
  ['Kelechi', 'Umeh', 'Male', 'Engineering'],
  ['Lami', 'Abubakar', 'Female', 'Administration'],
];

const ALPHA_MEMBERS: [string, string, 'Male' | 'Female', string][] = [
  ['Musa', 'Danjuma', 'Male', 'Teaching'],
  ['Ngozi', 'Iwu', 'Female', 'Teaching'],
  ['Olumide', 'Fashola', 'Male', 'Administration'],
];

type Log = (line: string) => void;

export async function ensureUser(input: {
  tenant: string;
  loginId: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  password: string;
}) {
  if (await findLoginClaim(input.loginId.toUpperCase())) return;
  await createUser(input);
}

/**
 * The demo books start on 2 January of this year; the demo cooperatives open on 1 January of the
 * year before, so deposits and entries dated last year (a member's "Last Year" history, a late
 * entry for the previous year) can be tried. A cooperative seeded before opening dates existed gets
 * it too.
 */
export async function ensureCooperative(input: {
  code: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  primary: string;
  secondary: string;
}) {
  const openingDate = `${Number(today().slice(0, 4)) - 1}-01-01`;
  const existing = await findCooperativeByCode(input.code);
  if (existing) return existing.opening_date ? existing : updateCooperative(existing.id, { opening_date: openingDate });
  return createCooperative(
    {
      code: input.code,
      name: input.name,
      email: input.email,
      phone: input.phone,
      address: input.address,
      website: undefined,
      colors: { primary_color: input.primary, secondary_color: input.secondary },
      status: 1,
      opening_date: openingDate,
      max_amount: undefined,
    },
    undefined,
  );
}

/** Departments, products, setups, a charge and a bank account, unless the cooperative already has them. */
export async function ensureSetups(cooperativeId: string, departments: string[]): Promise<Map<string, string>> {
  const existing = await setupRecords.department.list(cooperativeId);
  if (existing.length > 0) return new Map(existing.map((d) => [d.name, d.id]));

  const departmentIds = new Map<string, string>();
  for (const name of departments) {
    const dept = await putSetup(cooperativeId, 'DEPARTMENT', { name, status: 1 });
    departmentIds.set(name, dept.id);
  }
  const savingsCategory = await putSetup(cooperativeId, 'PRODUCT_CATEGORY', { name: 'Savings', status: 1 });
  const loansCategory = await putSetup(cooperativeId, 'PRODUCT_CATEGORY', { name: 'Loans', status: 1 });
  const regular = await putSetup(cooperativeId, 'PRODUCT', {
    name: 'Regular Savings',
    category_id: savingsCategory.id,
    status: 1,
  });
  const targeted = await putSetup(cooperativeId, 'PRODUCT', {
    name: 'Targeted',
    category_id: savingsCategory.id,
    status: 1,
  });
  const personal = await putSetup(cooperativeId, 'PRODUCT', {
    name: 'Personal Loan',
    category_id: loansCategory.id,
    status: 1,
  });
  const charge = await putSetup(cooperativeId, 'CHARGE', {
    name: 'Loan Processing Fee',
    amount: 1,
    posting_gl: standardAccount('charges'),
    status: 1,
  });
  await putSetup(cooperativeId, 'BANK_ACCOUNT', {
    bank_id: 29,
    bank: 'United Bank for Africa',
    account_no: '1020304050',
    coa_id: standardAccount('bank'),
    status: 1,
  });
  const year = Number(today().slice(0, 4));
  for (const product of [regular, targeted]) {
    await putSetup(cooperativeId, 'SAVINGS_SETUP', {
      product_id: product.id,
      opening_balance: 0,
      closing_balance: 0,
      start_date: `${year}-01-01`,
      end_date: `${year + 5}-12-31`,
      credit_interest: product === regular ? 3 : 5,
      charge_id: null,
      charge_amount: 0,
      principal_gl: standardAccount('bank'),
      member_balance_gl: standardAccount(product === regular ? 'member_savings' : 'target_savings'),
      interest_expense_gl: standardAccount('interest_on_savings'),
      interest_payable_gl: standardAccount('interest_payable'),
      fixed_dep_gl: standardAccount('investments'),
      status: 1,
    });
  }
  await putSetup(cooperativeId, 'LOAN_SETUP', {
    product_id: personal.id,
    name: 'Personal Loan',
    tenure: 12,
    tenure_type: 'Month(s)',
    min_int_rate: 5,
    max_int_rate: 12,
    upfront: 0,
    source: 'Internal',
    penal_charge: 0,
    penal_type: 'None',
    charge_id: charge.id,
    charge_type: 'Percentage',
    charge_amount: 1,
    date_of_engagement: 0,
    lien: 0,
    lien_amount: 0,
    interest_accrual: 0,
    accrual_type: 'Monthly',
    principal_gl: standardAccount('member_loans'),
    loan_write_off_gl: standardAccount('loan_write_off'),
    interest_receivable_gl: standardAccount('interest_receivable'),
    source_account: standardAccount('bank'),
    calculation_method_id: 2,
    status: 1,
  });
  return departmentIds;
}

export async function ensureMembers(
  coop: { id: string; code: string },
  people: [string, string, 'Male' | 'Female', string][],
  departments: Map<string, string>,
  executives: Set<number>,
) {
  for (const [index, [firstname, lastname, gender, department]] of people.entries()) {
    const number = `${coop.code}${String(index + 1).padStart(4, '0')}`;
    if (await findLoginClaim(number)) continue;
    await enrolMember(
      {
        coop_id: number,
        cooperative_id: coop.id,
        firstname,
        lastname,
        email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@${coop.code.toLowerCase()}.coop.example`,
        phone: `0803${String(1000000 + index * 7919).slice(0, 7)}`,
        gender,
        marital_status: index % 3 === 0 ? 'Single' : 'Married',
        staff_id: `STF${String(100 + index)}`,
        role_name: executives.has(index + 1) ? 'cooperative-executive' : 'cooperative-member',
        savings_amount: toKobo((10 + index) * 1000),
        status: 1,
        current_address: `${12 + index} Broad Street, Lagos`,
        country_id: 'NG',
        state_id: 'NG-LAGOS',
        work_info: { level: (index % 10) + 1, department_id: departments.get(department), date_joined: '2020-01-15' },
      },
      coop.code,
      'password123',
    );
  }
  // The demo numbers were given by hand; new members continue after them.
  await raiseSequence(coop.id, 'MEMBER_NUMBER', people.length);
}

/**
 * A year of books for the reports to show: opening balances on 2 January, monthly running costs
 * and hall rental income as manual journal entries, and an investment closed in the summer. Everything
 * goes through the ledger as a person's entries would. Done once, while DEMO has no journal entry.
 */
async function ensureDemoBooks(cooperativeId: string): Promise<void> {
  if (await getItem(keys.counter(cooperativeId, 'journal-entry'))) return;
  const tree = await loadChartTree(cooperativeId);
  const [bank] = await setupRecords.bankAccount.list(cooperativeId);
  const day = today();
  const year = day.slice(0, 4);
  const by = 'DEMO-ACCT';
  const entry = (date: string, description: string, lines: [string, number, number][]) =>
    createEntry(
      cooperativeId,
      tree,
      {
        date,
        description,
        lines: lines.map(([gl_code, debit, credit]) => ({
          gl_code,
          debit: kobo(debit),
          credit: kobo(credit),
          description,
        })),
      },
      by,
    );
  const bankGl = standardAccount('bank');
  await entry(`${year}-01-02`, 'Opening balances', [
    [bankGl, 2_500_000_00, 0],
    [standardAccount('cash'), 150_000_00, 0],
    [standardAccount('opening_balance_equity'), 0, 2_650_000_00],
  ]);
  for (let month = 1; month <= Number(day.slice(5, 7)); month++) {
    const mm = String(month).padStart(2, '0');
    const costDay = `${year}-${mm}-05`;
    if (costDay <= day) {
      await entry(costDay, 'Office supplies and internet', [
        [standardAccount('operating_expenses'), toKobo(18_500 + month * 750), 0],
        [bankGl, 0, toKobo(18_500 + month * 750)],
      ]);
    }
    const incomeDay = `${year}-${mm}-20`;
    if (incomeDay <= day) {
      await entry(incomeDay, 'Hall rental income', [
        [bankGl, 30_000_00, 0],
        ['504001', 0, 30_000_00],
      ]);
    }
  }
  if (bank && `${year}-02-01` <= day) {
    const bills = await openInvestment(
      cooperativeId,
      tree,
      {
        invested_with: 'Federal Government Treasury Bills',
        investment_amount: kobo(1_000_000_00),
        investment_income: kobo(45_000_00),
        start_date: `${year}-02-01`,
        due_date: `${year}-07-31`,
        gl_code: standardAccount('investments'),
        investment_interest_gl: standardAccount('investment_income'),
        bank_id: bank.id,
        comment: '182-day bills',
        status: 1,
      },
      by,
    );
    if (`${year}-07-31` <= day)
      await closeInvestment(
        cooperativeId,
        { investment_id: bills.id, investment_income: kobo(46_250_00), date: `${year}-07-31` },
        by,
      );
  }
}

/**
 * Savings plans for the members no walkthrough or test uses (DEMO0010 to DEMO0012): Regular Savings
 * from 1 January at their monthly contribution, so the Monthly deductions screen has a payroll to
 * download from the first start. No money moves until a payroll or deposit is posted.
 */
async function ensureDemoPlans(cooperativeId: string, code: string): Promise<void> {
  const products = await setupRecords.product.list(cooperativeId);
  const regular = products.find((p) => p.name === 'Regular Savings');
  if (!regular) return;
  const year = today().slice(0, 4);
  for (const n of [10, 11, 12]) {
    const member = `${code}${String(n).padStart(4, '0')}`;
    if ((await memberPlans(cooperativeId, member)).length > 0) continue;
    await addPlan(
      cooperativeId,
      member,
      {
        savings_product_id: regular.id,
        start_date: `${year}-01-01`,
        end_date: `${Number(year) + 4}-12-31`,
        amount: toKobo((10 + n - 1) * 1000),
        credit_interest: 3,
        frequency: 'Monthly',
      },
      'DEMO-ADMIN',
      true,
    );
  }
}

/**
 * An election in progress from the first start (this month to the end of the next), with two
 * positions and their contestants, so Polls, member voting and results have something real to show.
 * Votes are left to the people trying it.
 */
async function ensureDemoElection(cooperativeId: string, code: string): Promise<void> {
  const name = 'Executive Committee Election';
  if ((await electionsOf(cooperativeId)).some((e) => e.name === name)) return;
  const month = today().slice(0, 7);
  const start = `${month}-01`;
  const end = lastDayOfMonth(nextMonth(month));
  const election = await createElection(
    cooperativeId,
    {
      name,
      description: 'Elect the president and treasurer for the next two years.',
      start_date: start,
      end_date: end,
      status: 1,
      positions: [
        { name: 'President', description: undefined },
        { name: 'Treasurer', description: 'Keeps the books and reports to the members' },
      ],
    },
    `${code}-ADMIN`,
  );
  const [president, treasurer] = await positionsOf(cooperativeId, election.id);
  const stand = (member: number, position: string, manifesto: string) =>
    addContestant(cooperativeId, {
      coop_id: `${code}${String(member).padStart(4, '0')}`,
      position_id: position,
      manifesto,
      status: 1,
    });
  await stand(5, president.id, 'Lower loan interest for long-standing members, and monthly statements by email.');
  await stand(8, president.id, 'A second cooperative shop and quicker loan approvals.');
  await stand(9, treasurer.id, 'Quarterly accounts published to every member.');
}

/**
 * The demo store: a platform e-shop category with four products in DEMO's store, stocked by receipts
 * paid from its bank account (through the ledger), so the shop, stock and orders have something real
 * to show. Nothing is ordered: that is left to the people trying it.
 */
async function ensureDemoStore(cooperativeId: string): Promise<void> {
  if ((await listCount(cooperativeId, PRODUCTS_LIST)) > 0) return;
  const categoryName = 'Provisions';
  const categories = await eshopCategoryRecords.list(PLATFORM_TENANT);
  const category =
    categories.find((c) => c.name === categoryName) ??
    (await putSetup(PLATFORM_TENANT, 'ESHOP_CATEGORY', {
      name: categoryName,
      status: 1,
      description: 'Food, drinks and household provisions',
    }));
  const [bank] = await setupRecords.bankAccount.list(cooperativeId);
  if (!bank) return;
  const by = 'DEMO-ADMIN';
  const now = new Date().toISOString();
  const stock: [name: string, sku: string, buying: number, selling: number, max: number, low: number, qty: number][] = [
    ['Rice 50kg', 'RICE-50', 45_000, 52_000, 2, 5, 20],
    ['Vegetable oil 5L', 'OIL-5L', 10_000, 12_500, 4, 10, 30],
    ['Sugar 1kg', 'SUGAR-1', 1_100, 1_400, 10, 20, 100],
    ['Electric kettle', 'KETTLE', 8_000, 9_800, 1, 2, 3],
  ];
  for (const [name, sku, buying, selling, max, low, quantity] of stock) {
    const product = {
      cooperative_id: cooperativeId,
      id: newId(),
      name,
      sku,
      category_id: category.id,
      status: 1 as const,
      buying_price: toKobo(buying),
      selling_price: toKobo(selling),
      max_purchase_quantity: max,
      low_stock_quantity: low,
      description: null,
      created_at: now,
      created_by: by,
      updated_at: now,
      updated_by: by,
    };
    await insertProduct(product);
    await receiveStock(
      cooperativeId,
      {
        product_id: product.id,
        quantity,
        unit_cost: toKobo(buying),
        supplier: 'Lagos Wholesale Market',
        date: today(),
        bank_id: bank.id,
        reference: undefined,
      },
      by,
    );
  }
}

export async function seedDemoData(options: { log?: Log; life?: boolean } = {}): Promise<void> {
  const log = options.log ?? (() => undefined);
  await ensureUser({
    tenant: PLATFORM_TENANT,
    loginId: 'superadmin',
    firstname: 'Platform',
    lastname: 'Administrator',
    email: 'superadmin@coopledger.example',
    role: 'super-admin',
    password: 'superadmin123',
  });

  const demo = await ensureCooperative({
    code: 'DEMO',
    name: 'Demo Staff Cooperative',
    email: 'info@demo.coop.example',
    phone: '+234 803 000 0001',
    address: '1 Marina Road, Lagos',
    primary: '#4276A4',
    secondary: '#2D5F8B',
  });
  const demoDepartments = await ensureSetups(demo.id, ['Administration', 'Finance', 'Engineering', 'Operations']);
  await ensureUser({
    tenant: demo.id,
    loginId: 'DEMO-ADMIN',
    firstname: 'Demo',
    lastname: 'Admin',
    email: 'admin@demo.coop.example',
    role: 'cooperative-admin',
    password: 'password123',
  });
  await ensureUser({
    tenant: demo.id,
    loginId: 'DEMO-ACCT',
    firstname: 'Demo',
    lastname: 'Accountant',
    email: 'accounts@demo.coop.example',
    role: 'cooperative-accountant',
    password: 'password123',
  });
  // The store keeper: the e-shop menu only (docs/decisions.md 2026-11-27 "The store keeper").
  await ensureUser({
    tenant: demo.id,
    loginId: 'DEMO-STORE',
    firstname: 'Demo',
    lastname: 'Storekeeper',
    email: 'store@demo.coop.example',
    role: 'eshop',
    password: 'password123',
  });
  await ensureMembers(demo, DEMO_MEMBERS, demoDepartments, new Set([2]));
  await ensureDemoBooks(demo.id);
  await ensureDemoPlans(demo.id, 'DEMO');
  await ensureDemoElection(demo.id, 'DEMO');
  await ensureDemoStore(demo.id);
  // A year of member life (demo-life.ts) for `npm start` and `npm run seed`; never in the test runs.
  if (options.life) {
    // The demo's extra: a fault in it is logged, and the app starts with the base demo data all the same.
    await seedDemoLife({ id: demo.id, code: 'DEMO' }, { log }).catch((error: unknown) =>
      log(
        `The demo's year of member life could not be seeded: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }

  const alpha = await ensureCooperative({
    code: 'ALPHA',
    name: 'Alpha Teachers Cooperative',
    email: 'info@alpha.coop.example',
    phone: '+234 803 000 0002',
    address: '5 School Road, Ibadan',
    primary: '#6B4C9A',
    secondary: '#4A3470',
  });
  const alphaDepartments = await ensureSetups(alpha.id, ['Teaching', 'Administration']);
  await ensureUser({
    tenant: alpha.id,
    loginId: 'ALPHA-ADMIN',
    firstname: 'Alpha',
    lastname: 'Admin',
    email: 'admin@alpha.coop.example',
    role: 'cooperative-admin',
    password: 'password123',
  });
  await ensureMembers(alpha, ALPHA_MEMBERS, alphaDepartments, new Set());
  log('Demo data is in place (cooperatives DEMO and ALPHA).');
}

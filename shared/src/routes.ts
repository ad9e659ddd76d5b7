import type { Role } from './roles.ts';

/**
 * The one route table (DESIGN.md section 2). CDK creates the API Gateway routes from it, the local
 * runtime routes with it, and the authorization tests are generated from it.
 *
 * `path` is relative to the API base `/api/v1`. `roles` is either 'public' (no token) or the roles
 * admitted. `tenant` says how the cooperative is chosen:
 *  - 'cooperative': the request acts inside one cooperative, named by `cooperative_id` in the query,
 *    JSON body or form; a caller bound to a cooperative defaults to (and may only name) its own.
 *  - 'platform': platform data; no cooperative is named.
 *  - 'self': the caller's own records (any role), the cooperative comes from the token.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Tenancy = 'cooperative' | 'platform' | 'self' | 'public';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  domain: Domain;
  roles: 'public' | readonly Role[];
  tenant: Tenancy;
  /** What the route does, for the docs and the generated tests. */
  summary: string;
  /** The body is multipart/form-data (files). */
  multipart?: boolean;
  /** The response is a file, not the JSON envelope. */
  file?: boolean;
  /**
   * The area of the Role Access grid the route belongs to. The access kind comes from the method
   * (GET read, POST/PUT/PATCH write, DELETE delete); functions/core/handler.ts refuses a caller whose
   * role lacks it, on top of `roles`.
   */
  resource?: AccessResource;
  /**
   * The access kind of `resource` the route needs when its method says otherwise (deactivating a
   * member is a GET of the spec but removes the member's access: `delete`).
   */
  access?: AccessKind;
  /**
   * The ids the route reads from the query or the top level of the body, besides `cooperative_id`,
   * which every signed-in route reads. The request pipeline holds these, and every field named like
   * an id (shared/src/ids.ts), to the id rule before any handler runs; the generated tests send each
   * an id of the wrong size and shape.
   */
  ids?: readonly string[];
}

export type AccessResource = 'members' | 'loans' | 'savings' | 'setup';
export type AccessKind = 'read' | 'write' | 'delete';

export const DOMAINS = [
  'auth',
  'lookups',
  'cooperatives',
  'dashboard',
  'setup',
  'chart',
  'roles',
  'users',
  'assets',
  'eshop',
  'members',
  'savings',
  'loans',
  'loanforms',
  'accounting',
  'dividends',
  'reports',
  'payroll',
  'voting',
  'chat',
  'audit',
  'notifications',
] as const;
export type Domain = (typeof DOMAINS)[number];

/** Every role but the store keeper: the platform's staff, a cooperative's staff and its members. */
const ALL: readonly Role[] = [
  'super-admin',
  'cooperative-admin',
  'cooperative-accountant',
  'cooperative-executive',
  'cooperative-member',
];
const SUPER: readonly Role[] = ['super-admin'];
const MEMBERS_ONLY: readonly Role[] = ['cooperative-executive', 'cooperative-member'];
const COOP_MANAGERS: readonly Role[] = ['super-admin', 'cooperative-admin'];
/** Who manages a cooperative's setup: its admins and accountants, and super-admin acting in it. */
const MANAGERS: readonly Role[] = ['super-admin', 'cooperative-admin', 'cooperative-accountant'];
/**
 * Every signed-in role, the store keeper (`eshop`) too: only for the caller's own account and
 * cooperative and the reads the store's screens share (docs/decisions.md 2026-11-27 "The store
 * keeper"). ALL above leaves the store keeper out, as most of its routes act for members.
 */
const SIGNED_IN: readonly Role[] = [...ALL, 'eshop'];
/** Who keeps a cooperative's store: its staff (MANAGERS) and its store keepers. */
const STORE_STAFF: readonly Role[] = [...MANAGERS, 'eshop'];
/** Who changes a cooperative's catalogue: its admins (COOP_MANAGERS) and its store keepers. */
const STORE_CATALOGUE: readonly Role[] = [...COOP_MANAGERS, 'eshop'];
/** The two sides of the private chat: a cooperative's staff and its members. */
const CHAT_ROLES: readonly Role[] = [
  'cooperative-admin',
  'cooperative-accountant',
  'cooperative-executive',
  'cooperative-member',
];

/**
 * The standard routes of a setup entity (DESIGN.md section 2a): list (`page`, `query`), single
 * (`id` or the entity's own id parameter), create, update (the id in the body or query) and delete.
 * `listRoles` widens the list and single reads for setups that members' own forms need.
 */
/** The five routes `crud` makes, with their paths kept as literal types for the route ids. */
type CrudRoutes<B extends string, D extends string> = readonly [
  RouteDef & { method: 'GET'; path: B },
  RouteDef & { method: 'GET'; path: `${B}/single` },
  RouteDef & { method: 'POST'; path: B },
  RouteDef & { method: 'POST'; path: `${B}/update` },
  RouteDef & { method: 'DELETE'; path: D },
];

function crud<B extends string, D extends string = B>(
  domain: Domain,
  base: B,
  what: string,
  options: {
    idParam: string;
    tenant: 'cooperative' | 'platform';
    deletePath?: D;
    listRoles?: readonly Role[];
    filters?: string;
    /** Ids the create and update bodies carry (the setup's product, charge, GL accounts...). */
    bodyIds?: readonly string[];
    /** The Role Access row that governs the routes: Setup unless said (null: none, the roles alone). */
    resource?: AccessResource | null;
  },
): CrudRoutes<B, D> {
  const roles = options.tenant === 'platform' ? SUPER : MANAGERS;
  const readRoles = options.listRoles ?? roles;
  const where =
    options.tenant === 'platform'
      ? ' (platform template)'
      : readRoles.includes('cooperative-member')
        ? ' (members and executives read it for their own forms)'
        : '';
  const filters = options.filters ? `; filters ${options.filters}` : '';
  const own = [...new Set([options.idParam, 'id'])];
  const bodyIds = options.bodyIds ?? [];
  const resource = options.resource === null ? {} : { resource: options.resource ?? ('setup' as const) };
  return [
    {
      method: 'GET',
      path: base,
      domain,
      roles: readRoles,
      tenant: options.tenant,
      ...resource,
      ids: options.filters?.split(/,\s*/) ?? [],
      summary: `List ${what}${where} (page, query${filters})`,
    },
    {
      method: 'GET',
      path: `${base}/single`,
      domain,
      roles: readRoles,
      tenant: options.tenant,
      ...resource,
      ids: own,
      summary: `One of the ${what}${where} (id or ${options.idParam})`,
    },
    {
      method: 'POST',
      path: base,
      domain,
      roles,
      tenant: options.tenant,
      ...resource,
      ids: bodyIds,
      summary: `Create one of the ${what}${options.tenant === 'platform' ? where : ''}`,
    },
    {
      method: 'POST',
      path: `${base}/update`,
      domain,
      roles,
      tenant: options.tenant,
      ...resource,
      ids: [...new Set([...own, ...bodyIds])],
      summary: `Update one of the ${what} (id or ${options.idParam}, body or query)`,
    },
    {
      method: 'DELETE',
      path: options.deletePath ?? (base as string as D),
      domain,
      roles,
      tenant: options.tenant,
      ...resource,
      ids: own,
      summary: `Delete one of the ${what} (?${options.idParam}); refused while in use`,
    },
  ];
}

export const ROUTES = [
  // auth
  {
    method: 'POST',
    path: '/auth/login',
    domain: 'auth',
    roles: 'public',
    tenant: 'public',
    ids: ['coop_id'],
    summary: 'Sign in with login ID and password',
  },
  {
    method: 'PATCH',
    path: '/auth/password-reset',
    domain: 'auth',
    roles: 'public',
    tenant: 'public',
    ids: ['coop_id'],
    summary: 'Request a reset code, or confirm a new password with the code',
  },
  {
    method: 'POST',
    path: '/auth/change-password',
    domain: 'auth',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: "Change the signed-in user's own password",
  },
  {
    method: 'GET',
    path: '/auth/me',
    domain: 'auth',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: 'The signed-in user and their member record',
  },
  { method: 'POST', path: '/auth/signed-in', domain: 'auth', roles: SIGNED_IN, tenant: 'self', summary: 'Signed in' },
  {
    method: 'GET',
    path: '/user/activity',
    domain: 'auth',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: "The signed-in user's recent actions",
  },
  {
    method: 'GET',
    path: '/user/coopledger/single',
    domain: 'auth',
    roles: SIGNED_IN,
    tenant: 'self',
    ids: ['user_id'],
    summary: 'Read a user (yourself, or anyone for super-admin)',
  },

  // lookups
  { method: 'GET', path: '/banks', domain: 'lookups', roles: 'public', tenant: 'public', summary: 'Nigerian banks' },
  {
    method: 'GET',
    path: '/utilities/countries',
    domain: 'lookups',
    roles: 'public',
    tenant: 'public',
    summary: 'Countries',
  },
  {
    method: 'GET',
    path: '/utilities/state',
    domain: 'lookups',
    roles: 'public',
    tenant: 'public',
    ids: ['country_id'],
    summary: 'States of a country',
  },
  {
    method: 'GET',
    path: '/calculation-method',
    domain: 'lookups',
    roles: ALL,
    tenant: 'self',
    summary: 'Loan interest calculation methods',
  },
  { method: 'GET', path: '/payment-mode', domain: 'lookups', roles: ALL, tenant: 'self', summary: 'Payment modes' },

  // cooperatives
  {
    method: 'GET',
    path: '/cooperative/all',
    domain: 'cooperatives',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: 'Cooperatives visible to the caller (all for super-admin, else their own)',
  },
  {
    method: 'GET',
    path: '/cooperative',
    domain: 'cooperatives',
    roles: SIGNED_IN,
    tenant: 'cooperative',
    summary: 'One cooperative',
  },
  {
    method: 'POST',
    path: '/cooperative',
    domain: 'cooperatives',
    roles: SUPER,
    tenant: 'platform',
    multipart: true,
    summary: 'Create a cooperative (with its standard chart of accounts)',
  },
  {
    method: 'POST',
    path: '/cooperative/update',
    domain: 'cooperatives',
    roles: COOP_MANAGERS,
    tenant: 'self',
    multipart: true,
    ids: ['id'],
    summary: 'Update a cooperative',
  },
  {
    method: 'GET',
    path: '/cooperative/approval-rules',
    domain: 'cooperatives',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary:
      "The cooperative's four-eyes rules: whether a creator may approve, and the amount above which two approvals are needed",
  },
  {
    method: 'PUT',
    path: '/cooperative/approval-rules',
    domain: 'cooperatives',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    summary: 'Save the four-eyes rules (creator_cannot_approve, second_approval_above in naira or blank for none)',
  },
  {
    method: 'GET',
    path: '/utilities/send-registration-email',
    domain: 'cooperatives',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    summary: "Email the cooperative's public registration link to its contact address",
  },
  {
    method: 'DELETE',
    path: '/cooperative',
    domain: 'cooperatives',
    roles: SUPER,
    tenant: 'cooperative',
    summary: 'Delete a cooperative that holds no members and no postings',
  },

  // dashboard
  {
    method: 'GET',
    path: '/dashboard',
    domain: 'dashboard',
    roles: SUPER,
    tenant: 'platform',
    summary: 'Platform home: cooperatives with their figures',
  },
  {
    method: 'GET',
    path: '/dashboard/tile-data',
    domain: 'dashboard',
    roles: SUPER,
    tenant: 'platform',
    summary: 'Platform home tile counts',
  },

  // setup: departments, staff categories, charges, bank accounts, products, savings and loan setups,
  // birthday templates, the platform's client profile. Members and executives read the setups their
  // own forms need: departments (work info), charges, bank accounts, products by category, savings
  // and loan setups (savings plan and loan application).
  ...crud('setup', '/cooperative/department', 'departments', {
    idParam: 'dept_id',
    tenant: 'cooperative',
    deletePath: '/cooperative/department/delete',
    listRoles: ALL,
  }),
  ...crud('setup', '/staff-category', 'staff categories', { idParam: 'category_id', tenant: 'platform' }),
  ...crud('setup', '/cooperative/charge', 'charges', {
    idParam: 'charge_id',
    tenant: 'cooperative',
    listRoles: ALL,
    bodyIds: ['posting_gl'],
  }),
  ...crud('setup', '/charge', 'charges', { idParam: 'charge_id', tenant: 'platform', bodyIds: ['posting_gl'] }),
  // The store keeper reads them too: a stock receipt is paid from one, a delivery paid into one.
  ...crud('setup', '/cooperative/bank-account', 'bank accounts', {
    idParam: 'bank_id',
    tenant: 'cooperative',
    listRoles: SIGNED_IN,
    bodyIds: ['bank_id', 'coa_id'],
  }),
  ...crud('setup', '/cooperative/product/category', 'product categories', {
    idParam: 'category_id',
    tenant: 'cooperative',
  }),
  ...crud('setup', '/product/category', 'product categories', { idParam: 'category_id', tenant: 'platform' }),
  ...crud('setup', '/cooperative/product', 'products', {
    idParam: 'product_id',
    tenant: 'cooperative',
    filters: 'category_id',
    bodyIds: ['category_id'],
  }),
  ...crud('setup', '/product', 'products', {
    idParam: 'product_id',
    tenant: 'platform',
    filters: 'category_id',
    bodyIds: ['category_id'],
  }),
  {
    method: 'GET',
    path: '/cooperative/product/by-category',
    domain: 'setup',
    roles: ALL,
    tenant: 'cooperative',
    resource: 'setup',
    ids: ['category_id'],
    summary:
      "Active products of a category of the cooperative (category_id, or category_name such as 'Savings' or 'Loans')",
  },
  {
    method: 'GET',
    path: '/product/by-category',
    domain: 'setup',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['category_id'],
    summary: 'Active products of a platform category (category_id or category_name)',
  },
  ...crud('setup', '/cooperative/product-setup/savings', 'savings setups', {
    idParam: 'setup_id',
    tenant: 'cooperative',
    listRoles: ALL,
    filters: 'product_id',
    bodyIds: [
      'product_id',
      'charge_id',
      'principal_gl',
      'member_balance_gl',
      'interest_expense_gl',
      'interest_payable_gl',
      'fixed_dep_gl',
    ],
  }),
  ...crud('setup', '/product-setup/savings', 'savings setups', {
    idParam: 'setup_id',
    tenant: 'platform',
    filters: 'product_id',
    bodyIds: [
      'product_id',
      'charge_id',
      'principal_gl',
      'member_balance_gl',
      'interest_expense_gl',
      'interest_payable_gl',
      'fixed_dep_gl',
    ],
  }),
  ...crud('setup', '/cooperative/product-setup/loans', 'loan setups', {
    idParam: 'setup_id',
    tenant: 'cooperative',
    listRoles: ALL,
    filters: 'product_id',
    bodyIds: [
      'product_id',
      'charge_id',
      'calculation_method_id',
      'principal_gl',
      'interest_receivable_gl',
      'loan_write_off_gl',
      'source_account',
    ],
  }),
  ...crud('setup', '/product-setup/loans', 'loan setups', {
    idParam: 'setup_id',
    tenant: 'platform',
    filters: 'product_id',
    bodyIds: [
      'product_id',
      'charge_id',
      'calculation_method_id',
      'principal_gl',
      'interest_receivable_gl',
      'loan_write_off_gl',
      'source_account',
    ],
  }),
  {
    method: 'GET',
    path: '/cooperative/templates',
    domain: 'setup',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'setup',
    summary: "The cooperative's birthday templates, labelled Template 01, 02...",
  },
  {
    method: 'POST',
    path: '/cooperative/templates',
    domain: 'setup',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'setup',
    multipart: true,
    summary: 'Upload a birthday template image (image_url: JPEG, PNG, GIF or WebP, at most 2 MB)',
  },
  {
    method: 'DELETE',
    path: '/cooperative/templates',
    domain: 'setup',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'setup',
    ids: ['template_id', 'id'],
    summary: 'Delete a birthday template (?template_id) and its image',
  },
  {
    method: 'GET',
    path: '/client',
    domain: 'setup',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    summary: "The platform client's profile (Client Setup)",
  },
  {
    method: 'POST',
    path: '/client/update',
    domain: 'setup',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    summary: "Update the platform client's profile",
  },

  // chart of accounts: categories, sub-categories, ledger accounts, GL code generation, GL balances
  ...crud('chart', '/cooperative/coa/categories', 'COA categories', { idParam: 'category_id', tenant: 'cooperative' }),
  ...crud('chart', '/coa/categories', 'COA categories', { idParam: 'category_id', tenant: 'platform' }),
  ...crud('chart', '/cooperative/coa/sub_categories', 'COA sub-categories', {
    idParam: 'subcategory_id',
    tenant: 'cooperative',
    filters: 'category_id',
    bodyIds: ['category_id'],
  }),
  ...crud('chart', '/coa/sub_categories', 'COA sub-categories', {
    idParam: 'subcategory_id',
    tenant: 'platform',
    filters: 'category_id',
    bodyIds: ['category_id'],
  }),
  ...crud('chart', '/cooperative/coa', 'ledger (GL) accounts', {
    idParam: 'id',
    tenant: 'cooperative',
    filters: 'category_id, subcategory_id',
    bodyIds: ['subcategory_id'],
  }),
  ...crud('chart', '/coa', 'ledger (GL) accounts', {
    idParam: 'id',
    tenant: 'platform',
    filters: 'category_id, subcategory_id',
    bodyIds: ['subcategory_id'],
  }),
  {
    method: 'GET',
    path: '/cooperative/coa/generate-code',
    domain: 'chart',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'setup',
    ids: ['subcategory_id'],
    summary: 'The next free GL code of a sub-category (subcategory_id)',
  },
  {
    method: 'GET',
    path: '/coa/generate-code',
    domain: 'chart',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['subcategory_id'],
    summary: 'The next free GL code of a platform sub-category (subcategory_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/gl-accounts',
    domain: 'chart',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'setup',
    ids: ['category_id'],
    summary: "GL accounts with their balances from the ledger's running totals (page, query, category_id)",
  },

  // roles and the Role Access grid (platform-wide)
  {
    method: 'GET',
    path: '/roles/all',
    domain: 'roles',
    roles: ALL,
    tenant: 'self',
    resource: 'setup',
    summary: 'Roles, built-in and added (type: coopledger or COOPERATIVE; page)',
  },
  {
    method: 'GET',
    path: '/roles/search',
    domain: 'roles',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    summary: 'Roles whose name contains the query (query, type, page)',
  },
  {
    method: 'POST',
    path: '/roles',
    domain: 'roles',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    summary: 'Add a role (display_name, belong_to, base_role)',
  },
  {
    method: 'POST',
    path: '/roles/update',
    domain: 'roles',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['role_id', 'id'],
    summary: 'Update an added role (id or role_id)',
  },
  {
    method: 'DELETE',
    path: '/roles',
    domain: 'roles',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['role_id', 'id'],
    summary: 'Delete an added role (?role_id) that no user holds',
  },
  {
    method: 'GET',
    path: '/roles/access',
    domain: 'roles',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    summary: 'The Role Access grid of every role (saved or default)',
  },
  {
    method: 'POST',
    path: '/roles/access',
    domain: 'roles',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['role_id'],
    summary: "Save a role's Read/Write/Delete grid for Members, Loans, Savings and Setup",
  },

  // system users: platform users, or with cooperative_id the users of that cooperative
  {
    method: 'GET',
    path: '/user/coopledger',
    domain: 'users',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    summary: "System users, searchable (page, query; cooperative_id for a cooperative's users)",
  },
  {
    method: 'POST',
    path: '/user/coopledger',
    domain: 'users',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['coop_id', 'role_id'],
    summary: 'Create a system user and their sign-in (cooperative_id for a cooperative user)',
  },
  {
    method: 'POST',
    path: '/user/coopledger/update',
    domain: 'users',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['user_id', 'id', 'coop_id', 'role_id'],
    summary: 'Update a system user (user_id); password only when given',
  },
  {
    method: 'DELETE',
    path: '/user/coopledger',
    domain: 'users',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['user_id', 'id'],
    summary: 'Delete a system user and their sign-in (?user_id)',
  },

  // fixed assets: the accountant's register (the Asset manager menu), which the Role Access grid's
  // Setup row does not govern; the roles admit managers (docs/decisions.md 2026-11-28 "Accountant access").
  ...crud('assets', '/cooperative/asset/type', 'asset types', {
    idParam: 'id',
    tenant: 'cooperative',
    bodyIds: ['fixed_asset_gl', 'dep_expense_gl', 'accumulated_dep_gl'],
    resource: null,
  }),
  ...crud('assets', '/cooperative/asset', 'assets', {
    idParam: 'id',
    tenant: 'cooperative',
    bodyIds: ['asset_type_id', 'calculation_method_id'],
    resource: null,
  }),
  {
    method: 'POST',
    path: '/cooperative/asset/approve',
    domain: 'assets',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['asset_id', 'bank_id'],
    summary: 'Approve a pending asset (asset_id, bank_id): Dr fixed asset GL, Cr the bank GL',
  },
  {
    method: 'POST',
    path: '/cooperative/asset/deny',
    domain: 'assets',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['asset_id'],
    summary: 'Deny a pending asset (asset_id)',
  },

  // members. The four routes a member may call for their own record (single, edit, update-document,
  // change-password) carry no `resource`: the Role Access grid's defaults give members no Members
  // access, so the handler applies the grid to staff callers itself and the self-only rule to
  // members and executives (docs/decisions.md 2026-11-22 "Members").
  {
    method: 'GET',
    path: '/cooperative/member',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    summary: 'Members, searchable by name, member number, email and staff ID (page, query, per_page)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/directory',
    domain: 'members',
    roles: ALL,
    tenant: 'cooperative',
    summary: 'Active members by name or member number, names only, for choosing a surety (query, page)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/get-deactivated-members',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    summary: 'Deactivated (status 2) members (page, query)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/statistics',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    summary: 'Member counts: total, pending registrations, male, female (and active, inactive, warning)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/download-report',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    file: true,
    summary: 'Active members as members-report-{cooperative name}.xlsx',
  },
  {
    method: 'GET',
    path: '/cooperative/member/download-sample',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    file: true,
    summary: 'The member import sample, sample-member-import.xlsx',
  },
  {
    method: 'POST',
    path: '/cooperative/member',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    ids: ['role_id', 'department_id', 'bank_id', 'country_id', 'state_id'],
    summary: 'Create a member (the five wizard steps) and their sign-in; the credentials are emailed',
  },
  {
    method: 'GET',
    path: '/cooperative/member/single',
    domain: 'members',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['id', 'coop_id', 'member_id'],
    summary: 'One member with work, bank, next of kin, emergency, documents and activity (id; members: only their own)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/statement',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    file: true,
    ids: ['member_id'],
    summary:
      "A member's statement of a period (member_id, start_date, end_date, format pdf or xlsx): savings plans with opening, transactions and closing; loans; dividends paid",
  },
  {
    method: 'POST',
    path: '/cooperative/member/details/edit',
    domain: 'members',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'role_id', 'department_id', 'bank_id', 'country_id', 'state_id'],
    summary: "Save one part of a member's profile by detail_type (coop_id; members: only their own)",
  },
  {
    method: 'POST',
    path: '/cooperative/member/details/update-document',
    domain: 'members',
    roles: ALL,
    tenant: 'cooperative',
    multipart: true,
    ids: ['coop_id', 'id', 'member_id'],
    summary:
      'Upload avatar, signature (JPEG/PNG) and reg_form (also PDF), at most 2 MB each (coop_id; members: only their own)',
  },
  {
    method: 'POST',
    path: '/cooperative/member/details/change-password',
    domain: 'members',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id'],
    summary: "Set a member's password (coop_id, password, password_confirmation; members: only their own)",
  },
  {
    method: 'GET',
    path: '/cooperative/member/activate',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    ids: ['coop_id', 'id', 'member_id'],
    summary: 'Activate a member (coop_id): status 1, sign-in enabled',
  },
  {
    method: 'GET',
    path: '/cooperative/member/deactivate',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    access: 'delete',
    ids: ['coop_id', 'id', 'member_id'],
    summary: 'Deactivate a member (coop_id): status 2, sign-in disabled, open sessions get 406',
  },

  // member exit (issue 23): the settlement of a member who leaves, their request, its decision
  // (functions/members/exit-routes.ts). Members see and ask for their own; an admin approves, which
  // posts the settlement through the ledger and exits the member.
  {
    method: 'GET',
    path: '/cooperative/member/exit/settlement',
    domain: 'members',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'member_id'],
    summary:
      "A member's exit settlement on a date: savings, loan payoffs, the exit charge, dividends unpaid, guarantees, what blocks it and the open request (coop_id, date; members: only their own)",
  },
  {
    method: 'POST',
    path: '/cooperative/member/exit/request',
    domain: 'members',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id'],
    summary: 'Ask to leave the cooperative (coop_id, reason; members: only for themselves); one open request a member',
  },
  {
    method: 'POST',
    path: '/cooperative/member/exit/approve',
    domain: 'members',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    ids: ['exit_id', 'bank_id'],
    summary:
      'Approve a pending exit (exit_id, bank_id, date): one posting pays the loans off from savings, takes the charge and pays the rest to the bank; plans and loans closed, member and sign-in deactivated',
  },
  {
    method: 'POST',
    path: '/cooperative/member/exit/deny',
    domain: 'members',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    ids: ['exit_id'],
    summary: 'Deny a pending exit (exit_id, reason); nothing is posted',
  },
  {
    method: 'POST',
    path: '/cooperative/member/exit/cancel',
    domain: 'members',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['exit_id'],
    summary: 'Cancel a pending exit (exit_id, reason; members: only their own)',
  },
  {
    method: 'POST',
    path: '/cooperative/member/import',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    multipart: true,
    summary: 'Import members from one .xlsx file (file); starts the member-import workflow and returns its import_id',
  },
  {
    method: 'GET',
    path: '/cooperative/member/import/status',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    ids: ['import_id'],
    summary: 'Progress and result of a member import (import_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/import/report',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    file: true,
    ids: ['import_id'],
    summary: 'The row/column/message error report of a refused member import (import_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/pending_members',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    summary: 'Registrations awaiting approval (page, query; status 0, 1 or 2 for others)',
  },
  {
    method: 'GET',
    path: '/cooperative/pending_members/single',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    ids: ['id', 'member_id'],
    summary: 'One registration (id or member_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/pending_members/deny',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    ids: ['member_id', 'id'],
    summary: 'Deny a pending registration (member_id); it is kept with status 2',
  },
  {
    method: 'POST',
    path: '/cooperative/pending_members/approve',
    domain: 'members',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'members',
    ids: ['member_id', 'id'],
    summary: 'Approve a pending registration (member_id): creates the member and their sign-in, emails the credentials',
  },
  {
    method: 'GET',
    path: '/cooperative/pending_members/get-cooperative',
    domain: 'members',
    roles: 'public',
    tenant: 'public',
    ids: ['cooperative_code'],
    summary: 'The cooperative of a registration link (cooperative_code): name, code, status',
  },
  {
    method: 'GET',
    path: '/cooperative/pending_members/get-department',
    domain: 'members',
    roles: 'public',
    tenant: 'public',
    ids: ['cooperative_code'],
    summary: 'Active departments of the cooperative of a registration link (cooperative_code)',
  },
  {
    method: 'POST',
    path: '/cooperative/pending_members',
    domain: 'members',
    roles: 'public',
    tenant: 'public',
    ids: ['cooperative_code', 'department_id', 'bank_id', 'country_id', 'state_id'],
    summary:
      "Public membership registration (cooperative_code, type 'pending'); rate-limited per source and per cooperative",
  },

  // savings: plans, change requests, deposit and withdrawal orders (posted through the ledger on
  // approval), member transaction history and the cooperative and member dashboards. Routes a member
  // calls for their own records carry no `resource`: the handler applies the Role Access grid's
  // Savings row to staff callers and the self-only rule to members and executives.
  {
    method: 'POST',
    path: '/cooperative/member/savings/add-plan',
    domain: 'savings',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'member_id', 'savings_product_id'],
    summary:
      'Open a savings plan for a member (coop_id; members: only their own); a Targeted plan gets its payment schedule',
  },
  {
    method: 'GET',
    path: '/savings',
    domain: 'savings',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'member_id'],
    summary:
      "A member's savings plans with balance, lien and available balance (coop_id, page; members: only their own)",
  },
  {
    method: 'GET',
    path: '/target-savings-schedule',
    domain: 'savings',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['target_savings_id', 'savings_id'],
    summary: "A target savings plan's payment schedule (target_savings_id; members: only their own)",
  },
  {
    method: 'POST',
    path: '/cooperative/member/savings/change-amount',
    domain: 'savings',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['savings_id'],
    summary: "Ask to change a plan's contribution (savings_id, amount, comment; members: only their own)",
  },
  {
    method: 'GET',
    path: '/cooperative/savings/request',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    summary: 'Savings change requests of the cooperative, with the member (page)',
  },
  {
    method: 'GET',
    path: '/cooperative/savings/request/member',
    domain: 'savings',
    roles: MEMBERS_ONLY,
    tenant: 'cooperative',
    summary: "The signed-in member's own savings change requests (page)",
  },
  {
    method: 'POST',
    path: '/cooperative/savings/request/approve',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    ids: ['request_id', 'id'],
    summary: "Approve a pending change request (request_id): the plan's contribution becomes the new amount",
  },
  {
    method: 'POST',
    path: '/cooperative/savings/request/deny',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    ids: ['request_id', 'id'],
    summary: 'Deny a pending change request (request_id)',
  },
  {
    method: 'POST',
    path: '/cooperative/transaction-order',
    domain: 'savings',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['savings_id', 'payment_mode_id'],
    summary:
      'Order a deposit or withdrawal on a savings plan (members: only their own, and no withdrawals for cooperative-member)',
  },
  {
    method: 'GET',
    path: '/cooperative/transaction-order/deposits',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    summary: 'Deposit orders by order date (start_date, end_date, page, query: member name or number)',
  },
  {
    method: 'GET',
    path: '/cooperative/transaction-order/withdrawals',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    summary: 'Withdrawal orders by order date (start_date, end_date, page, query: member name or number)',
  },
  {
    method: 'GET',
    path: '/cooperative/transaction-order/savings',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    summary: "The cooperative's savings plans by start date (start_date, end_date, page, query: member name or number)",
  },
  {
    method: 'POST',
    path: '/cooperative/transaction-order/approve',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    ids: ['transaction_id', 'bank_id'],
    summary:
      "Approve a pending order (transaction_id, bank_id): posts it through the ledger with the plan's balance, the member transaction and the target schedule",
  },
  {
    method: 'POST',
    path: '/cooperative/transaction-order/deny',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    ids: ['transaction_id'],
    summary: 'Deny a pending order (transaction_id); nothing is posted',
  },
  {
    method: 'GET',
    path: '/cooperative/member/details/transaction-history',
    domain: 'savings',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'member_id'],
    summary:
      "A member's transactions (coop_id, page, start_date, end_date, query; download=true for .xlsx; members: only their own)",
  },
  {
    method: 'GET',
    path: '/cooperative/dashboard',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Staff dashboard: pending counts, monthly deposits and withdrawals of the year, recent orders',
  },
  {
    method: 'GET',
    path: '/cooperative/member/single/dashboard',
    domain: 'savings',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id'],
    summary: "A member's dashboard: savings overview and history (coop_id; members: only their own)",
  },
  {
    method: 'POST',
    path: '/cooperative/savings/credit-interest',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    summary: "Credit a month's interest to every active plan (month YYYY-MM), once per plan per month",
  },
  {
    method: 'GET',
    path: '/cooperative/member/savings/download-sample',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    file: true,
    summary:
      'The savings import sample (download_type NORMAL_BALANCES, NORMAL_HISTORY or TARGET_HISTORY), sample-savings-import.xlsx',
  },
  {
    method: 'POST',
    path: '/savings/import',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    multipart: true,
    ids: ['bank_id'],
    summary:
      'Import savings from one .xlsx or .csv file (file, bank_id, type); starts the savings-import workflow and returns its import_id',
  },
  {
    method: 'GET',
    path: '/savings/import/status',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    ids: ['import_id'],
    summary: 'Progress and result of a savings import (import_id)',
  },
  {
    method: 'GET',
    path: '/savings/import/report',
    domain: 'savings',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'savings',
    file: true,
    ids: ['import_id'],
    summary: 'The row/column/message error report of a refused savings import (import_id)',
  },

  // loans: schedule preview, applications with two sureties, approval (disbursed through the
  // ledger), denial, marks and deletion; members act on their own loans and their own surety requests.
  {
    method: 'POST',
    path: '/cooperative/loans/schedule-preview',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['calculation_method_id'],
    summary:
      'The repayment schedule a loan would have (loan_amount, interest_rate, tenure, tenure_type, calculation_method_id, payment_start_date): rows and totals',
  },
  {
    method: 'POST',
    path: '/cooperative/member/loans/apply',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'loan_product_id', 'charge_id', 'calculation_method_id', 'surety1', 'surety2'],
    summary:
      'Apply for a loan with two sureties (the loan application payload; coop_id names the applicant; members: only themselves)',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/list',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    summary:
      'Loans of the cooperative by application date (start_date, end_date, page, query: member name or number, status)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/loans',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'member_id'],
    summary: "A member's loans, newest first (coop_id, page; members: only their own)",
  },
  {
    method: 'GET',
    path: '/cooperative/loans/single',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['loan_id'],
    summary: 'One loan with its sureties (loan_id; members: their own or one they guarantee)',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/loan-schedule',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['loan_id'],
    summary: "A loan's repayment schedule with paid rows marked (loan_id; members: their own or one they guarantee)",
  },
  {
    method: 'GET',
    path: '/cooperative/loans/view-surety',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['loan_id'],
    summary: "A loan's sureties and their answers (loan_id; members: their own or one they guarantee)",
  },
  {
    method: 'POST',
    path: '/cooperative/member/loans/approve',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['loan_id', 'bank_id'],
    summary:
      'Approve a pending loan whose two sureties approved (loan_id, bank_id): disburses it through the ledger and stores its schedule',
  },
  {
    method: 'GET',
    path: '/cooperative/member/loans/deny',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['loan_id'],
    summary: 'Reject a pending loan (loan_id); nothing is posted',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/mark-as-completed',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['loan_id'],
    summary: 'Mark an approved loan Completed (loan_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/mark-as-running',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['loan_id'],
    summary: 'Mark an approved loan Running (loan_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/mark-as-incomplete',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['loan_id'],
    summary: 'Mark an approved loan Incomplete (loan_id)',
  },
  {
    method: 'DELETE',
    path: '/cooperative/member/loans/delete',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['loan_id'],
    summary: 'Delete a pending or rejected loan (loan_id); a disbursed loan cannot be deleted',
  },
  {
    method: 'POST',
    path: '/cooperative/member/loans/replace-surety',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['loan_id', 'surety_id', 'member_id'],
    summary:
      'Name a new surety in place of one who denied (loan_id, surety_id, member_id; members: only on their own pending loan)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/surety',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    summary: 'Surety requests of the cooperative with their loans (page, status)',
  },
  {
    method: 'GET',
    path: '/cooperative/member/surety/requests',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'member_id'],
    summary:
      "A member's surety requests with the loan (member, product, total_amount) (coop_id, page; members: only their own)",
  },
  {
    method: 'POST',
    path: '/cooperative/member/surety/approve',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['surety_id'],
    summary: 'A surety approves their own request (surety_id); nobody else may',
  },
  {
    method: 'POST',
    path: '/cooperative/member/surety/deny',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['surety_id'],
    summary: 'A surety denies their own request (surety_id); nobody else may',
  },
  {
    method: 'POST',
    path: '/cooperative/member/surety/release',
    domain: 'loans',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['surety_id'],
    summary:
      "Release an approved guarantee on a running loan (surety_id, reason): the loan's balance is covered otherwise; recorded on the request",
  },

  // loan offsets: a part or full repayment of a running loan from a bank account (mode 1) or the
  // member's savings (mode 2), posted through the ledger (functions/loans/offset-routes.ts). Staff
  // post offsets; members and executives read their own loans' figures and offset history.
  {
    method: 'GET',
    path: '/cooperative/loan-offset/mode',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    summary: 'Loan offset modes: 1 Bank, 2 Savings',
  },
  {
    method: 'GET',
    path: '/cooperative/loan-offset/type',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    summary: 'Loan offset types: 1 Partial Offset, 2 Full Offset, 3 Partial Offset and Restructure',
  },
  {
    method: 'GET',
    path: '/cooperative/loan-offset/member',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'member_id'],
    summary: "A member's approved running loans that can be offset (coop_id; members: only their own)",
  },
  {
    method: 'GET',
    path: '/cooperative/loan-offset/loan-detail',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['loan_id'],
    summary:
      "A running loan's amount, balance, payoff on a date and installments left (loan_id, date; members: only their own)",
  },
  {
    method: 'GET',
    path: '/cooperative/loan-offset/history',
    domain: 'loans',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id', 'member_id'],
    summary:
      "Loan offsets, newest first (coop_id for one member, else the cooperative's (staff); page; members: only their own)",
  },
  {
    method: 'POST',
    path: '/cooperative/loan-offset',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['loan_id', 'bank_id', 'offset_id', 'coop_id'],
    summary:
      "Offset a running loan from a bank account or the member's savings (loan_id, offset_mode, offset_type, loan_amount, offset_amount, bank_id, date, restructure_tenure, payment_start_date, offset_id): posted through the ledger",
  },

  // loan import: loans that predate the platform, from one .xlsx or .csv file, through the
  // loan-import workflow (functions/loans/import-routes.ts); created approved and running, no sureties.
  {
    method: 'GET',
    path: '/cooperative/loans/download-sample',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    file: true,
    summary: 'The loan import sample, sample-loan-import.xlsx (a header row, two example rows and a Notes sheet)',
  },
  {
    method: 'POST',
    path: '/cooperative/loans/import',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    multipart: true,
    summary:
      'Import loans from one .xlsx or .csv file (file); starts the loan-import workflow and returns its import_id',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/import/status',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    ids: ['import_id'],
    summary: 'Progress and result of a loan import (import_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/import/report',
    domain: 'loans',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    file: true,
    ids: ['import_id'],
    summary: 'The row/column/message error report of a refused loan import (import_id)',
  },

  // loan forms: uploaded application forms (PDF) and the generated loan form of a loan
  // LOAN FORM ROUTES (owned by functions/loanforms)
  {
    method: 'POST',
    path: '/cooperative/loans/form/upload-loan-form',
    domain: 'loanforms',
    roles: ALL,
    tenant: 'cooperative',
    multipart: true,
    ids: ['coop_id'],
    summary:
      'Upload a loan application form: one PDF, at most 5 MB (file; coop_id names the member for staff; members: only their own)',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/form',
    domain: 'loanforms',
    roles: MANAGERS,
    tenant: 'cooperative',
    resource: 'loans',
    summary:
      'The archive of uploaded loan forms with their members, newest first (page, query: member name or number, file name)',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/form/member',
    domain: 'loanforms',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['coop_id'],
    summary: "A member's uploaded loan forms, newest first (coop_id, page; members: only their own)",
  },
  {
    method: 'GET',
    path: '/cooperative/loans/download-uploaded-form',
    domain: 'loanforms',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['form_id', 'id'],
    summary: 'A short-lived link to an uploaded loan form (form_id; members: only their own): data.url',
  },
  {
    method: 'GET',
    path: '/cooperative/loans/download-loan-form',
    domain: 'loanforms',
    roles: ALL,
    tenant: 'cooperative',
    file: true,
    ids: ['loan_id'],
    summary:
      "The loan form of a loan as a PDF, '{member name} {product name}-form.pdf' (loan_id; members: their own or one they guarantee)",
  },

  // accounting: manual journal entries (balanced, posted through the ledger; an edit or a delete is a
  // reversal plus, for an edit, a new posting, so history is never rewritten) and the investment
  // tracker (opening and closing post through the ledger).
  {
    method: 'GET',
    path: '/cooperative/journal-entry',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary:
      'Manual journal entry lines by date (start_date/startDate, end_date/endDate; default the start of the month to today; page, per_page)',
  },
  {
    method: 'GET',
    path: '/cooperative/journal-entry/single',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['transaction_code', 'id'],
    summary: 'One journal entry: the lines sharing a transaction_code',
  },
  {
    method: 'POST',
    path: '/cooperative/journal-entry',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Post a balanced journal entry (date, description, lines of gl_code, description, debit, credit)',
  },
  {
    method: 'GET',
    path: '/cooperative/journal-entry/awaiting',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary:
      "Journal entries awaiting approval (above the cooperative's two-approval threshold), oldest first (page, per_page)",
  },
  {
    method: 'POST',
    path: '/cooperative/journal-entry/approve',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['transaction_code'],
    summary:
      'Approve a journal entry awaiting approval (transaction_code): the first of two approvals is recorded, the second posts it',
  },
  {
    method: 'POST',
    path: '/cooperative/journal-entry/deny',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['transaction_code'],
    summary: 'Deny a journal entry awaiting approval (transaction_code, reason): it posts nothing',
  },
  {
    method: 'POST',
    path: '/cooperative/journal-entry/update',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['transaction_code', 'id'],
    summary: 'Edit a journal entry (transaction_code): its posting is reversed and the new lines posted',
  },
  {
    method: 'DELETE',
    path: '/cooperative/journal-entry',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['transaction_code', 'id'],
    summary: 'Delete a journal entry (?id = transaction_code): its posting is reversed',
  },
  {
    method: 'GET',
    path: '/cooperative/investment-tracker',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Investments, newest first (page, status)',
  },
  {
    method: 'POST',
    path: '/cooperative/investment-tracker',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['gl_code', 'investment_interest_gl', 'bank_id'],
    summary: "Open an investment: Dr the investment GL, Cr the bank account's GL",
  },
  {
    method: 'POST',
    path: '/cooperative/investment-tracker/close',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['investment_id', 'bank_id'],
    summary:
      'Close an open investment with its income (investment_id, investment_income): Dr bank, Cr investment GL and interest GL',
  },
  // year-end close (issue 23; docs/decisions.md 2026-11-27 "Year-end close")
  {
    method: 'GET',
    path: '/cooperative/financial-years',
    domain: 'accounting',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'The financial years from the first to the current one, newest first: open, closing or closed',
  },
  {
    method: 'POST',
    path: '/cooperative/financial-years/close',
    domain: 'accounting',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    summary:
      'Close the earliest open financial year that has ended (year_end): its income and expenses into Retained Earnings, its postings locked',
  },
  {
    method: 'POST',
    path: '/cooperative/financial-years/reopen',
    domain: 'accounting',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    summary: 'Reopen the latest closed financial year (year_end, reason): its closing journals reversed',
  },

  // dividends (issue 21): the spec's screens are mock-ups; these routes and their rules are ours
  // (docs/decisions.md 2026-11-26 "Dividends: GL setup and revenue sharing").
  {
    method: 'GET',
    path: '/cooperative/dividend/gl-setup',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: "The cooperative's dividend GL accounts (null until saved) and the active accounts each may take",
  },
  {
    method: 'POST',
    path: '/cooperative/dividend/gl-setup',
    domain: 'dividends',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    ids: ['provision_gl', 'retained_earnings_gl', 'statutory_reserve_gl', 'admin_fee_gl'],
    summary:
      'Save the dividend GL accounts: provision for dividend (liability), retained earnings and statutory reserve (equity), admin fee (income or liability)',
  },
  {
    method: 'GET',
    path: '/cooperative/dividend/revenue-sharing',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary:
      "A period's revenue, expenses and surplus from the ledger, the statutory reserve, the admin fee and the pools of what is left (from, to, reserve_percent, admin_fee_type, admin_fee, savings_ratio, loan_ratio, other_ratio); nothing is saved",
  },
  {
    method: 'POST',
    path: '/cooperative/dividend/compute',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary:
      "Compute a dividend (from, to: whole months; x_percent by savings, y_percent by loan interest paid; amount; revenue_sharing when carried from one): every active member's bases and parts; nothing is saved",
  },
  {
    method: 'GET',
    path: '/cooperative/dividend/declarations',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Saved dividends, newest first, with period, pool, X/Y, members, totals and status (page, cursor)',
  },
  {
    method: 'POST',
    path: '/cooperative/dividend/declarations',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Compute a dividend (the body of /compute) and save it as a Draft with its member lines',
  },
  {
    method: 'POST',
    path: '/cooperative/dividend/declarations/upload',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    multipart: true,
    summary:
      'Upload dividend: one .xlsx of Member No. and Amount, every row checked (a bad row refuses the file, nothing saved); a good file is saved as a Draft',
  },
  {
    method: 'GET',
    path: '/cooperative/dividend/declarations/download-sample',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    file: true,
    summary: 'The dividend upload sample, sample-dividend-upload.xlsx',
  },
  {
    method: 'GET',
    path: '/cooperative/dividend/declarations/single',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['id'],
    summary: 'One saved dividend (id)',
  },
  {
    method: 'GET',
    path: '/cooperative/dividend/declarations/members',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['id'],
    summary:
      "A saved dividend's member lines by member number (id, page, cursor; download=true for the dividend report's .xlsx)",
  },
  {
    method: 'DELETE',
    path: '/cooperative/dividend/declarations',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['id'],
    summary: 'Delete a Draft dividend and its member lines (?id); refused once approved',
  },
  {
    method: 'POST',
    path: '/cooperative/dividend/declarations/approve',
    domain: 'dividends',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    ids: ['id'],
    summary:
      'Approve a Draft dividend (id) once: Dr retained earnings, Cr provision for dividend (and the reserve and admin fee of its revenue sharing); not by the person who made it',
  },
  {
    method: 'POST',
    path: '/cooperative/dividend/declarations/pay',
    domain: 'dividends',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    ids: ['id', 'savings_product_id', 'bank_id'],
    summary:
      'Pay an approved dividend (id; mode savings with savings_product_id, or bank with bank_id): by bank at once, into savings by the dividend-payment workflow (paying again after a failure pays the rest)',
  },
  {
    method: 'GET',
    path: '/member/dividends',
    domain: 'dividends',
    roles: MEMBERS_ONLY,
    tenant: 'self',
    summary:
      "The signed-in member's own lines of the cooperative's Approved and Paid dividends, newest first, with what was paid (never Drafts, never another member's)",
  },

  {
    method: 'GET',
    path: '/member/statement',
    domain: 'members',
    roles: MEMBERS_ONLY,
    tenant: 'self',
    file: true,
    summary:
      "The signed-in member's own statement of a period (start_date, end_date, format pdf or xlsx), as staff download it",
  },

  {
    method: 'GET',
    path: '/cooperative/dividend/head-office-summary',
    domain: 'dividends',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary:
      "Head office summary of a year (year; the current one by default): the cooperative's targets against the books' savings mobilised, loans disbursed, new members and surplus, with percentages",
  },
  {
    method: 'POST',
    path: '/cooperative/dividend/head-office-summary/targets',
    domain: 'dividends',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    summary:
      "Set a year's targets (year, savings_mobilised, loans_disbursed, new_members, surplus), replacing any set before",
  },
  {
    method: 'GET',
    path: '/head-office-summary',
    domain: 'dividends',
    roles: SUPER,
    tenant: 'platform',
    summary: "Every cooperative's head office summary of a year (year, page, cursor), in code order",
  },

  // reports: every figure from the ledger's running balances (day, month and all-time items) and
  // journal lines; download=true answers with an .xlsx named cooperative-report-{timestamp}.xlsx.
  {
    method: 'GET',
    path: '/cooperative/reports/trial-balance',
    domain: 'reports',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary:
      'Trial balance by category, sub-category and account: opening, period movements and closing balance (start_date, end_date, download)',
  },
  {
    method: 'GET',
    path: '/cooperative/reports/get-ledger-statement',
    domain: 'reports',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['ledger_code', 'code'],
    summary:
      "One GL account's lines with opening, running and closing balance (ledger_code, start_date, end_date, download)",
  },
  {
    method: 'GET',
    path: '/cooperative/reports/income-statement',
    domain: 'reports',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Income statement of the period and of the same period a year before (start_date, end_date, download)',
  },
  {
    method: 'GET',
    path: '/cooperative/reports/balance-sheet',
    domain: 'reports',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Balance sheet as at end_date and a year before, with retained earnings (start_date, end_date, download)',
  },
  {
    method: 'GET',
    path: '/cooperative/reports/get-account-statement',
    domain: 'reports',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['subcategory_id', 'id'],
    summary: "The accounts of a sub-category with this and last year's figures (subcategory_id, start_date, end_date)",
  },
  {
    method: 'GET',
    path: '/cooperative/reports/member-balance',
    domain: 'reports',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: "Members' savings, target savings, loans, liens and share capital (query, page, download)",
  },
  {
    method: 'GET',
    path: '/cooperative/reports/analysis',
    domain: 'reports',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary:
      'Savings and loan portfolio by month, loans by product and status, portfolio at risk, top savers (start_date, end_date)',
  },
  {
    method: 'GET',
    path: '/consolidated-report',
    domain: 'reports',
    roles: SUPER,
    tenant: 'platform',
    summary:
      'Every cooperative with members, savings, loans disbursed and loans repaid in the period (start_date, end_date, page, download)',
  },

  // payroll: monthly deductions. The download lists what each member owes for the period and
  // repayment type; the upload (the same layout with the amounts deducted) runs the payroll-upload
  // workflow, which validates every row, then posts each row once (savings deposits and loan
  // repayments) with one summarised journal per settlement (docs/decisions.md "Payroll deductions").
  {
    method: 'POST',
    path: '/cooperative/monthly-deduction/download',
    domain: 'payroll',
    roles: MANAGERS,
    tenant: 'cooperative',
    file: true,
    summary:
      'The payroll file of a period and repayment type (start_date, end_date, repayment_type): {start}-{end}-monthly-payroll.xlsx',
  },
  {
    method: 'POST',
    path: '/cooperative/monthly-deduction/upload',
    domain: 'payroll',
    roles: MANAGERS,
    tenant: 'cooperative',
    multipart: true,
    ids: ['bank_id'],
    summary:
      'Post a payroll file (start_date, end_date, repayment_type, bank_id, file): starts the payroll-upload workflow and returns the run',
  },
  {
    method: 'POST',
    path: '/cooperative/monthly-deduction/inspect',
    domain: 'payroll',
    roles: MANAGERS,
    tenant: 'cooperative',
    multipart: true,
    summary:
      'What a payroll file says it is (file): the period and repayment type its Run sheet names, read before the upload so that they are confirmed, not typed again; changes nothing',
  },
  {
    method: 'GET',
    path: '/cooperative/monthly-deduction/runs',
    domain: 'payroll',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Payroll runs, newest first, with status and totals (page)',
  },
  {
    method: 'GET',
    path: '/cooperative/monthly-deduction/single',
    domain: 'payroll',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['run_id'],
    summary: 'One payroll run with its progress (run_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/monthly-deduction/report',
    domain: 'payroll',
    roles: MANAGERS,
    tenant: 'cooperative',
    file: true,
    ids: ['run_id'],
    summary: 'The row/column/message error report of a refused payroll file (run_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/monthly-deduction/reconciliation',
    domain: 'payroll',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['run_id'],
    summary:
      'Expected against received per member and in total, shortfalls and excesses, members missing from the file or not expected (run_id, page, query, status; download=true for the .xlsx)',
  },
  {
    method: 'POST',
    path: '/cooperative/monthly-deduction/reverse',
    domain: 'payroll',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    ids: ['run_id'],
    summary:
      'Reverse a posted payroll run as a whole (run_id): starts the payroll-reversal workflow; the period can then be posted again',
  },

  // voting: elections with positions and contestants. Staff manage them (/setup/polls); members and
  // executives see the elections of their cooperative and vote once per position while an election
  // is active and open; members see results once voting has closed (docs/decisions.md "Elections").
  {
    method: 'GET',
    path: '/cooperative/voting/election',
    domain: 'voting',
    roles: ALL,
    tenant: 'cooperative',
    summary: 'Elections, newest first, with votes cast, turnout and contestants (page, query)',
  },
  {
    method: 'GET',
    path: '/cooperative/voting/election/single',
    domain: 'voting',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['election_id', 'id'],
    summary: 'One election with its figures (election_id)',
  },
  {
    method: 'POST',
    path: '/cooperative/voting/election',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    summary: 'Create an election with its first positions (name, description, start_date, end_date, status, positions)',
  },
  {
    method: 'POST',
    path: '/cooperative/voting/election/update',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['election_id', 'id'],
    summary: 'Update an election or switch it on or off (election_id)',
  },
  {
    method: 'DELETE',
    path: '/cooperative/voting/election',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['election_id', 'id'],
    summary: 'Delete an election with its positions and contestants (?election_id); refused once voting has started',
  },
  {
    method: 'GET',
    path: '/cooperative/voting/position/single',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['position_id', 'election_id'],
    summary: "The cooperative's positions (page, election_id), or one with position_id",
  },
  {
    method: 'GET',
    path: '/cooperative/voting/position/election',
    domain: 'voting',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['election_id', 'id'],
    summary: "An election's positions (election_id); for a member, with the contestant they voted for",
  },
  {
    method: 'POST',
    path: '/cooperative/voting/position',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['election_id'],
    summary: 'Create a position of an election (election_id, name, description, status)',
  },
  {
    method: 'POST',
    path: '/cooperative/voting/position/update',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['position_id', 'id'],
    summary: 'Update a position or flip its status (position_id)',
  },
  {
    method: 'DELETE',
    path: '/cooperative/voting/position',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['position_id', 'id'],
    summary: 'Delete a position with its contestants (?position_id); refused once it has votes',
  },
  {
    method: 'GET',
    path: '/cooperative/voting/contestant/single',
    domain: 'voting',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['contestant_id', 'id'],
    summary: 'One contestant with the member and manifesto (contestant_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/voting/contestant/position',
    domain: 'voting',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['position_id', 'id'],
    summary: "A position's contestants (position_id); members see active ones only",
  },
  {
    method: 'POST',
    path: '/cooperative/voting/contestant',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['coop_id', 'election_id', 'position_id'],
    summary: 'Add a member as a contestant for a position (coop_id, position_id, manifesto, status)',
  },
  {
    method: 'POST',
    path: '/cooperative/voting/contestant/update',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['contestant_id', 'id', 'coop_id', 'election_id', 'position_id'],
    summary: 'Update a contestant (contestant_id); the position is kept once they have votes',
  },
  {
    method: 'DELETE',
    path: '/cooperative/voting/contestant',
    domain: 'voting',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['contestant_id', 'id'],
    summary: 'Remove a contestant (?contestant_id); refused once they have votes',
  },
  {
    method: 'GET',
    path: '/cooperative/voting/result/election',
    domain: 'voting',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['election_id', 'id'],
    summary:
      "An election's results by position with votes and percentages (election_id); members only once voting has closed",
  },
  {
    method: 'GET',
    path: '/cooperative/voting/result/position',
    domain: 'voting',
    roles: ALL,
    tenant: 'cooperative',
    ids: ['position_id', 'id'],
    summary: "A position's contestants with votes and percentages (position_id); members only once voting has closed",
  },
  {
    method: 'POST',
    path: '/cooperative/voting/vote',
    domain: 'voting',
    roles: MEMBERS_ONLY,
    tenant: 'cooperative',
    ids: ['election_id', 'position_id', 'contestant_id', 'coop_id'],
    summary:
      "Cast the signed-in member's vote (election_id, position_id, contestant_id): once per position, while the election is active and open",
  },

  // chat: private conversations between a cooperative's staff and its members. Messages are stored
  // here and pushed to both sides' open WebSocket connections (docs/decisions.md "Chat").
  {
    method: 'GET',
    path: '/chat/contacts',
    domain: 'chat',
    roles: CHAT_ROLES,
    tenant: 'self',
    summary: 'Who the caller may message: staff see their active members, members see their staff (search, page)',
  },
  {
    method: 'GET',
    path: '/chat/conversations',
    domain: 'chat',
    roles: CHAT_ROLES,
    tenant: 'self',
    summary: "The caller's conversations, latest first, with the last message and unread count (page)",
  },
  {
    method: 'GET',
    path: '/chat/messages',
    domain: 'chat',
    roles: CHAT_ROLES,
    tenant: 'self',
    ids: ['with'],
    summary: 'A page of a conversation, oldest first (with, before, per_page)',
  },
  {
    method: 'POST',
    path: '/chat/messages',
    domain: 'chat',
    roles: CHAT_ROLES,
    tenant: 'self',
    ids: ['to'],
    summary: 'Send a message (to, message); pushed to both sides over the WebSocket',
  },
  {
    method: 'POST',
    path: '/chat/read',
    domain: 'chat',
    roles: CHAT_ROLES,
    tenant: 'self',
    ids: ['with'],
    summary: 'Mark a conversation read (with)',
  },
  {
    method: 'GET',
    path: '/chat/unread',
    domain: 'chat',
    roles: CHAT_ROLES,
    tenant: 'self',
    summary: "The caller's unread messages, for the top bar",
  },

  // notifications: the caller's own bell list and their e-mail/SMS choices (docs/decisions.md
  // 2026-11-27 "Notifications"); each person reads and changes only their own.
  {
    method: 'GET',
    path: '/user/notifications',
    domain: 'notifications',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: "The caller's notifications, newest first, with how many are unread (page, cursor)",
  },
  {
    method: 'POST',
    path: '/user/notifications/read',
    domain: 'notifications',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: "Mark some of the caller's notifications read (ids)",
  },
  {
    method: 'POST',
    path: '/user/notifications/read-all',
    domain: 'notifications',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: "Mark all of the caller's notifications read",
  },
  {
    method: 'GET',
    path: '/user/notification-preferences',
    domain: 'notifications',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: 'Whether the caller receives notifications by e-mail and SMS, and where they would go',
  },
  {
    method: 'PUT',
    path: '/user/notification-preferences',
    domain: 'notifications',
    roles: SIGNED_IN,
    tenant: 'self',
    summary: 'Choose whether to receive notifications by e-mail and SMS (email, sms)',
  },

  // e-shop product categories (platform): the super-admin's E-store manages them; every signed-in
  // role reads them (an admin picks one for a product, members filter the shop by them). The read
  // carries no `resource`: it is the platform's list, not a cooperative's setup, so no cooperative's
  // Role Access grid narrows it.
  {
    method: 'GET',
    path: '/e-shop/admin/product-category',
    domain: 'eshop',
    roles: SIGNED_IN,
    tenant: 'platform',
    ids: ['category_id'],
    summary: 'E-shop product categories (page, query), or one with category_id; every signed-in role reads them',
  },
  {
    method: 'POST',
    path: '/e-shop/admin/product-category',
    domain: 'eshop',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    summary: 'Create an e-shop product category',
  },
  {
    method: 'POST',
    path: '/e-shop/admin/product-category/update',
    domain: 'eshop',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['category_id', 'id'],
    summary: 'Update an e-shop product category (category_id)',
  },
  {
    method: 'DELETE',
    path: '/e-shop/admin/product-category',
    domain: 'eshop',
    roles: SUPER,
    tenant: 'platform',
    resource: 'setup',
    ids: ['category_id', 'id'],
    summary: 'Delete an e-shop product category (?category_id)',
  },

  // e-shop products: a cooperative's catalogue (docs/decisions.md 2026-11-27 "The store's catalogue").
  // Everyone of the cooperative reads it (members and executives only its Active products, and no
  // buying price); its admins and store keepers (and super-admin acting in it) change it, as far as
  // the Role Access grid's Setup row allows. The reads carry no `resource`: the catalogue is the shop members browse.
  {
    method: 'GET',
    path: '/cooperative/e-shop/product',
    domain: 'eshop',
    roles: SIGNED_IN,
    tenant: 'cooperative',
    ids: ['category_id'],
    summary:
      "The store's products by name (page or cursor, query: name words or SKU prefix; filters category_id, status); members see Active ones",
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/product/single',
    domain: 'eshop',
    roles: SIGNED_IN,
    tenant: 'cooperative',
    ids: ['product_id', 'id'],
    summary: 'One product of the store (product_id); members only an Active one',
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/product',
    domain: 'eshop',
    roles: STORE_CATALOGUE,
    tenant: 'cooperative',
    resource: 'setup',
    ids: ['category_id'],
    summary: "Add a product to the store (SKU unique in the cooperative); opens the store's GL accounts if missing",
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/product/update',
    domain: 'eshop',
    roles: STORE_CATALOGUE,
    tenant: 'cooperative',
    resource: 'setup',
    ids: ['product_id', 'id', 'category_id'],
    summary: 'Update a product of the store (product_id, body or query)',
  },
  {
    method: 'DELETE',
    path: '/cooperative/e-shop/product',
    domain: 'eshop',
    roles: STORE_CATALOGUE,
    tenant: 'cooperative',
    resource: 'setup',
    ids: ['product_id', 'id'],
    summary: 'Delete a product of the store (?product_id)',
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/product/export',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['category_id'],
    file: true,
    summary:
      "The store's products list as a file (format xlsx or pdf; the list's query, status, category_id; all pages, at most 2,000 products)",
  },

  {
    method: 'POST',
    path: '/cooperative/e-shop/product/image',
    domain: 'eshop',
    roles: STORE_CATALOGUE,
    tenant: 'cooperative',
    resource: 'setup',
    multipart: true,
    ids: ['product_id'],
    summary:
      'Add a picture to a product (multipart: product_id, image; JPEG, PNG, GIF or WebP, at most 2 MB, 4 a product)',
  },
  {
    method: 'DELETE',
    path: '/cooperative/e-shop/product/image',
    domain: 'eshop',
    roles: STORE_CATALOGUE,
    tenant: 'cooperative',
    resource: 'setup',
    ids: ['product_id', 'image_id'],
    summary: 'Take a picture off a product (?product_id&image_id)',
  },

  // the store's stock and orders (docs/decisions.md 2026-11-27 "Store stock and orders"): its staff
  // (admins, accountants, store keepers, and super-admin acting in the cooperative) keep the stock and
  // move orders; members and executives place, read and cancel their own orders.
  {
    method: 'GET',
    path: '/cooperative/e-shop/stock',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['category_id'],
    summary:
      'The products with their stock: on hand, available, reserved, value at cost, low stock (page, query, filters)',
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/stock/movements',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['product_id'],
    summary: 'Movements of stock, newest first (product_id or kind RECEIPT, ADJUSTMENT, DAMAGE, SALE, RETURN)',
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/stock/receipt',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['product_id', 'bank_id'],
    summary: 'Stock received from a supplier, paid from a bank account (Dr Inventory, Cr bank)',
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/stock/adjustment',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['product_id'],
    summary: 'A stock count corrected with a reason, at average cost against the Inventory loss GL',
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/damages',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    summary: 'Damaged stock written off, newest first',
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/damages',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['product_id'],
    summary: 'Write off damaged stock with a reason (Dr Inventory loss, Cr Inventory at average cost)',
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/order',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    summary: "The store's orders, newest first (page or cursor; status)",
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/order/single',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['order_id', 'id'],
    summary: 'One order of the store (order_id)',
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/order/status',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['order_id', 'bank_id'],
    summary:
      'Move an order: confirm, dispatch, deliver (posts the sale; bank_id when paid on delivery), reject, cancel',
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/order/return',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['order_id'],
    summary: 'Take back a delivered order (returned_to STOCK or DAMAGES, reason) and refund it the way it was paid',
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/customer',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    summary: "The store's customers (members who have ordered): orders, total ordered, since, status; newest first",
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/customer/status',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    ids: ['member_id'],
    summary: 'Block a customer from ordering (status 0) or let them order again (1)',
  },
  // the store's dashboard and reports (docs/decisions.md 2026-11-27 "Store dashboard and reports"):
  // read from the sales summaries kept with each delivery and return; a period (from, to) of at most
  // 366 days, the last 30 by default; download=true answers with the .xlsx.
  {
    method: 'GET',
    path: '/cooperative/e-shop/dashboard',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    summary:
      "The store's dashboard (from, to): sales by day and by month, top products, low stock, orders by status, stock value, receivables by payroll",
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/report/transactions',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    summary:
      "The store's transactions in a period, newest first (from, to, kind SALE, RETURN, RECEIPT, ADJUSTMENT, DAMAGE; page or cursor; download)",
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/report/sales',
    domain: 'eshop',
    roles: STORE_STAFF,
    tenant: 'cooperative',
    summary: 'Sales by product and by day or month in a period, with totals (from, to, group day or month; download)',
  },
  {
    method: 'GET',
    path: '/cooperative/e-shop/settings',
    domain: 'eshop',
    roles: SIGNED_IN,
    tenant: 'cooperative',
    summary: "The store's settings: the most months an order paid by payroll deduction may be spread over",
  },
  {
    method: 'POST',
    path: '/cooperative/e-shop/settings',
    domain: 'eshop',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    resource: 'setup',
    summary: "Change the store's settings (payroll_max_months, 0 to 24; 0 stops payment by payroll deduction)",
  },
  {
    method: 'POST',
    path: '/member/e-shop/order',
    domain: 'eshop',
    roles: MEMBERS_ONLY,
    tenant: 'cooperative',
    ids: ['savings_id'],
    summary: 'Place an order (items, payment_method SAVINGS with savings_id, or ON_DELIVERY); reserves stock',
  },
  {
    method: 'GET',
    path: '/member/e-shop/order',
    domain: 'eshop',
    roles: MEMBERS_ONLY,
    tenant: 'cooperative',
    summary: "The member's own orders, newest first",
  },
  {
    method: 'POST',
    path: '/member/e-shop/order/cancel',
    domain: 'eshop',
    roles: MEMBERS_ONLY,
    tenant: 'cooperative',
    ids: ['order_id'],
    summary: "Cancel one of the member's own orders while it is Pending (gives back its stock and savings hold)",
  },
  {
    method: 'GET',
    path: '/cooperative/audit-log',
    domain: 'audit',
    roles: COOP_MANAGERS,
    tenant: 'cooperative',
    ids: ['entity_id'],
    summary:
      "The cooperative's audit trail, newest first (user, entity, entity_id, action, start_date, end_date; page or " +
      'cursor); download=true: as .xlsx',
  },
  {
    method: 'GET',
    path: '/platform/audit-log',
    domain: 'audit',
    roles: SUPER,
    tenant: 'platform',
    summary:
      "The platform's own audit trail (cooperatives, system users, platform setup), filtered as the cooperative's",
  },
  {
    method: 'GET',
    path: '/cooperative/audit-log/history',
    domain: 'audit',
    roles: MANAGERS,
    tenant: 'cooperative',
    ids: ['entity_id'],
    summary: "One record's history (entity, entity_id): the History tab of a member, a loan or an order",
  },
] as const satisfies readonly RouteDef[];

export const API_BASE = '/api/v1';

/** One route of the table, with its method and path as literal types. */
export type Route = (typeof ROUTES)[number];
/**
 * A route's id, `'<METHOD> <path>'` (the keys of every domain's handlers, e.g.
 * `'POST /cooperative/transaction-order/approve'`). The web client calls the API by these ids, so a
 * route renamed or removed here fails the type check where it is called.
 */
export type RouteId = Route extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;
/** Every path of the table (relative to API_BASE). */
export type RoutePath = Route['path'];

export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${API_BASE}${route.path}`;
}

export function findRoute(method: string, path: string): RouteDef | undefined {
  const rel = path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path;
  return (ROUTES as readonly RouteDef[]).find((r) => r.method === method && r.path === rel);
}

export function routesOf(domain: Domain): RouteDef[] {
  return (ROUTES as readonly RouteDef[]).filter((r) => r.domain === domain);
}

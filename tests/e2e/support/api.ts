import type { APIRequestContext } from '@playwright/test';
import { ACTIVE_STATUS } from '@coopledger/shared/statuses';
import type { AccountName } from './demo-accounts';
import { ACCOUNTS } from './demo-accounts';

/** What a test sets up through the API before it drives the browser. */
type Response = Awaited<ReturnType<APIRequestContext['get']>>;

/** The `data` of an API answer; a refused call throws with `what`, its status and its message. */
export async function dataOf<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json()) as { status: boolean; message: string; data: T };
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${body.message}`);
  return body.data;
}

/** The headers of any login (a demo member not among the named accounts), signed in through the API. */
export async function signedInHeaders(
  request: APIRequestContext,
  loginId: string,
  password: string,
): Promise<Record<string, string>> {
  const login = await dataOf<{ token: { token: string } }>(
    await request.post('/api/v1/auth/login', { data: { coop_id: loginId, password } }),
    `Signing in as ${loginId}`,
  );
  return { authorization: `Bearer ${login.token.token}` };
}

/** The headers of a demo account, signed in through the API. */
export function accountHeaders(request: APIRequestContext, account: AccountName): Promise<Record<string, string>> {
  const { loginId, password } = ACCOUNTS[account];
  return signedInHeaders(request, loginId, password);
}

/** The headers of the DEMO cooperative's admin, signed in through the API. */
export function demoAdminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return accountHeaders(request, 'coopAdmin');
}

/** The DEMO cooperative's first department (members need one). */
export async function demoDepartment(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<{ id: string; name: string }> {
  const departments = await dataOf<{ data: { id: string; name: string }[] }>(
    await request.get('/api/v1/cooperative/department', { headers }),
    'Listing departments',
  );
  const department = departments.data[0];
  if (!department) throw new Error('The DEMO cooperative has no department');
  return department;
}

/**
 * An Active e-shop product category (the platform's; the demo has none): the first one listed, or
 * one the super-admin adds under a name of its own.
 */
export async function activeEshopCategory(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const headers = await accountHeaders(request, 'superAdmin');
  const categories = await dataOf<{ data: { id: string; name: string; status: number }[] }>(
    await request.get('/api/v1/e-shop/admin/product-category', { headers, params: { per_page: 100 } }),
    'Listing the e-shop product categories',
  );
  const active = categories.data.find((category) => category.status === ACTIVE_STATUS.ACTIVE);
  if (active) return active;
  return dataOf<{ id: string; name: string }>(
    await request.post('/api/v1/e-shop/admin/product-category', {
      headers,
      data: {
        name: `Groceries ${Date.now().toString(36)}`,
        status: ACTIVE_STATUS.ACTIVE,
        description: 'Food items sold in the store',
      },
    }),
    'Adding an e-shop product category',
  );
}

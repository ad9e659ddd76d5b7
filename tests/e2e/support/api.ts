import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './demo-accounts';

/** What a test sets up through the API before it drives the browser. */
type Response = Awaited<ReturnType<APIRequestContext['get']>>;

/** The `data` of an API answer; a refused call throws with `what`, its status and its message. */
export async function dataOf<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json()) as { status: boolean; message: string; data: T };
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${body.message}`);
  return body.data;
}

/** The headers of the DEMO cooperative's admin, signed in through the API. */
export async function demoAdminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const admin = ACCOUNTS.coopAdmin;
  const login = await dataOf<{ token: { token: string } }>(
    await request.post('/api/v1/auth/login', { data: { coop_id: admin.loginId, password: admin.password } }),
    'Signing in as the admin',
  );
  return { authorization: `Bearer ${login.token.token}` };
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

/**
 * The test runs' demo cooperatives let one person create and approve (their four-eyes rule off,
 * docs/decisions.md "Four-eyes approvals"): most tests drive a whole flow with one login. The tests of
 * the rule itself use cooperatives of their own, where it is on as it is by default.
 */
const SEEDED_COOPERATIVES = ['DEMO', 'ALPHA'];

async function api<T>(baseUrl: string, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message ?? ''}`);
  return json.data;
}

/** Turns the creator rule off in the seeded cooperatives of the runtime at `baseUrl`. */
export async function letSeededCreatorsApprove(baseUrl: string): Promise<void> {
  const login = await api<{ token: { token: string } }>(baseUrl, 'POST', '/auth/login', undefined, {
    coop_id: 'superadmin',
    password: 'superadmin123',
  });
  const token = login.token.token;
  const list = await api<{ data: { id: string; code: string }[] }>(
    baseUrl,
    'GET',
    '/cooperative/all?per_page=100',
    token,
  );
  for (const code of SEEDED_COOPERATIVES) {
    const coop = list.data.find((c) => c.code === code);
    if (!coop) throw new Error(`No seeded cooperative ${code}`);
    await api(baseUrl, 'PUT', `/cooperative/approval-rules?cooperative_id=${coop.id}`, token, {
      creator_cannot_approve: false,
      second_approval_above: null,
    });
  }
}

import { inject } from 'vitest';
import { checkAuditRecord } from './audit-check.ts';

export const apiUrl = () => inject('apiUrl');

export interface ApiResponse<T = unknown> {
  status: number;
  body: { status: boolean; message: string; data: T; code?: string; errors?: Record<string, string> };
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: FormData;
}

/** Calls the API of the local runtime over HTTP, as the web app does. */
export async function call<T = unknown>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(`${apiUrl()}/api/v1${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: RequestInit['body'];
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const startedAt = Date.now();
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: ApiResponse<T>['body'];
  try {
    parsed = JSON.parse(text) as ApiResponse<T>['body'];
  } catch {
    parsed = { status: false, message: text, data: null as T };
  }
  if (method !== 'GET') {
    await checkAuditRecord({
      method,
      path,
      ...options,
      status: response.status,
      message: typeof parsed.message === 'string' ? parsed.message : '',
      requestId: response.headers.get('apigw-requestid'),
      startedAt,
      endedAt: Date.now(),
    });
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

const tokens = new Map<string, Promise<string>>();

/** An ID token for a login, signed in once per test file. */
export function tokenFor(loginId: string, password = 'password123'): Promise<string> {
  let token = tokens.get(loginId);
  if (!token) {
    token = call<{ token: { token: string } }>('POST', '/auth/login', { body: { coop_id: loginId, password } }).then(
      (r) => {
        if (r.status !== 200) throw new Error(`Could not sign in as ${loginId}: ${r.status} ${r.body.message}`);
        return r.body.data.token.token;
      },
    );
    tokens.set(loginId, token);
  }
  return token;
}

export const superToken = () => tokenFor('superadmin', 'superadmin123');

interface CooperativeRow {
  id: string;
  code: string;
  name: string;
}

/** The id of a seeded cooperative by its code. */
export async function cooperativeId(code: string): Promise<string> {
  // Searched by its code: the list's first pages fill with the test files' own cooperatives.
  const list = await call<{ data: CooperativeRow[] }>('GET', '/cooperative/all', {
    token: await superToken(),
    query: { query: code, per_page: 100 },
  });
  const found = list.body.data.data.find((c) => c.code === code);
  if (!found) throw new Error(`No cooperative ${code}`);
  return found.id;
}

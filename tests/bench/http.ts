/** A small HTTP client for the bench: the API of the local runtime, called as the web app does. */
export interface Reply<T = unknown> {
  status: number;
  body: { status: boolean; message: string; data: T; errors?: Record<string, string> };
}

export interface RequestOptions {
  token?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: FormData;
}

export function apiClient(api: string) {
  return async function call<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<Reply<T>> {
    const url = new URL(`${api}${path}`);
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
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as Reply<T>['body'] };
    } catch {
      return { status: response.status, body: { status: false, message: text, data: null as T } };
    }
  };
}

export type ApiCall = ReturnType<typeof apiClient>;

/** The data of a reply with the expected status, or an error naming what was called and why it failed. */
export function expectStatus<T>(reply: Reply<T>, status: number | number[], what: string): T {
  const wanted = Array.isArray(status) ? status : [status];
  if (!wanted.includes(reply.status)) {
    throw new Error(
      `${what}: HTTP ${reply.status} ${reply.body.message}${reply.body.errors ? ` ${JSON.stringify(reply.body.errors)}` : ''}`,
    );
  }
  return reply.body.data;
}

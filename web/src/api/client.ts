import type { ResponseOf } from '@coopledger/shared/api-contract';
import type { Envelope } from '@coopledger/shared/envelope';
import type { Role } from '@coopledger/shared/roles';
import type { HttpMethod, RouteId, RoutePath } from '@coopledger/shared/routes';
import { API_BASE, findRoute } from '@coopledger/shared/routes';
import { sessionStore } from '../session/session-store';
import { ApiError, FALLBACK_MESSAGE, NETWORK_MESSAGE } from './api-error';
import { forgetPageCursors, rememberPageCursor, withPageCursor } from './page-cursors';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  query?: Query;
  /** JSON-encoded unless it is FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** A token to send instead of the session's (sign-in asks who it is before a session exists). */
  token?: string;
  /**
   * Add the active cooperative as `cooperative_id` (spec document 2, section 1). On by default; off
   * for calls about the person rather than a cooperative.
   */
  scoped?: boolean;
}

/** Returns the current ID token, refreshed when it is about to expire; rejects when the session is gone. */
export type TokenProvider = () => Promise<string>;

// Loaded on the first authenticated call, so the sign-in page and the entry chunk do without Amplify.
let tokenProvider: TokenProvider = async () => (await import('../auth/amplify')).currentIdToken();

export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

let goToSignIn: () => void = () => window.location.assign('/login');

/** The router registers its own navigation so an expired session does not reload the app. */
export function onSessionExpired(handler: () => void): void {
  goToSignIn = handler;
}

function urlOf(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  // URLSearchParams writes a space as '+', which API Gateway (HTTP API) passes on as a literal
  // '+': a search for 'Ada Obi' would look for 'Ada+Obi'. A '+' typed by the reader is already %2B.
  const search = params.toString().replaceAll('+', '%20');
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

interface ErrorFields {
  message?: unknown;
  code?: unknown;
  errors?: unknown;
}

async function readBody(response: Response): Promise<(Partial<Envelope<unknown>> & ErrorFields) | null> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    // Gateways answer some failures with HTML or nothing at all.
    return null;
  }
}

/** A 401 (or a token that can no longer be refreshed) ends the session and returns to sign-in. */
function endSession(): void {
  sessionStore.clear();
  goToSignIn();
}

/**
 * The session's ID token, refreshed when it is about to expire; null when signed out. The chat
 * WebSocket sends it too (browsers cannot set headers on a WebSocket).
 */
export async function sessionToken(): Promise<string | null> {
  if (!sessionStore.getState().session) return null;
  try {
    const token = await tokenProvider();
    sessionStore.updateToken(token);
    return token;
  } catch {
    // The refresh token expired or was revoked: the same as a 401 from the API.
    endSession();
    throw new ApiError('Your session has expired. Please sign in again.', 401);
  }
}

function withCooperative(query: Query = {}, scoped = true): Query {
  const active = sessionStore.getState().session?.activeCooperativeId;
  if (!scoped || !active || query.cooperative_id !== undefined) return query;
  return { ...query, cooperative_id: active };
}

/**
 * One call to the API by path: sends the session's bearer token, returns the `{status, message, data}`
 * envelope. The transport under `routeRequest`; the screens and api modules call by route id, which
 * types the answer by the contract.
 */
export async function apiRequest<T>(path: RoutePath, options: RequestOptions = {}): Promise<Envelope<T>> {
  if ((options.method ?? 'GET') !== 'GET' || options.query?.page === undefined) return send<T>(path, options);
  // A list's page: sent with its cursor when the page before it was read (page-cursors.ts).
  const query = withCooperative(options.query, options.scoped);
  const paged = withPageCursor(path, query);
  try {
    const answer = await send<T>(path, { ...options, query: paged, scoped: false });
    rememberPageCursor(path, query, answer.data);
    return answer;
  } catch (error) {
    const refused = error instanceof ApiError && error.status === 422 && 'cursor' in error.fieldErrors;
    if (paged.cursor === undefined || !refused) throw error;
    forgetPageCursors(path, query);
    return send<T>(path, { ...options, query, scoped: false });
  }
}

async function send<T>(path: RoutePath, options: RequestOptions): Promise<Envelope<T>> {
  const token = options.token ?? (await sessionToken());
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(urlOf(path, withCooperative(options.query, options.scoped)), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_MESSAGE, 0);
  }

  const payload = await readBody(response);
  if (response.ok && payload && payload.status !== false) return payload as Envelope<T>;

  const message = typeof payload?.message === 'string' && payload.message ? payload.message : FALLBACK_MESSAGE;
  // Spec section 8: a 401 ends the session and returns to sign-in. A 401 on a call made without a
  // token (a failed sign-in) is just a wrong password and leaves the page where it is.
  if (response.status === 401 && token && !options.token) endSession();
  // 406: the account or cooperative was deactivated; the session ends but the app does not navigate.
  if (response.status === 406) sessionStore.clear(message);

  const fieldErrors =
    typeof payload?.errors === 'object' && payload.errors !== null ? (payload.errors as Record<string, string>) : {};
  throw new ApiError(
    message,
    response.status,
    typeof payload?.code === 'string' ? payload.code : undefined,
    fieldErrors,
  );
}

export interface DownloadOptions {
  query?: Query;
  scoped?: boolean;
  /** GET unless the file is made from a posted form (the payroll download is a POST with JSON). */
  method?: HttpMethod;
  /** JSON-encoded. */
  body?: unknown;
}

/**
 * Downloads a file the API sends (an .xlsx report) with the session's token, and hands it to the
 * browser under `fileName`. `scoped: false` leaves out the active cooperative (platform reports).
 * A refusal throws an ApiError with the server's message and its field errors (a 422).
 */
export async function apiDownload(path: RoutePath, fileName: string, options: DownloadOptions = {}): Promise<void> {
  const token = await sessionToken();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(urlOf(path, withCooperative(options.query, options.scoped)), {
      method: options.method ?? 'GET',
      headers,
      body,
    });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0);
  }
  if (!response.ok) {
    const payload = await readBody(response);
    const message = typeof payload?.message === 'string' && payload.message ? payload.message : FALLBACK_MESSAGE;
    const fieldErrors =
      typeof payload?.errors === 'object' && payload.errors !== null ? (payload.errors as Record<string, string>) : {};
    throw new ApiError(
      message,
      response.status,
      typeof payload?.code === 'string' ? payload.code : undefined,
      fieldErrors,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The method and path of a route id (`'POST /cooperative/transaction-order/approve'`). */
export function splitRoute(route: RouteId): { method: HttpMethod; path: RoutePath } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space) as HttpMethod, path: route.slice(space + 1) as RoutePath };
}

/** Whether the route table admits a signed-in role to a route (what to show: the server still decides). */
export function routeAdmits(route: RouteId, role: Role | undefined): boolean {
  const { method, path } = splitRoute(route);
  const roles = findRoute(method, path)?.roles ?? 'public';
  return role !== undefined && roles !== 'public' && roles.includes(role);
}

/**
 * The id of a route put together at run time (the setup tables' `${base}/update`); throws when the
 * table has no such route, so a call never goes to a path the API does not serve.
 */
export function routeOf(method: HttpMethod, path: RoutePath | `${RoutePath}/${string}`): RouteId {
  if (!findRoute(method, path)) throw new Error(`No route ${method} ${path} in the route table`);
  return `${method} ${path}` as RouteId;
}

/** What a call by route id may send; the method is the route's. */
export type RouteOptions = Omit<RequestOptions, 'method'>;

/**
 * One call to the API by route id (the route table's `'<METHOD> <path>'`, shared/src/routes.ts): a
 * route renamed or removed there fails the type check here, and the answer's `data` is the route's
 * wire type (shared/src/api-contract.ts).
 */
export function routeRequest<K extends RouteId>(
  route: K,
  options: RouteOptions = {},
): Promise<Envelope<ResponseOf<K>>> {
  const { method, path } = splitRoute(route);
  return apiRequest<ResponseOf<K>>(path, { ...options, method });
}

/** The `data` of a successful call by route id. */
export async function routeData<K extends RouteId>(route: K, options: RouteOptions = {}): Promise<ResponseOf<K>> {
  return (await routeRequest(route, options)).data;
}

/** Downloads the file a route answers with (see `apiDownload`). */
export function routeDownload(
  route: RouteId,
  fileName: string,
  options: Omit<DownloadOptions, 'method'> = {},
): Promise<void> {
  const { method, path } = splitRoute(route);
  return apiDownload(path, fileName, { ...options, method });
}

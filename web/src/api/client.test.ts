import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import type { Session } from '../session/types';
import { ApiError } from './api-error';
import { apiDownload, apiRequest, onSessionExpired, setTokenProvider } from './client';

const signedIn: Session = {
  token: 'jwt-token',
  user: {
    id: 'u1',
    coop_id: 'DEMO0001',
    firstname: 'Ada',
    lastname: 'Obi',
    email: 'ada@example.com',
    role_name: 'cooperative-admin',
    status: 1,
    cooperative_id: 'c1',
    created_at: '2024-01-01T00:00:00.000Z',
  },
  member: null,
  role: 'cooperative-admin',
  activeCooperativeId: 'c1',
  remember: true,
};

function respondWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  const goToSignIn = vi.fn();

  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    sessionStore.clear();
    goToSignIn.mockReset();
    onSessionExpired(goToSignIn);
    setTokenProvider(async () => 'jwt-token');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and returns the envelope', async () => {
    // Prepare
    sessionStore.signIn(signedIn);
    const fetchMock = respondWith(200, { status: true, message: 'ok', data: { data: [], meta: { total: 0 } } });

    // Act
    const envelope = await apiRequest('/cooperative/all', { query: { page: 2, query: undefined } });

    // Assess
    expect(envelope.message).toBe('ok');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/cooperative/all?page=2&cooperative_id=c1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer jwt-token');
  });

  it('ends the session and returns to sign-in on a 401', async () => {
    sessionStore.signIn(signedIn);
    respondWith(401, { status: false, message: 'Your session has expired', data: null });

    const error = await failureOf(apiRequest('/cooperative/all'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Your session has expired');
    expect(sessionStore.getState().session).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(goToSignIn).toHaveBeenCalledOnce();
  });

  it('reports a refused sign-in token with the server message and no redirect', async () => {
    respondWith(401, { status: false, message: 'Unauthenticated', data: null });

    const error = await failureOf(apiRequest('/auth/me', { token: 'fresh-token' }));

    expect(error.message).toBe('Unauthenticated');
    expect(goToSignIn).not.toHaveBeenCalled();
  });

  it('ends the session without navigating on a 406', async () => {
    sessionStore.signIn(signedIn);
    respondWith(406, { status: false, message: 'Your cooperative has been deactivated', data: null });

    const error = await failureOf(apiRequest('/cooperative/all'));

    expect(error.status).toBe(406);
    expect(sessionStore.getState()).toEqual({ session: null, notice: 'Your cooperative has been deactivated' });
    expect(goToSignIn).not.toHaveBeenCalled();
  });

  it('sends spaces in a search as %20, which the API reads back as spaces, and a typed plus as %2B', async () => {
    sessionStore.signIn(signedIn);
    const fetchMock = respondWith(200, { status: true, message: 'ok', data: [] });

    await apiRequest('/cooperative/member/directory', { query: { query: 'Ada Obi+1' } });

    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(
      '/api/v1/cooperative/member/directory?query=Ada%20Obi%2B1&cooperative_id=c1',
    );
  });

  it('leaves the cooperative out of calls about the person', async () => {
    sessionStore.signIn(signedIn);
    const fetchMock = respondWith(200, { status: true, message: 'ok', data: [] });

    await apiRequest('/user/activity', { scoped: false });

    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/v1/user/activity');
  });

  it('sends the refreshed token and keeps the session in step', async () => {
    sessionStore.signIn(signedIn);
    setTokenProvider(async () => 'refreshed-token');
    const fetchMock = respondWith(200, { status: true, message: 'ok', data: null });

    await apiRequest('/auth/me');

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer refreshed-token');
    expect(sessionStore.getState().session?.token).toBe('refreshed-token');
  });

  it('ends the session when the token can no longer be refreshed', async () => {
    sessionStore.signIn(signedIn);
    setTokenProvider(async () => {
      throw new Error('NotAuthorizedException');
    });

    const error = await failureOf(apiRequest('/cooperative/all'));

    expect(error.status).toBe(401);
    expect(sessionStore.getState().session).toBeNull();
    expect(goToSignIn).toHaveBeenCalledOnce();
  });

  it('treats a 200 with status false as a failure', async () => {
    respondWith(200, { status: false, message: 'Nothing to approve', data: null });

    const error = await failureOf(apiRequest('/cooperative/all'));

    expect(error.message).toBe('Nothing to approve');
    expect(error.status).toBe(200);
  });

  it('falls back to a readable message when the body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );

    const error = await failureOf(apiRequest('/cooperative/all'));

    expect(error.status).toBe(502);
    expect(error.message).toBe('Something went wrong. Unable to process request');
  });

  it('posts a download with its JSON body and hands the file to the browser under the given name', async () => {
    // Prepare
    sessionStore.signIn(signedIn);
    const fetchMock = vi.fn(async () => new Response(new Blob(['xlsx']), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:payroll');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });

    // Act
    await apiDownload('/cooperative/monthly-deduction/download', '2026-11-01-2026-11-30-monthly-payroll.xlsx', {
      method: 'POST',
      body: { start_date: '2026-11-01', end_date: '2026-11-30', repayment_type: 'Salary' },
    });

    // Assess
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/cooperative/monthly-deduction/download?cooperative_id=c1');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      repayment_type: 'Salary',
    });
    expect(clicked).toEqual(['2026-11-01-2026-11-30-monthly-payroll.xlsx']);
    expect(createObjectURL).toHaveBeenCalledOnce();
    click.mockRestore();
    createObjectURL.mockRestore();
    revokeObjectURL.mockRestore();
  });

  it("carries a refused download's message and field errors", async () => {
    sessionStore.signIn(signedIn);
    respondWith(422, {
      status: false,
      message: 'Please select a start date',
      code: 'VALIDATION',
      errors: { start_date: 'Please select a start date' },
      data: null,
    });

    const error = await failureOf(
      apiDownload('/cooperative/monthly-deduction/download', 'payroll.xlsx', { method: 'POST', body: {} }),
    );

    expect(error.status).toBe(422);
    expect(error.message).toBe('Please select a start date');
    expect(error.fieldErrors).toEqual({ start_date: 'Please select a start date' });
  });
});

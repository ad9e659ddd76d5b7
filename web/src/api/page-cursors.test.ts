import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store';
import { apiRequest, setTokenProvider } from './client';

/** A list API: answers pages of `total` numbered rows, and refuses the cursor `stale`. */
function listServer(total: number, perPage: number) {
  const fetchMock = vi.fn(async (url: string) => {
    const params = new URL(url, 'http://app.test').searchParams;
    const cursor = params.get('cursor');
    if (cursor === 'stale')
      return Response.json(
        { status: false, message: 'refused', code: 'VALIDATION', errors: { cursor: 'not valid' }, data: null },
        { status: 422 },
      );
    const page = Number(params.get('page') ?? 1);
    const start = cursor ? Number(cursor.slice(1)) : (page - 1) * perPage;
    const rows = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => start + i + 1);
    const next = start + perPage < total ? `c${start + perPage}` : null;
    return Response.json({
      status: true,
      message: 'ok',
      data: { data: rows, meta: { current_page: page, next_cursor: next } },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentQuery = (mock: ReturnType<typeof listServer>, call: number) =>
  new URL(mock.mock.calls[call][0], 'http://app.test').searchParams;

describe('page cursors', () => {
  beforeEach(() => {
    sessionStore.clear();
    setTokenProvider(async () => 'jwt-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the next page's cursor once the page before it was read", async () => {
    const server = listServer(7, 3);
    await apiRequest('/cooperative/all', { query: { page: 1, query: 'ada' } });
    const second = await apiRequest<{ data: number[] }>('/cooperative/all', { query: { page: 2, query: 'ada' } });
    expect(sentQuery(server, 1).get('cursor')).toBe('c3');
    expect(second.data.data).toEqual([4, 5, 6]);
    const third = await apiRequest<{ data: number[] }>('/cooperative/all', { query: { page: 3, query: 'ada' } });
    expect(sentQuery(server, 2).get('cursor')).toBe('c6');
    expect(third.data.data).toEqual([7]);
  });

  it('sends no cursor for another search, and none for a page never reached in order', async () => {
    const server = listServer(20, 3);
    await apiRequest('/cooperative/all', { query: { page: 1, query: 'ada' } });
    await apiRequest('/cooperative/all', { query: { page: 2, query: 'bola' } });
    expect(sentQuery(server, 1).get('cursor')).toBeNull();
    await apiRequest('/cooperative/all', { query: { page: 5, query: 'ada' } });
    expect(sentQuery(server, 2).get('cursor')).toBeNull();
    expect(sentQuery(server, 2).get('page')).toBe('5');
  });

  it('asks again by page when the server refuses a kept cursor', async () => {
    let stale = false;
    const server = listServer(9, 3);
    const inner = server.getMockImplementation();
    server.mockImplementation(async (url: string) => {
      const answer = await inner!(url);
      if (!stale) return answer;
      const body = (await answer.json()) as { data: { meta: { next_cursor: string | null } } };
      return Response.json({ ...body, data: { ...body.data, meta: { ...body.data.meta, next_cursor: 'stale' } } });
    });
    stale = true;
    await apiRequest('/cooperative/all', { query: { page: 1, query: 'x' } });
    stale = false;
    const second = await apiRequest<{ data: number[] }>('/cooperative/all', { query: { page: 2, query: 'x' } });
    expect(sentQuery(server, 1).get('cursor')).toBe('stale');
    expect(sentQuery(server, 2).get('cursor')).toBeNull();
    expect(second.data.data).toEqual([4, 5, 6]);
  });
});

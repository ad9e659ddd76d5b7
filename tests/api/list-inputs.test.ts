import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@coopledger/shared/routes';
import { call, superToken } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import { createTestCooperative } from './support/fixtures.ts';

/**
 * Lists paged in DynamoDB take a cursor, a page, a page size and filters from the query string.
 * Whatever a caller writes there, every GET route of a cooperative answers without a 500: a
 * malformed cursor, page or filter is a 4xx, or is read as the spec reads it (page 1).
 */
const BAD_QUERIES: Record<string, string>[] = [
  { cursor: 'not-a-cursor' },
  { cursor: `${Buffer.from('{"c":"x","r":"y","k":{"pk":"T#x"}}').toString('base64url')}.AAAA` },
  { cursor: '.', page: '2' },
  { page: '-3', per_page: 'abc' },
  { page: '999999', per_page: '100000' },
  { status: 'zzz', type: '%%', start_date: '2026-13-45', end_date: 'yesterday' },
  { query: '+++###', status: '9' },
];

let admin = '';
let cooperativeId = '';

beforeAll(async () => {
  useRuntimeEnv();
  admin = await superToken();
  cooperativeId = (await createTestCooperative('LI')).id;
}, 60_000);

describe('List inputs', () => {
  const routes = ROUTES.filter((route) => route.method === 'GET' && route.tenant === 'cooperative');

  it.each(BAD_QUERIES.map((query) => [JSON.stringify(query), query] as const))(
    'never answers 500 to a bad cursor, page or filter on any GET route of a cooperative: %s',
    async (_name, query) => {
      const answers = await Promise.all(
        routes.map(async (route) => {
          const r = await call('GET', route.path, { token: admin, query: { cooperative_id: cooperativeId, ...query } });
          return [route.path, r.status] as const;
        }),
      );
      expect(answers.filter(([, status]) => status >= 500)).toEqual([]);
    },
    60_000,
  );

  it('refuses a page so far in that reaching it without a cursor would read more than 10,000 items', async () => {
    const far = await call('GET', '/cooperative/member', {
      token: admin,
      query: { cooperative_id: cooperativeId, page: '999999' },
    });
    expect(far.status).toBe(422);
    expect(far.body.errors?.page).toMatch(/reached from the page before them/);
  });
});

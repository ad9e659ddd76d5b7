import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Empty, RouteResponses, Undeclared, Untyped } from '@coopledger/shared/api-contract';
import type { Page } from '@coopledger/shared/envelope';
import type { ImportStartedView, SavingsImportStatusView } from '@coopledger/shared/import-views';
import type { RouteId } from '@coopledger/shared/routes';
import type { TransactionOrderView } from '@coopledger/shared/savings-views';
import { sessionStore } from '../session/session-store';
import { routeData, routeOf, routeRequest, setTokenProvider, splitRoute } from './client';

function respondWith(body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the typed web contract', () => {
  beforeEach(() => {
    sessionStore.clear();
    setTokenProvider(async () => 'jwt-token');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses, at type-check time, a route that is not in the route table', () => {
    // Each line below is a type error (npm run typecheck fails if it is not), so a route renamed or
    // removed in shared/src/routes.ts fails where the web calls it. They are never called.
    const calls = [
      // @ts-expect-error no such path
      () => routeData('GET /cooperative/no-such-route'),
      // @ts-expect-error the path is a route, but not with this method
      () => routeData('POST /savings'),
      // @ts-expect-error a path without its method is not a route id
      () => routeData('/cooperative/transaction-order/approve'),
    ];
    expect(calls).toHaveLength(3);
  });

  it('refuses, at type-check time, a route of the table without a wire type', () => {
    // The contract declares every route, none as `unknown`.
    expectTypeOf<Undeclared>().toBeNever();
    expectTypeOf<Untyped>().toBeNever();
    // A route added to the table (here by widening the ids) without its wire type is left over...
    type Added = 'GET /cooperative/new-report';
    expectTypeOf<Exclude<RouteId | Added, keyof RouteResponses>>().toEqualTypeOf<Added>();
    // ...and the check `Undeclared` makes of the table refuses it (npm run typecheck fails if not).
    // @ts-expect-error a route without its wire type
    expectTypeOf<Empty<Exclude<RouteId | Added, keyof RouteResponses>>>().toBeNever();
  });

  it("types the answer by the route's wire type", () => {
    expectTypeOf(routeData<'GET /cooperative/transaction-order/deposits'>).returns.resolves.toEqualTypeOf<
      Page<TransactionOrderView>
    >();
    expectTypeOf(
      routeData<'POST /cooperative/transaction-order/approve'>,
    ).returns.resolves.toEqualTypeOf<TransactionOrderView>();
    expectTypeOf(routeData<'POST /cooperative/member/import'>).returns.resolves.toEqualTypeOf<ImportStartedView>();
    expectTypeOf(routeData<'GET /savings/import/status'>).returns.resolves.toEqualTypeOf<SavingsImportStatusView>();
  });

  it("sends the route's method to its path under the API base", async () => {
    // Prepare
    const fetchMock = respondWith({ status: true, message: 'Deposit approved', data: { id: 'o1' } });

    // Act
    const envelope = await routeRequest('POST /cooperative/transaction-order/approve', {
      body: { transaction_id: 'o1', bank_id: 'b1' },
      scoped: false,
    });

    // Assert
    expect(envelope.data.id).toBe('o1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/cooperative/transaction-order/approve');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ transaction_id: 'o1', bank_id: 'b1' }));
  });

  it('splits a route id into its method and path', () => {
    expect(splitRoute('DELETE /cooperative/department/delete')).toEqual({
      method: 'DELETE',
      path: '/cooperative/department/delete',
    });
  });

  it('refuses to make the id of a route the table does not have', () => {
    expect(routeOf('POST', '/cooperative/charge/update')).toBe('POST /cooperative/charge/update');
    expect(() => routeOf('POST', '/cooperative/member/update')).toThrow(
      'No route POST /cooperative/member/update in the route table',
    );
  });
});

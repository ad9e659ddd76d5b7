import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@coopledger/shared/envelope';
import type { RoutePath } from '@coopledger/shared/routes';
import { useSession } from '../session/use-session';
import type { Query } from './client';
import { routeData, routeOf, routeRequest } from './client';

/**
 * Where a setup entity lives in the API. Every setup entity has the same five routes (list,
 * single, create, `/update`, delete), in a cooperative variant and often a platform one: a
 * super-admin outside any cooperative edits the platform's templates.
 */
export interface EntityEndpoint {
  /** Query-cache key; shared by both variants so a save refreshes every list of the entity. */
  key: string;
  /** Paths of the route table: a renamed route fails the type check here. */
  base: RoutePath;
  platformBase?: RoutePath;
  /** The delete route when it is not the base (departments). */
  deletePath?: RoutePath;
  /** The id parameter the delete route reads (`dept_id`, `charge_id`...). */
  idParam: string;
  /** The list route when it is not the base (roles: /roles/all). */
  listPath?: RoutePath;
  /** False for platform-wide records (roles, system users), which no cooperative scopes. */
  scoped?: boolean;
}

export interface EntityRecord {
  id: string;
}

export type FormValues = Record<string, string>;

/** The variant of an endpoint that the signed-in person is acting in. */
export function useEndpointBase(endpoint: EntityEndpoint): RoutePath {
  const cooperative = useSession()?.activeCooperativeId;
  return cooperative || !endpoint.platformBase ? endpoint.base : endpoint.platformBase;
}

export interface ListParams {
  page: number;
  query?: string;
  perPage?: number;
  filters?: Query;
  /** False until a required filter (a chosen category) is known. */
  enabled?: boolean;
}

export function useEntityList<R extends EntityRecord>(
  endpoint: EntityEndpoint,
  { page, query, perPage, filters, enabled = true }: ListParams,
) {
  const base = useEndpointBase(endpoint);
  return useQuery({
    queryKey: [endpoint.key, base, 'list', { page, query, perPage, filters }],
    queryFn: async ({ signal }) => {
      // The route is chosen at run time, so its answer is any route's; the record type is the setup
      // page's (the contract declares each setup list's wire type).
      const answer: unknown = await routeData(routeOf('GET', endpoint.listPath ?? base), {
        query: { ...filters, page, query, per_page: perPage },
        signal,
        scoped: endpoint.scoped,
      });
      return answer as Page<R>;
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

// One empty list, so that memos keyed on the records hold while nothing has loaded.
const NO_RECORDS: never[] = [];

/** Every record of a small entity (up to the API's page limit), for select options. */
export function useEntityOptions<R extends EntityRecord>(endpoint: EntityEndpoint, filters?: Query, enabled = true) {
  const list = useEntityList<R>(endpoint, { page: 1, perPage: 100, filters, enabled });
  return { ...list, records: list.data?.data ?? NO_RECORDS };
}

export function useSaveEntity(endpoint: EntityEndpoint) {
  const base = useEndpointBase(endpoint);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      routeRequest(routeOf('POST', id ? `${base}/update` : base), {
        body: id ? { ...body, id } : body,
        scoped: endpoint.scoped,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [endpoint.key] }),
  });
}

export function useDeleteEntity(endpoint: EntityEndpoint) {
  const base = useEndpointBase(endpoint);
  const path = base === endpoint.base && endpoint.deletePath ? endpoint.deletePath : base;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      routeRequest(routeOf('DELETE', path), { query: { [endpoint.idParam]: id }, scoped: endpoint.scoped }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [endpoint.key] }),
  });
}

/** The lookups: lists that never change while the app runs. */
export type LookupRoute = 'GET /banks' | 'GET /utilities/countries' | 'GET /calculation-method' | 'GET /payment-mode';

/** A lookup list (banks, countries, calculation methods, payment modes). */
export function useLookup<K extends LookupRoute>(route: K) {
  return useQuery({
    queryKey: ['lookup', route],
    queryFn: ({ signal }) => routeData(route, { signal, scoped: false }),
    staleTime: Infinity,
  });
}

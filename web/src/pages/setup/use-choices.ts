import { useMemo } from 'react';
import type { EntityEndpoint, EntityRecord } from '../../api/entities';
import { useEntityOptions, useLookup } from '../../api/entities';
import type { LedgerAccount } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import type { Choice } from '../../components/crud/field-defs';
import { choicesOf } from '../../components/crud/field-defs';

/** The ledger (GL) accounts as choices 'code name', for the GL selects of the setup forms. */
export function useGlChoices() {
  const { records, isPending } = useEntityOptions<LedgerAccount>(ENDPOINTS.ledgerAccounts);
  const options = useMemo(
    () =>
      choicesOf(
        records,
        (r) => r.code,
        (r) => `${r.code} ${r.name}`,
      ),
    [records],
  );
  return useMemo(() => ({ options, loading: isPending }), [options, isPending]);
}

export function useBankChoices() {
  const { data, isPending } = useLookup('GET /banks');
  const options = useMemo(
    () =>
      choicesOf(
        data ?? [],
        (b) => b.id,
        (b) => b.name,
      ),
    [data],
  );
  return useMemo(() => ({ options, loading: isPending }), [options, isPending]);
}

const NONE: never[] = [];

/** Choices of any setup entity, with the records they came from (a charge's amount). */
export function useRecordChoices<R extends EntityRecord>(
  endpoint: EntityEndpoint,
  label: (record: R) => string,
  filters?: Record<string, string>,
  enabled = true,
) {
  const { records: loaded, isPending } = useEntityOptions<R>(endpoint, filters, enabled);
  const records = enabled ? loaded : NONE;
  const options: Choice[] = useMemo(() => choicesOf(records, (r) => r.id, label), [records, label]);
  const loading = enabled && isPending;
  // Memoised whole: forms rebuild (and reset) when their choices change.
  return useMemo(() => ({ options, records, loading }), [options, records, loading]);
}

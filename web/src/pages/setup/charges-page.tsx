import { useMemo } from 'react';
import { chargeSchema } from '@coopledger/shared/schemas/setup';
import type { Charge } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import { CrudSection } from '../../components/crud/crud-section';
import { SetupPage } from './setup-page';
import { useGlChoices } from './use-choices';

const columns: CrudConfig<Charge>['columns'] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
  { id: 'amount', header: 'Amount (%)', cell: (row) => `${row.amount}%` },
  {
    id: 'gl',
    header: 'Posting GL',
    cell: (row) => (row.posting?.name ? `${row.posting_gl} ${row.posting.name}` : row.posting_gl),
  },
  statusColumn(),
];

/** /setup/charges: charges (a percentage) and the GL account each posts to. */
export function ChargesPage() {
  const gl = useGlChoices();
  const config = useMemo<CrudConfig<Charge>>(
    () => ({
      endpoint: ENDPOINTS.charges,
      title: 'Charges',
      noun: 'charge',
      schema: chargeSchema,
      fields: [
        { name: 'name', label: 'Name' },
        { name: 'amount', label: 'Amount (%)', kind: 'number' },
        { name: 'posting_gl', label: 'Posting GL', kind: 'select', options: gl.options, loading: gl.loading },
        { name: 'status', label: 'Status', kind: 'status' },
      ],
      columns,
      nameOf: (row) => row.name,
    }),
    [gl.options, gl.loading],
  );
  return (
    <SetupPage title="Charges" description="Charges applied to savings and loans, and the GL account each posts to">
      <CrudSection config={config} />
    </SetupPage>
  );
}

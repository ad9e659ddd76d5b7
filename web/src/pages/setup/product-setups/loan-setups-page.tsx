import { useMemo } from 'react';
import { loanSetupSchema } from '@coopledger/shared/schemas/setup';
import { useLookup } from '../../../api/entities';
import type { LoanSetup } from '../../../api/setup-endpoints';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import { statusColumn } from '../../../components/crud/columns';
import type { CrudConfig } from '../../../components/crud/crud-section';
import { choicesOf } from '../../../components/crud/field-defs';
import { TabbedCrud } from '../../../components/crud/tabbed-crud';
import { SetupPage } from '../setup-page';
import { loanSetupBody, loanSetupFields } from './loan-setup-form';
import { useSetupChoices } from './use-setup-choices';

const columns: CrudConfig<LoanSetup>['columns'] = [
  { id: 'type', header: 'Type', cell: (row) => row.product.name ?? row.product_id },
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
  { id: 'tenure', header: 'Tenure', cell: (row) => `${row.tenure} ${row.tenure_type}` },
  { id: 'rate', header: 'Int. Rate', cell: (row) => `${row.min_int_rate}% - ${row.max_int_rate}%` },
  {
    id: 'penal',
    header: 'Penal',
    cell: (row) => (row.penal_type === 'None' ? 'None' : `${row.penal_charge} (${row.penal_type})`),
  },
  { id: 'upfront', header: 'Upfront', cell: (row) => `${row.upfront}%` },
  { id: 'source', header: 'Source', cell: (row) => row.source },
  {
    id: 'charge',
    header: 'Charge',
    cell: (row) => (row.charge ? `${row.charge.name} (${row.charge_amount})` : 'None'),
  },
  { id: 'method', header: 'Calc. Method', cell: (row) => row.calculation_method || 'Not Set' },
  statusColumn(),
];

/** /setup/loans: tenure, rates, charges, method and GL accounts of each loan product. */
export function LoanSetupsPage() {
  const { products, charges, gl, chargeAmount } = useSetupChoices();
  const lookup = useLookup('GET /calculation-method');
  const methods = useMemo(
    () => ({
      options: choicesOf(
        lookup.data ?? [],
        (m) => m.id,
        (m) => m.name,
      ),
      loading: lookup.isPending,
    }),
    [lookup.data, lookup.isPending],
  );
  const config = useMemo<CrudConfig<LoanSetup>>(
    () => ({
      endpoint: ENDPOINTS.loanSetups,
      title: 'Loan setups',
      noun: 'loan setup',
      schema: loanSetupSchema,
      formColumns: 3,
      fields: loanSetupFields({ products, charges, gl, methods, chargeAmount }),
      toBody: loanSetupBody,
      columns,
      nameOf: (row) => row.name,
    }),
    [products, charges, gl, methods, chargeAmount],
  );
  return (
    <SetupPage
      title="Loan setups"
      description="Tenure, interest, charges, calculation method and GL accounts of each loan product"
    >
      <TabbedCrud config={config} listLabel="Setups" formLabel="Add New Setup" />
    </SetupPage>
  );
}

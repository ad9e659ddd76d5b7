import { useMemo } from 'react';
import { savingsSetupSchema } from '@coopledger/shared/schemas/setup';
import type { SavingsSetup } from '../../../api/setup-endpoints';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import type { CrudConfig } from '../../../components/crud/crud-section';
import { TabbedCrud } from '../../../components/crud/tabbed-crud';
import { formatDay } from '../../../format/dates';
import { formatNaira } from '../../../format/money';
import { SetupPage } from '../setup-page';
import { useSetupChoices } from './use-setup-choices';

const columns: CrudConfig<SavingsSetup>['columns'] = [
  { id: 'type', header: 'Type', cell: (row) => row.product.name ?? row.product_id, isRowHeader: true },
  { id: 'opening', header: 'Opening Bal.', cell: (row) => formatNaira(row.opening_balance) },
  { id: 'closing', header: 'Closing Bal.', cell: (row) => formatNaira(row.closing_balance) },
  { id: 'start', header: 'Start Date', cell: (row) => formatDay(row.start_date) },
  { id: 'end', header: 'End Date', cell: (row) => formatDay(row.end_date) },
  { id: 'interest', header: 'Cr Int.', cell: (row) => `${row.credit_interest}%` },
  {
    id: 'charge',
    header: 'Charge',
    cell: (row) => (row.charge ? `${row.charge.name} (${row.charge.amount}%)` : 'None'),
  },
];

/** /setup/savings: the rules and GL accounts of each savings product. */
export function SavingsSetupsPage() {
  const { products, charges, gl, chargeAmount } = useSetupChoices();
  const config = useMemo<CrudConfig<SavingsSetup>>(() => {
    const glField = (name: string, label: string) => ({
      name,
      label,
      kind: 'select' as const,
      options: gl.options,
      loading: gl.loading,
    });
    return {
      endpoint: ENDPOINTS.savingsSetups,
      title: 'Savings setups',
      noun: 'savings setup',
      schema: savingsSetupSchema,
      formColumns: 2,
      fields: [
        {
          name: 'product_id',
          label: 'Product type',
          kind: 'select',
          options: products.options,
          loading: products.loading,
        },
        { name: 'credit_interest', label: 'Credit interest (%)', kind: 'number' },
        { name: 'opening_balance', label: 'Opening balance (₦)', kind: 'number' },
        { name: 'closing_balance', label: 'Closing balance (₦)', kind: 'number' },
        { name: 'start_date', label: 'Start date', kind: 'date' },
        { name: 'end_date', label: 'End date', kind: 'date' },
        {
          name: 'charge_id',
          label: 'Charge',
          kind: 'select',
          options: charges.options,
          loading: charges.loading,
          derive: chargeAmount,
        },
        { name: 'charge_amount', label: 'Charge amount (%)', readOnly: true, description: 'From the chosen charge' },
        glField('principal_gl', 'Principal GL'),
        glField('member_balance_gl', 'Member balance GL'),
        glField('interest_expense_gl', 'Interest expense GL'),
        glField('interest_payable_gl', 'Interest payable GL'),
        glField('fixed_dep_gl', 'Fixed deposit GL'),
        { name: 'status', label: 'Status', kind: 'status' },
      ],
      columns,
      nameOf: (row) => `the ${row.product.name ?? ''} setup`,
    };
  }, [products.options, products.loading, charges.options, charges.loading, gl.options, gl.loading, chargeAmount]);
  return (
    <SetupPage
      title="Savings setups"
      description="Balances, dates, interest, charge and GL accounts of each savings product"
    >
      <TabbedCrud config={config} listLabel="Setups" formLabel="Add New Setup" />
    </SetupPage>
  );
}

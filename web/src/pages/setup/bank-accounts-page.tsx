import { useMemo } from 'react';
import { bankAccountSchema } from '@coopledger/shared/schemas/setup';
import type { BankAccount } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import { CrudSection } from '../../components/crud/crud-section';
import { SetupPage } from './setup-page';
import { useBankChoices, useGlChoices } from './use-choices';

const columns: CrudConfig<BankAccount>['columns'] = [
  { id: 'bank', header: 'Bank', cell: (row) => row.bank, isRowHeader: true },
  { id: 'account', header: 'Account No.', cell: (row) => row.account_no },
  { id: 'gl', header: 'GL Account', cell: (row) => (row.coa ? `${row.coa.code} ${row.coa.name}` : row.coa_id) },
  statusColumn(),
];

/** /setup/bank-accounts: the cooperative's bank accounts and the GL account each one is. */
export function BankAccountsPage() {
  const gl = useGlChoices();
  const banks = useBankChoices();
  const config = useMemo<CrudConfig<BankAccount>>(
    () => ({
      endpoint: ENDPOINTS.bankAccounts,
      title: 'Bank accounts',
      noun: 'bank account',
      schema: bankAccountSchema,
      fields: [
        { name: 'bank_id', label: 'Bank', kind: 'select', options: banks.options, loading: banks.loading },
        { name: 'account_no', label: 'Account number' },
        { name: 'coa_id', label: 'GL account', kind: 'select', options: gl.options, loading: gl.loading },
        { name: 'status', label: 'Status', kind: 'status' },
      ],
      columns,
      nameOf: (row) => `${row.bank} ${row.account_no}`,
    }),
    [gl.options, gl.loading, banks.options, banks.loading],
  );
  return (
    <SetupPage title="Bank accounts" description="The cooperative's bank accounts and the GL account each one posts to">
      <CrudSection config={config} />
    </SetupPage>
  );
}

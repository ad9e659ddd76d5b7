import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useActiveBankAccounts } from '../../api/orders';

export const BANK_REQUIRED = 'Please select bank account';

interface BankAccountFieldProps {
  /** The chosen bank account's id, or null. */
  value: string | null;
  onChange: (bankId: string | null) => void;
  /** Loads the accounts only while the field is shown (a closed dialog asks for nothing). */
  enabled: boolean;
  description?: string;
  errorText?: string;
}

/**
 * The cooperative bank account money moves through, chosen when an order is approved or a loan is
 * disbursed: the active accounts of the bank accounts setup, with their GL account's name.
 */
export function BankAccountField({ value, onChange, enabled, description, errorText }: BankAccountFieldProps) {
  const banks = useActiveBankAccounts(enabled);
  const options = banks.accounts.map((account) => ({ value: account.id, label: `${account.bank} - ${account.account_no}`, description: account.coa?.name }));
  return (
    <FormField label="Bank account" description={description} errorText={errorText}>
      <Select
        ariaLabel="Bank account"
        placeholder="Select bank account"
        selectedOption={options.find((option) => option.value === value) ?? null}
        options={options}
        statusType={banks.isPending ? 'loading' : 'finished'}
        loadingText="Loading bank accounts"
        empty="No active bank account. Add one under Setup, Bank accounts."
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? null)}
      />
    </FormField>
  );
}

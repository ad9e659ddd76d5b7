import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { useActiveBankAccounts } from '../../api/orders';
import type { BankAccount } from '../../api/setup-endpoints';
import type { SelectChoice } from './select-field';
import { CASH_IN_HAND } from '@coopledger/shared/lookups';

export const BANK_REQUIRED = 'Please select bank account';

/** The chart's Cash in Hand account as a choice, for money paid in cash (docs/decisions.md 2026-11-28). */
export const CASH_IN_HAND_CHOICE: SelectChoice = {
  value: CASH_IN_HAND,
  label: 'Cash in hand',
  description: "The chart's Cash in Hand account: the cash was counted at the office",
};

/** A bank account as a choice: the bank and account number, with its GL account's name. */
export const bankAccountChoices = (accounts: readonly BankAccount[]): SelectChoice[] =>
  accounts.map((account) => ({
    value: account.id,
    label: `${account.bank} - ${account.account_no}`,
    description: account.coa?.name,
  }));

interface BankAccountFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's field holding the chosen account's id ('' while none is chosen). */
  name: FieldPath<T>;
  /** Which way the money moves through the account. */
  description?: string;
  /** Offers Cash in hand first (an order paid in cash). */
  cashInHand?: boolean;
}

/**
 * The cooperative bank account money moves through (an order or loan approved, an investment
 * opened, a payroll upload), bound to react-hook-form: the active accounts of the bank accounts
 * setup with their GL account's name, and the field's message under it. The accounts are loaded
 * when the field is shown; the forms holding it are mounted only while open. The choice is checked
 * when the form is submitted (not on leaving the list, whose message would move the buttons).
 */
export function BankAccountField<T extends FieldValues>({
  control,
  name,
  description,
  cashInHand = false,
}: BankAccountFieldProps<T>) {
  const banks = useActiveBankAccounts();
  const options = [...(cashInHand ? [CASH_IN_HAND_CHOICE] : []), ...bankAccountChoices(banks.accounts)];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={cashInHand ? 'Bank or cash account' : 'Bank account'}
          description={description}
          errorText={fieldState.error?.message}
        >
          <Select
            ariaLabel="Bank account"
            placeholder="Select bank account"
            selectedOption={options.find((option) => option.value === field.value) ?? null}
            options={options}
            statusType={banks.isPending ? 'loading' : 'finished'}
            loadingText="Loading bank accounts"
            empty="No active bank account. Add one under Setup, Bank accounts."
            onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
          />
        </FormField>
      )}
    />
  );
}

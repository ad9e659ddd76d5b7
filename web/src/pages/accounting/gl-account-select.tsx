import { useMemo } from 'react';
import type { SelectProps } from '@cloudscape-design/components/select';
import Select from '@cloudscape-design/components/select';
import type { GlAccount } from '../../api/accounting';
import { useGlAccounts } from '../../api/accounting';

export interface GlChoices {
  options: SelectProps.Option[];
  accounts: GlAccount[];
  loading: boolean;
}

const NO_ACCOUNTS: GlAccount[] = [];

/** The active GL accounts as 'code name' choices, found by typing either. */
export function useGlChoices(enabled = true): GlChoices {
  const { data, isPending } = useGlAccounts({ enabled });
  const accounts = data ?? NO_ACCOUNTS;
  const options = useMemo(
    () =>
      accounts.map((account) => ({
        value: account.code,
        label: `${account.code} ${account.name}`,
        tags: [account.type === 'D' ? 'Debit' : 'Credit'],
      })),
    [accounts],
  );
  return useMemo(() => ({ options, accounts, loading: enabled && isPending }), [options, accounts, enabled, isPending]);
}

interface GlAccountSelectProps {
  choices: GlChoices;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  /** Only where no form field labels the select. */
  ariaLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
}

export function GlAccountSelect({
  choices,
  value,
  onChange,
  onBlur,
  ariaLabel,
  invalid,
  disabled,
}: GlAccountSelectProps) {
  return (
    <Select
      ariaLabel={ariaLabel}
      placeholder="Select GL account"
      filteringType="auto"
      filteringPlaceholder="Find by code or name"
      filteringAriaLabel="Find a GL account by code or name"
      selectedOption={choices.options.find((option) => option.value === value) ?? null}
      options={choices.options}
      statusType={choices.loading ? 'loading' : 'finished'}
      loadingText="Loading GL accounts"
      empty="No active GL account. Add one under Setup, Chart of accounts."
      invalid={invalid}
      disabled={disabled}
      expandToViewport
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      onBlur={onBlur}
    />
  );
}

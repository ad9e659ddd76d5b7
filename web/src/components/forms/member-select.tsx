import { useMemo, useState } from 'react';
import type { SelectProps } from '@cloudscape-design/components/select';
import Select from '@cloudscape-design/components/select';
import { useMemberDirectory } from '../../api/loans';
import { useDebouncedValue } from '../hooks/use-debounced-value';

interface MemberSelectProps {
  label: string;
  selected: SelectProps.Option | null;
  /** Member numbers that cannot be chosen here (a loan's applicant and other surety). */
  exclude: readonly string[];
  onChange: (option: SelectProps.Option) => void;
  onBlur: () => void;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * A member chosen from the cooperative's active members (a loan's surety, an election's
 * contestant), searched by name or member number on the server (page 1, spec 000 section 5) as
 * the reader types. The option's value is the member number.
 */
export function MemberSelect({ label, selected, exclude, onChange, onBlur, invalid, disabled }: MemberSelectProps) {
  const [filter, setFilter] = useState('');
  const [opened, setOpened] = useState(false);
  const query = useDebouncedValue(filter.trim());
  const directory = useMemberDirectory(query, opened);
  const options = useMemo<SelectProps.Option[]>(
    () =>
      (directory.data?.data ?? [])
        .filter((member) => !exclude.includes(member.id))
        .map((member) => ({
          value: member.id,
          label: member.name || `${member.firstname} ${member.lastname}`,
          description: member.id,
        })),
    [directory.data, exclude],
  );
  return (
    <Select
      ariaLabel={label}
      placeholder="Search by name or member number"
      filteringType="manual"
      filteringPlaceholder="Name or member number"
      filteringAriaLabel={`Search ${label.toLowerCase()}`}
      selectedOption={selected}
      options={options}
      statusType={directory.isFetching ? 'loading' : directory.isError ? 'error' : 'finished'}
      loadingText="Finding members"
      errorText="The members could not be loaded"
      empty="No active member matches"
      invalid={invalid}
      disabled={disabled}
      onLoadItems={({ detail }) => {
        setOpened(true);
        setFilter(detail.filteringText);
      }}
      onFocus={() => setOpened(true)}
      onChange={({ detail }) => onChange(detail.selectedOption)}
      onBlur={onBlur}
    />
  );
}

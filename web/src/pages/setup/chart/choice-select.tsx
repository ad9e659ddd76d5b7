import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import type { Choice } from '../../../components/crud/field-defs';

interface ChoiceSelectProps {
  label: string;
  value: string | null;
  options: readonly Choice[];
  loading?: boolean;
  placeholder: string;
  onChange: (value: string | null) => void;
  /** Offers 'All' (no choice) first. */
  allLabel?: string;
}

/** A select outside any form: the category a tab's list and form work in. */
export function ChoiceSelect({ label, value, options, loading, placeholder, onChange, allLabel }: ChoiceSelectProps) {
  const all = allLabel ? [{ value: '', label: allLabel }] : [];
  const choices = [...all, ...options];
  return (
    <FormField label={label}>
      <Select
        selectedOption={choices.find((choice) => choice.value === (value ?? '')) ?? null}
        options={choices}
        placeholder={placeholder}
        statusType={loading ? 'loading' : 'finished'}
        loadingText="Loading"
        empty="Nothing to choose"
        onChange={({ detail }) => onChange(detail.selectedOption.value || null)}
      />
    </FormField>
  );
}

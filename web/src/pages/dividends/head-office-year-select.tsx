import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { today } from '@coopledger/shared/dates';
import { summaryYears } from './head-office-format';

/** The summary's year: next year (to plan it) back through the years before this one. */
export function HeadOfficeYearSelect({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const options = summaryYears().map((y) => ({ value: String(y), label: String(y) }));
  return (
    <FormField label="Year">
      <Select
        selectedOption={options.find((o) => o.value === String(year)) ?? null}
        options={options}
        onChange={({ detail }) => onChange(Number(detail.selectedOption.value))}
      />
    </FormField>
  );
}

/** The year in the address (`?year=`), else this one. */
export function yearOf(params: URLSearchParams): number {
  const asked = Number(params.get('year'));
  return summaryYears().includes(asked) ? asked : Number(today().slice(0, 4));
}

import DatePicker from '@cloudscape-design/components/date-picker';
import { calendarLabel } from '../forms/calendar-label';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DatePresetId, DayRange } from '../../format/date-presets';
import { DATE_PRESETS, presetOf, presetRange } from '../../format/date-presets';

const CUSTOM = { value: 'custom', label: 'Custom dates' };
const ANY_TIME = { value: 'any-time', label: 'All dates' };
const PRESETS = DATE_PRESETS.map(({ id, label }) => ({ value: id, label }));

/** No period: both days empty, which the lists take as "no date filter". */
export const ANY_TIME_RANGE: DayRange = { start_date: '', end_date: '' };

export const isAnyTime = (range: DayRange) => range.start_date === '' && range.end_date === '';

export interface DateRangeFilterProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** Offers "All dates" (ANY_TIME_RANGE) before the presets. */
  anyTime?: boolean;
}

/**
 * The period filter of the transaction lists: a preset (Current Month ... Last Year) or two date
 * pickers; choosing a preset fills the pickers, editing a picker makes the range custom. A start
 * after the end is not passed on.
 */
export function DateRangeFilter({ value, onChange, anyTime = false }: DateRangeFilterProps) {
  const options = anyTime ? [ANY_TIME, ...PRESETS, CUSTOM] : [...PRESETS, CUSTOM];
  const preset = anyTime && isAnyTime(value) ? ANY_TIME.value : presetOf(value);
  const selected = options.find((option) => option.value === preset) ?? CUSTOM;
  const setDay = (field: keyof DayRange, day: string) => {
    const next = { ...value, [field]: day };
    if (next.start_date && next.end_date && next.start_date > next.end_date) return;
    onChange(next);
  };
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="end">
      <FormField label="Period">
        <Select
          selectedOption={selected}
          options={options}
          ariaLabel="Period"
          onChange={({ detail }) => {
            if (detail.selectedOption.value === ANY_TIME.value) return onChange(ANY_TIME_RANGE);
            if (detail.selectedOption.value && detail.selectedOption.value !== CUSTOM.value) {
              onChange(presetRange(detail.selectedOption.value as DatePresetId));
            }
          }}
        />
      </FormField>
      <FormField label="Start date">
        <DatePicker
          value={value.start_date}
          placeholder="YYYY/MM/DD"
          ariaLabel="Start date"
          openCalendarAriaLabel={calendarLabel('Start date')}
          isDateEnabled={(date) => !value.end_date || date <= new Date(`${value.end_date}T23:59:59`)}
          onChange={({ detail }) => setDay('start_date', detail.value)}
        />
      </FormField>
      <FormField label="End date">
        <DatePicker
          value={value.end_date}
          placeholder="YYYY/MM/DD"
          ariaLabel="End date"
          openCalendarAriaLabel={calendarLabel('End date')}
          isDateEnabled={(date) => !value.start_date || date >= new Date(`${value.start_date}T00:00:00`)}
          onChange={({ detail }) => setDay('end_date', detail.value)}
        />
      </FormField>
    </SpaceBetween>
  );
}

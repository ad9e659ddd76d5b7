import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { reportPeriodSchema } from '@coopledger/shared/schemas/accounting';
import type { Query } from '../../api/client';
import type { ReportRoute } from '../../api/reports';
import { downloadReport } from '../../api/reports';
import { DateField } from '../../components/forms/date-field';
import { useFileDownload } from '../../components/hooks/use-file-download';
import { useZodForm } from '../../forms/zod-form';
import type { DayRange } from '../../format/date-presets';
import { toApiDate } from '../../format/dates';

/** The period a report opens on: 1 January of this year to today. */
export function defaultReportRange(today: Date = new Date()): DayRange {
  return { start_date: toApiDate(new Date(today.getFullYear(), 0, 1)), end_date: toApiDate(today) };
}

const sameRange = (a: DayRange, b: DayRange) => a.start_date === b.start_date && a.end_date === b.end_date;

/**
 * The dates of the figures shown: a report is asked for on the first load and then only when
 * Search is pressed (with the dates in the boxes), not on every change of a date.
 */
export function useReportPeriod(initial: () => DayRange = defaultReportRange) {
  const [applied, setApplied] = useState<DayRange>(initial);
  return {
    applied,
    /** Shows the period searched for; the same period again is asked for afresh. */
    search: (range: DayRange, refetch: () => unknown) => {
      if (sameRange(range, applied)) refetch();
      else setApplied(range);
    },
  };
}

/** Downloads a report as .xlsx; a failure is shown as a toast with the server's message. */
export function useReportDownload(path: ReportRoute) {
  return useFileDownload((filters: Query) => downloadReport(path, filters));
}

interface ReportFiltersProps {
  /** The dates the boxes start with. */
  initial: DayRange;
  /** Search, with the boxes' period once it is valid. */
  onSearch: (range: DayRange) => void;
  /** Download, with the boxes' period. */
  onDownload: (range: DayRange) => void;
  searching: boolean;
  downloading: boolean;
  /** Filters before the dates (the ledger statement's account). */
  children?: ReactNode;
  /** Why Search cannot run yet, besides the dates (no account chosen). */
  blocked?: boolean;
}

/**
 * From, To, Search and Download above a report, checked with the API's report period schema
 * (an end before the start is refused under To). Enter in a date box searches too; Download
 * takes the dates in the boxes.
 */
export function ReportFilters({
  initial,
  onSearch,
  onDownload,
  searching,
  downloading,
  children,
  blocked = false,
}: ReportFiltersProps) {
  const { control, handleSubmit, getValues, watch, trigger, getFieldState, formState } = useZodForm<DayRange>(
    reportPeriodSchema,
    { keepValues: true, defaultValues: initial },
  );
  // A new start is checked against the end already given, so an end now before it is refused at once.
  const start = watch('start_date');
  useEffect(() => {
    if (getFieldState('end_date').isTouched || formState.isSubmitted) void trigger('end_date');
  }, [start, getFieldState, trigger, formState.isSubmitted]);
  const invalid = !formState.isValid || blocked;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked) void handleSubmit(onSearch)();
      }}
    >
      <SpaceBetween direction="horizontal" size="s" alignItems="end">
        {children}
        <DateField control={control} name="start_date" label="From" />
        <DateField control={control} name="end_date" label="To" />
        <Button variant="primary" iconName="search" formAction="submit" loading={searching} disabled={invalid}>
          Search
        </Button>
        <Button
          iconName="download"
          formAction="none"
          loading={downloading}
          disabled={invalid}
          onClick={() => onDownload(getValues())}
        >
          Download
        </Button>
      </SpaceBetween>
    </form>
  );
}

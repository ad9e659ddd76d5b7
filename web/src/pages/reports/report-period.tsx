import type { ReactNode } from 'react';
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import type { Query } from '../../api/client';
import type { ReportRoute } from '../../api/reports';
import { downloadReport } from '../../api/reports';
import { notificationsStore } from '../../app/notifications/notifications-store';
import type { DayRange } from '../../format/date-presets';
import { toApiDate } from '../../format/dates';

/** The period a report opens on: 1 January of this year to today. */
export function defaultReportRange(today: Date = new Date()): DayRange {
  return { start_date: toApiDate(new Date(today.getFullYear(), 0, 1)), end_date: toApiDate(today) };
}

/** Why a period cannot be asked for, in the API's own words, or null when it can. */
export function rangeError(range: DayRange): string | null {
  if (!range.start_date || !range.end_date) return 'Choose both dates';
  if (range.end_date < range.start_date) return 'The end date must not be before the start date';
  return null;
}

const sameRange = (a: DayRange, b: DayRange) => a.start_date === b.start_date && a.end_date === b.end_date;

/**
 * The dates in the boxes and the dates of the figures shown: a report is asked for on the first
 * load and then only when Search is pressed, not on every change of a date.
 */
export function useReportPeriod(initial: () => DayRange = defaultReportRange) {
  const [draft, setDraft] = useState<DayRange>(initial);
  const [applied, setApplied] = useState<DayRange>(draft);
  return {
    draft,
    setDraft,
    applied,
    /** Shows the boxes' period; the same period again is asked for afresh. */
    search: (refetch: () => unknown) => {
      if (rangeError(draft)) return;
      if (sameRange(draft, applied)) refetch();
      else setApplied(draft);
    },
  };
}

/** Downloads a report as .xlsx; a failure is shown as a toast with the server's message. */
export function useReportDownload(path: ReportRoute) {
  const [downloading, setDownloading] = useState(false);
  const download = async (filters: Query) => {
    setDownloading(true);
    try {
      await downloadReport(path, filters);
    } catch (error) {
      notificationsStore.notify('error', errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download: (filters: Query) => void download(filters) };
}

interface ReportFiltersProps {
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  onSearch: () => void;
  onDownload: () => void;
  searching: boolean;
  downloading: boolean;
  /** Filters before the dates (the ledger statement's account). */
  children?: ReactNode;
  /** Why Search cannot run yet, besides the dates (no account chosen). */
  blocked?: boolean;
}

/**
 * From, To, Search and Download above a report. Enter in a date box searches too; Download takes
 * the dates in the boxes.
 */
export function ReportFilters({
  range,
  onRangeChange,
  onSearch,
  onDownload,
  searching,
  downloading,
  children,
  blocked = false,
}: ReportFiltersProps) {
  const error = rangeError(range);
  const invalid = error !== null || blocked;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onSearch();
      }}
    >
      <SpaceBetween direction="horizontal" size="s" alignItems="end">
        {children}
        <FormField label="From">
          <DatePicker
            value={range.start_date}
            placeholder="YYYY/MM/DD"
            ariaLabel="From"
            onChange={({ detail }) => onRangeChange({ ...range, start_date: detail.value })}
          />
        </FormField>
        <FormField label="To" errorText={range.start_date && range.end_date ? (error ?? undefined) : undefined}>
          <DatePicker
            value={range.end_date}
            placeholder="YYYY/MM/DD"
            ariaLabel="To"
            onChange={({ detail }) => onRangeChange({ ...range, end_date: detail.value })}
          />
        </FormField>
        <Button variant="primary" iconName="search" formAction="submit" loading={searching} disabled={invalid}>
          Search
        </Button>
        <Button iconName="download" formAction="none" loading={downloading} disabled={invalid} onClick={onDownload}>
          Download
        </Button>
      </SpaceBetween>
    </form>
  );
}

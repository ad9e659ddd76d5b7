import type { ReactNode } from 'react';
import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { storePeriodIssue } from '@coopledger/shared/store-periods';
import { periodQuery } from '../../api/eshop-reports';
import { DateRangeFilter } from '../../components/date-range/date-range-filter';
import type { DayRange } from '../../format/date-presets';
import { presetRange } from '../../format/date-presets';
import { formatDay } from '../../format/dates';
import { useRequiredSession } from '../../session/use-session';

/**
 * The period of the store's dashboard and reports: the boxes' period (`draft`) and the one shown
 * (`applied`), the last 30 days to begin with. Search shows the boxes' period once it is one the
 * API reads (at most 366 days, the end not before the start: shared/src/store-periods.ts).
 */
export function useStorePeriod() {
  const [draft, setDraft] = useState<DayRange>(() => presetRange('last-30-days'));
  const [applied, setApplied] = useState<DayRange>(draft);
  return { draft, setDraft, applied, apply: () => setApplied(draft) };
}

interface StorePeriodFormProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
  onSearch: () => void;
  searching: boolean;
  /** Filters after the dates (the kind of transaction, the grouping). */
  children?: ReactNode;
  /** Buttons after Search (Download). */
  actions?: ReactNode;
}

/** Period (a preset or two dates), any filters, Search and any actions, with why the period cannot be read. */
export function StorePeriodForm({ value, onChange, onSearch, searching, children, actions }: StorePeriodFormProps) {
  const issue = storePeriodIssue(periodQuery(value));
  return (
    <form
      aria-label="Report period"
      onSubmit={(event) => {
        event.preventDefault();
        if (!issue) onSearch();
      }}
    >
      <SpaceBetween size="xs">
        <SpaceBetween direction="horizontal" size="s" alignItems="end">
          <DateRangeFilter value={value} onChange={onChange} />
          {children}
          <Button variant="primary" formAction="submit" loading={searching} disabled={issue !== undefined}>
            Search
          </Button>
          {actions}
        </SpaceBetween>
        {issue && (
          <Box color="text-status-error" variant="small" data-testid="period-issue">
            {issue.message}
          </Box>
        )}
      </SpaceBetween>
    </form>
  );
}

interface StoreReportLayoutProps {
  title: string;
  /** What the page shows, before its period: "Sales by product". */
  what: string;
  /** The period shown. */
  period: DayRange;
  children: ReactNode;
}

/**
 * The frame of the store's dashboard and reports: the title, what it shows over which period, and
 * its content once a cooperative is chosen (a super-admin chooses one with the switcher first).
 */
export function StoreReportLayout({ title, what, period, children }: StoreReportLayoutProps) {
  const { activeCooperativeId } = useRequiredSession();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={`${what}, ${formatDay(period.start_date)} to ${formatDay(period.end_date)}.`}>
          {title}
        </Header>
      }
    >
      {activeCooperativeId ? (
        children
      ) : (
        <Alert type="info">Choose a cooperative with the switcher in the top bar to see its store.</Alert>
      )}
    </ContentLayout>
  );
}

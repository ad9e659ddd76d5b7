import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { DIVIDEND_STATUS } from '@coopledger/shared/statuses';
import { errorMessage } from '../../api/api-error';
import type { DividendDeclarationView } from '../../api/dividends';
import { downloadDividendReport, useDividendDeclaration, useDividendDeclarations } from '../../api/dividends';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { formatNaira } from '../../format/money';
import { periodText, SAVED_DIVIDENDS, splitText } from '../dividends/declaration-format';
import { DeclarationMembers } from '../dividends/dividend-members-table';

const DividendSplitChart = lazy(() =>
  import('../dividends/dividend-split-chart').then((m) => ({ default: m.DividendSplitChart })),
);

/** A saved dividend as the choice names it: its period, pool and status. */
const choiceOf = (d: DividendDeclarationView) => ({
  value: d.id,
  label: `${periodText(d)}, ${formatNaira(d.amount)}`,
  description: d.status_label,
});

/**
 * /reports/dividend-calculator (issue 21, "Dividend report"): one saved dividend at a time (the
 * newest approved or paid one unless another is chosen; `?id=` keeps the choice in the address),
 * its figures, a chart of how it is split, its members with their totals, and the .xlsx of all of them.
 */
export function DividendReportPage() {
  const [params, setParams] = useSearchParams();
  const list = useDividendDeclarations(1);
  const saved = list.data?.data ?? [];
  const newest = saved.find((d) => d.status === DIVIDEND_STATUS.APPROVED || d.status === DIVIDEND_STATUS.PAID);
  const id = params.get('id') ?? newest?.id ?? saved[0]?.id ?? '';
  const chosen = useDividendDeclaration(id);
  const [downloading, setDownloading] = useState(false);

  const options = saved.map(choiceOf);
  // A dividend opened by its address may be older than the newest page of the list.
  if (chosen.data && !options.some((o) => o.value === chosen.data.id)) options.push(choiceOf(chosen.data));

  const download = (dividend: DividendDeclarationView) => {
    setDownloading(true);
    downloadDividendReport(dividend)
      .catch((error: unknown) => notificationsStore.notify('error', errorMessage(error)))
      .finally(() => setDownloading(false));
  };

  let body;
  if (list.isPending || (id && chosen.isPending)) body = <Spinner size="large" />;
  else if (list.isError) body = <Alert type="error">{errorMessage(list.error)}</Alert>;
  else if (!id)
    body = (
      <Alert type="info" header="No dividend yet">
        Compute a dividend and save it first: <Link to="/dividend-calculator/compute">Compute dividend</Link>.
      </Alert>
    );
  else if (chosen.isError) body = <Alert type="error">{errorMessage(chosen.error)}</Alert>;
  else if (chosen.data)
    body = <DividendReport dividend={chosen.data} downloading={downloading} onDownload={download} />;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="A saved dividend's members, their bases and parts, and its totals">
          Dividend report
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <FormField label="Dividend" description={<Link to={SAVED_DIVIDENDS}>Saved dividends</Link>}>
            <Select
              selectedOption={options.find((o) => o.value === id) ?? null}
              options={options}
              placeholder="Choose a saved dividend"
              statusType={list.isPending ? 'loading' : 'finished'}
              loadingText="Loading the saved dividends"
              empty="No saved dividend"
              onChange={({ detail }) => setParams({ id: detail.selectedOption.value ?? '' })}
            />
          </FormField>
        </Container>
        {body}
      </SpaceBetween>
    </ContentLayout>
  );
}

interface DividendReportProps {
  dividend: DividendDeclarationView;
  downloading: boolean;
  onDownload: (dividend: DividendDeclarationView) => void;
}

function DividendReport({ dividend, downloading, onDownload }: DividendReportProps) {
  const { totals } = dividend;
  const sharing = dividend.revenue_sharing;
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{periodText(dividend)}</Header>}>
        <ColumnLayout columns={2} variant="text-grid">
          <KeyValuePairs
            columns={2}
            items={[
              {
                label: 'Dividend amount',
                value: <span data-testid="report-amount">{formatNaira(dividend.amount)}</span>,
              },
              { label: 'Status', value: dividend.status_label },
              { label: 'X / Y', value: splitText(dividend) },
              { label: 'Members', value: totals.members.toLocaleString('en-NG') },
              { label: 'Shared by savings', value: formatNaira(totals.savings_part) },
              { label: 'Shared by loan interest', value: formatNaira(totals.loan_part) },
              { label: 'Total savings basis', value: formatNaira(totals.savings_basis) },
              { label: 'Total loan interest paid', value: formatNaira(totals.loan_basis) },
              ...(sharing
                ? [
                    { label: 'Statutory reserve', value: formatNaira(sharing.statutory_reserve) },
                    { label: 'Admin fee', value: formatNaira(sharing.admin_fee) },
                  ]
                : []),
            ]}
          />
          <Suspense fallback={<Spinner size="large" />}>
            <DividendSplitChart dividend={dividend} />
          </Suspense>
        </ColumnLayout>
      </Container>
      <DeclarationMembers
        key={dividend.id}
        dividend={dividend}
        actions={
          <Button iconName="download" loading={downloading} onClick={() => onDownload(dividend)}>
            Download .xlsx
          </Button>
        }
      />
      <Box variant="small" color="text-body-secondary">
        Each member&apos;s dividend is their savings part plus their loan part; the members&apos; dividends add up to
        the dividend amount exactly.
      </Box>
    </SpaceBetween>
  );
}

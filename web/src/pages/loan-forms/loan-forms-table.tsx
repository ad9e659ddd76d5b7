import { useMemo, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { errorMessage } from '../../api/api-error';
import type { LoanForm } from '../../api/loan-forms';
import { openUploadedForm, useLoanFormArchive, useMemberLoanForms } from '../../api/loan-forms';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { formatDateTime } from '../../format/dates';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';

function DownloadButton({ form }: { form: LoanForm }) {
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    openUploadedForm(form.id)
      .catch((error: unknown) => notificationsStore.notify('error', errorMessage(error)))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="inline-link"
      iconName="download"
      loading={busy}
      onClick={open}
      ariaLabel={`Download ${form.file_name}`}
    >
      Download
    </Button>
  );
}

const ID: TableProps.ColumnDefinition<LoanForm> = {
  id: 'id',
  header: 'ID',
  cell: (form) => <Box variant="code">{form.id}</Box>,
};
const MEMBER: TableProps.ColumnDefinition<LoanForm> = {
  id: 'member',
  header: 'Member',
  isRowHeader: true,
  cell: (form) => `${form.member.name} (${form.member_id})`,
};
const REST: TableProps.ColumnDefinition<LoanForm>[] = [
  { id: 'file', header: 'File Name', cell: (form) => form.file_name },
  { id: 'date', header: 'Date', cell: (form) => formatDateTime(form.created_at) },
  { id: 'actions', header: 'Action', cell: (form) => <DownloadButton form={form} /> },
];

/**
 * Uploaded loan forms, newest first, each downloadable through a short-lived link. `archive` is the
 * cooperative's (staff, with the member and a search); otherwise one member's (the signed-in
 * member's own when no `memberId`). A failed load shows the server's message.
 */
export function LoanFormsTable({ archive = false, memberId }: { archive?: boolean; memberId?: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const archiveForms = useLoanFormArchive(page, query, archive);
  const memberForms = useMemberLoanForms(memberId, page, !archive);
  const forms = archive ? archiveForms : memberForms;
  const meta = forms.data?.meta;
  const columns = useMemo(() => (archive ? [ID, MEMBER, ...REST] : [ID, ...REST]), [archive]);

  return (
    <SpaceBetween size="s">
      {forms.isError && (
        <Alert type="error" header="The loan forms could not be loaded">
          {errorMessage(forms.error)}
        </Alert>
      )}
      <Table<LoanForm>
        variant="container"
        ariaLabels={{ tableLabel: archive ? 'Loan form archive' : 'Uploaded loan forms' }}
        trackBy="id"
        wrapLines
        items={forms.data?.data ?? []}
        columnDefinitions={columns}
        loading={forms.isPending}
        loadingText="Loading loan forms"
        header={
          <Header
            counter={meta ? `(${totalText(meta)})` : undefined}
            description={archive ? 'Loan application forms members uploaded as PDF' : undefined}
          >
            {archive ? 'Loan form archive' : 'Uploaded loan forms'}
          </Header>
        }
        filter={
          archive ? (
            <TextFilter
              filteringText={search}
              filteringPlaceholder="Search by member name, member number or file name"
              filteringAriaLabel="Search loan forms"
              onChange={({ detail }) => {
                setSearch(detail.filteringText);
                setPage(1);
              }}
            />
          ) : undefined
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No loan forms</b>
            <Box variant="p" color="inherit">
              {forms.isError
                ? errorMessage(forms.error)
                : query
                  ? 'No uploaded form matches this search.'
                  : archive
                    ? 'No member has uploaded a loan form yet.'
                    : 'No loan form has been uploaded yet.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, forms.isFetching, setPage)}
      />
    </SpaceBetween>
  );
}

import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, auditSubject } from '@coopledger/shared/audit';
import type { AuditAction } from '@coopledger/shared/audit';
import { ROUTES } from '@coopledger/shared/routes';
import { errorMessage } from '../../api/api-error';
import type { AuditFilters } from '../../api/audit';
import { useAuditDownload, useAuditLog } from '../../api/audit';
import { AuditRecordsTable } from '../../components/audit/audit-records-table';
import { DateRangeFilter } from '../../components/date-range/date-range-filter';
import { useFileDownload } from '../../components/hooks/use-file-download';
import { presetRange } from '../../format/date-presets';
import { useRequiredSession } from '../../session/use-session';

const ANY = { value: '', label: 'Any' };
/** What the trail's records name: every entity a change route of the table changes. */
export const ENTITY_CHOICES = [
  ANY,
  ...[...new Set(ROUTES.filter((r) => r.method !== 'GET').map((r) => auditSubject(r).entity))]
    .sort()
    .map((entity) => ({ value: entity, label: entity })),
];
const ACTION_CHOICES = [ANY, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))];

/**
 * /audit-log: who changed what, when and from where, newest first (docs/decisions.md 2026-11-27
 * "Audit trail"). A cooperative's admins see its trail; a super-admin sees the platform's, or the
 * cooperative's once switched into one. Download gives the filtered records as .xlsx.
 */
export function AuditLogPage() {
  const session = useRequiredSession();
  const [draft, setDraft] = useState<AuditFilters>(() => ({ range: presetRange('last-30-days') }));
  const [shown, setShown] = useState<{ filters: AuditFilters; page: number }>({ filters: draft, page: 1 });
  const found = useAuditLog(shown.filters, shown.page);
  const { downloading, download } = useFileDownload(useAuditDownload());
  const where = session.activeCooperativeId === null ? "The platform's changes" : "The cooperative's changes";
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={`${where}: who changed what, when and from where`}>
          Audit log
        </Header>
      }
    >
      <AuditRecordsTable
        label="Audit log"
        records={found.data?.data}
        meta={found.data?.meta}
        loading={found.isPending}
        fetching={found.isFetching}
        onPage={(page) => setShown({ ...shown, page })}
        header={<Header description="Newest first">Records</Header>}
        filter={
          <form
            aria-label="Audit log filters"
            onSubmit={(event) => {
              event.preventDefault();
              setShown({ filters: draft, page: 1 });
            }}
          >
            <SpaceBetween direction="horizontal" size="s" alignItems="end">
              <DateRangeFilter value={draft.range} onChange={(range) => setDraft({ ...draft, range })} />
              <FormField label="User">
                <Input
                  ariaLabel="Login ID"
                  placeholder="Login ID"
                  value={draft.user ?? ''}
                  onChange={({ detail }) => setDraft({ ...draft, user: detail.value.trim() })}
                />
              </FormField>
              <FormField label="Entity">
                <Select
                  ariaLabel="Entity"
                  filteringType="auto"
                  selectedOption={ENTITY_CHOICES.find((c) => c.value === (draft.entity ?? '')) ?? ANY}
                  options={ENTITY_CHOICES}
                  onChange={({ detail }) => setDraft({ ...draft, entity: detail.selectedOption.value || undefined })}
                />
              </FormField>
              <FormField label="Action">
                <Select
                  ariaLabel="Action"
                  selectedOption={ACTION_CHOICES.find((c) => c.value === (draft.action ?? '')) ?? ANY}
                  options={ACTION_CHOICES}
                  onChange={({ detail }) =>
                    setDraft({
                      ...draft,
                      action: (detail.selectedOption.value || undefined) as AuditAction | undefined,
                    })
                  }
                />
              </FormField>
              <Button variant="primary" formAction="submit" loading={found.isFetching && !found.isPending}>
                Search
              </Button>
              <Button
                iconName="download"
                formAction="none"
                loading={downloading}
                onClick={() => download(shown.filters)}
              >
                Download
              </Button>
            </SpaceBetween>
          </form>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No records</b>
            <Box variant="p" color="inherit">
              {found.isError ? errorMessage(found.error) : 'Nobody changed anything that these filters match.'}
            </Box>
          </Box>
        }
      />
    </ContentLayout>
  );
}

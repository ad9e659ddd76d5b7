import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import { errorMessage } from '../../api/api-error';
import { useEntityHistory } from '../../api/audit';
import { AuditRecordsTable } from './audit-records-table';

/** A History tab: who changed this record, when, from where, and what they changed, newest first. */
export function EntityHistory({ entity, entityId, title }: { entity: string; entityId: string; title: string }) {
  const [page, setPage] = useState(1);
  const found = useEntityHistory(entity, entityId, page);
  return (
    <AuditRecordsTable
      label={`History of ${title}`}
      records={found.data?.data}
      meta={found.data?.meta}
      loading={found.isPending}
      fetching={found.isFetching}
      onPage={setPage}
      columns={['at', 'user', 'action', 'changes', 'from']}
      header={<Header description="Every change, newest first">History</Header>}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No changes recorded</b>
          <Box variant="p" color="inherit">
            {found.isError ? errorMessage(found.error) : `Nothing has changed ${title} since the audit trail began.`}
          </Box>
        </Box>
      }
    />
  );
}

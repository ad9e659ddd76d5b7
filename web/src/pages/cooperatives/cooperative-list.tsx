import { useMemo, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '../../components/tables/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { Cooperative } from '../../api/cooperatives';
import { useCooperativeList } from '../../api/cooperatives';
import { useDebouncedValue } from '../../components/hooks/use-debounced-value';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { cooperativeListColumns } from './cooperative-list-columns';
import { DeleteCooperativeModal } from './delete-cooperative-modal';

interface CooperativeListProps {
  onEdit: (cooperative: Cooperative) => void;
  onAdd: () => void;
}

/** Cooperative List tab: server-side filtering and pages. */
export function CooperativeList({ onEdit, onAdd }: CooperativeListProps) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const query = useDebouncedValue(filter.trim());
  const { data, isPending, isFetching } = useCooperativeList({ page, query: query || undefined });
  const [deleting, setDeleting] = useState<Cooperative | null>(null);
  const columns = useMemo(() => cooperativeListColumns({ onEdit, onDelete: setDeleting }), [onEdit]);
  const meta = data?.meta;

  return (
    <>
      <Table
        variant="container"
        ariaLabels={{ tableLabel: 'Cooperatives' }}
        columnDefinitions={columns}
        items={data?.data ?? []}
        trackBy="id"
        loading={isPending}
        loadingText="Loading cooperatives"
        header={
          <Header
            counter={meta ? `(${totalText(meta)})` : undefined}
            actions={
              <Button variant="primary" iconName="add-plus" onClick={onAdd}>
                Add cooperative
              </Button>
            }
          >
            Cooperative List
          </Header>
        }
        filter={
          <TextFilter
            filteringText={filter}
            filteringPlaceholder="Find by name or code"
            filteringAriaLabel="Find cooperatives by name or code"
            countText={meta ? `${totalText(meta)} match${meta.total === 1 ? '' : 'es'}` : undefined}
            onChange={({ detail }) => {
              setFilter(detail.filteringText);
              setPage(1);
            }}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>No cooperatives</b>
            <Box variant="p" color="inherit">
              {query ? 'No cooperative matches this search.' : 'No cooperative has been created yet.'}
            </Box>
          </Box>
        }
        pagination={resultsPagination(meta, isFetching, setPage)}
      />
      <DeleteCooperativeModal cooperative={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

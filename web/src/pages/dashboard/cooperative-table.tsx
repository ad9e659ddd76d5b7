import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table from '../../components/tables/table';
import { useCooperativeList } from '../../api/cooperatives';
import { useSwitchCooperative } from '../../app/menus/use-switch-context';
import { resultsPagination, totalText } from '../../components/crud/results-pagination';
import { cooperativeColumns } from './cooperative-columns';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The Cooperative List of the platform home; the page number lives in the URL so it survives reload. */
export function CooperativeTable() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const { data, isPending, isFetching } = useCooperativeList({ page });
  const switchCooperative = useSwitchCooperative();
  const columns = useMemo(
    () => cooperativeColumns((cooperative) => switchCooperative(cooperative, '/members')),
    [switchCooperative],
  );
  const meta = data?.meta;

  return (
    <Table
      variant="container"
      ariaLabels={{ tableLabel: 'Cooperative List' }}
      columnDefinitions={columns}
      items={data?.data ?? []}
      trackBy="id"
      loading={isPending}
      loadingText="Loading cooperatives"
      header={
        <Header counter={meta ? `(${totalText(meta)})` : undefined} description="Every cooperative on the platform">
          Cooperative List
        </Header>
      }
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No cooperatives</b>
          <Box variant="p" color="inherit">
            No cooperative has been created yet.
          </Box>
        </Box>
      }
      pagination={resultsPagination(meta, isFetching, (page) => setParams({ page: String(page) }))}
    />
  );
}

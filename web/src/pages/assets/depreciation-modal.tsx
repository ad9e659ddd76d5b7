import Modal from '@cloudscape-design/components/modal';
import Table from '../../components/tables/table';
import { useAssetSchedule } from '../../api/assets';
import type { Asset } from '../../api/setup-endpoints';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';

/** The straight-line schedule of an approved asset, year by year. */
export function DepreciationModal({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  const { data, isPending } = useAssetSchedule(asset?.id ?? null);
  return (
    <Modal
      visible={asset !== null}
      onDismiss={onClose}
      closeAriaLabel="Close"
      size="large"
      header={`Depreciation schedule of ${asset?.name ?? ''}`}
    >
      <Table
        variant="embedded"
        ariaLabels={{ tableLabel: 'Depreciation schedule' }}
        loading={isPending}
        loadingText="Loading the schedule"
        items={data?.depreciation_schedule ?? []}
        trackBy="year"
        columnDefinitions={[
          { id: 'year', header: 'Year', cell: (row) => row.year },
          {
            id: 'period',
            header: 'Period',
            cell: (row) => `${formatDay(row.start_date)} - ${formatDay(row.end_date)}`,
          },
          { id: 'opening', header: 'Opening value', cell: (row) => formatNaira(row.opening_value) },
          { id: 'depreciation', header: 'Depreciation', cell: (row) => formatNaira(row.depreciation) },
          { id: 'accumulated', header: 'Accumulated', cell: (row) => formatNaira(row.accumulated_depreciation) },
          { id: 'closing', header: 'Closing value', cell: (row) => formatNaira(row.closing_value) },
        ]}
      />
    </Modal>
  );
}

import { useMemo, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { assetSchema, DEPRECIATION_METHODS } from '@coopledger/shared/schemas/assets';
import type { Asset, AssetType } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import type { CrudConfig } from '../../components/crud/crud-section';
import { choicesOf } from '../../components/crud/field-defs';
import { TabbedCrud } from '../../components/crud/tabbed-crud';
import { formatDay } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { SetupPage } from '../setup/setup-page';
import { useRecordChoices } from '../setup/use-choices';
import type { AssetDecision } from './asset-decision-modal';
import { AssetDecisionModal } from './asset-decision-modal';
import { DepreciationModal } from './depreciation-modal';
import { ASSET_STATUS } from '@coopledger/shared/statuses';
import type { AssetStatus } from '@coopledger/shared/statuses';

const STATUS_TYPE: Record<AssetStatus, StatusIndicatorProps.Type> = {
  [ASSET_STATUS.PENDING]: 'pending',
  [ASSET_STATUS.APPROVED]: 'success',
  [ASSET_STATUS.DENIED]: 'stopped',
};
const METHODS = choicesOf(
  DEPRECIATION_METHODS,
  (m) => m.id,
  (m) => m.name,
);
const typeName = (type: AssetType) => type.name;
const isPending = (asset: Asset) => asset.status === ASSET_STATUS.PENDING;

const columns: CrudConfig<Asset>['columns'] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
  { id: 'type', header: 'Type', cell: (row) => row.asset_type?.name ?? '' },
  { id: 'cost', header: 'Initial cost', cell: (row) => formatNaira(row.initial_cost) },
  { id: 'residual', header: 'Residual value', cell: (row) => formatNaira(row.residual_value) },
  { id: 'life', header: 'Useful life', cell: (row) => `${row.useful_life} yr` },
  { id: 'purchased', header: 'Purchased', cell: (row) => formatDay(row.date_purchased) },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusIndicator type={STATUS_TYPE[row.status]}>{row.status_name}</StatusIndicator>,
  },
];

/** /finance-reporting/asset-setup: assets, approved (posted) or denied while pending. */
export function AssetsPage() {
  const types = useRecordChoices<AssetType>(ENDPOINTS.assetTypes, typeName);
  const [decision, setDecision] = useState<AssetDecision | null>(null);
  const [schedule, setSchedule] = useState<Asset | null>(null);
  const config = useMemo<CrudConfig<Asset>>(
    () => ({
      endpoint: ENDPOINTS.assets,
      title: 'Assets',
      noun: 'asset',
      schema: assetSchema,
      formColumns: 2,
      fields: [
        { name: 'name', label: 'Name' },
        { name: 'asset_type_id', label: 'Asset type', kind: 'select', options: types.options, loading: types.loading },
        { name: 'calculation_method_id', label: 'Calculation method', kind: 'select', options: METHODS, initial: '1' },
        { name: 'date_purchased', label: 'Date purchased', kind: 'date' },
        { name: 'initial_cost', label: 'Initial cost (₦)', kind: 'number' },
        { name: 'residual_value', label: 'Residual value (₦)', kind: 'number' },
        { name: 'useful_life', label: 'Useful life (years)', kind: 'number' },
        { name: 'rate_of_depreciation', label: 'Rate of depreciation (%)', kind: 'number' },
      ],
      columns,
      nameOf: (row) => row.name,
      canEdit: isPending,
      canDelete: (row) => row.status !== ASSET_STATUS.APPROVED,
      rowActions: (row) =>
        isPending(row) ? (
          <>
            <Button
              variant="inline-link"
              onClick={() => setDecision({ decision: 'approve', asset: row })}
              ariaLabel={`Approve ${row.name}`}
            >
              Approve
            </Button>
            <Button
              variant="inline-link"
              onClick={() => setDecision({ decision: 'deny', asset: row })}
              ariaLabel={`Deny ${row.name}`}
            >
              Deny
            </Button>
          </>
        ) : row.status === ASSET_STATUS.APPROVED ? (
          <Button
            variant="inline-link"
            onClick={() => setSchedule(row)}
            ariaLabel={`Depreciation schedule of ${row.name}`}
          >
            Schedule
          </Button>
        ) : null,
    }),
    [types.options, types.loading],
  );
  return (
    <SetupPage title="Assets" description="Fixed assets: pending ones are approved (posted to the ledger) or denied">
      <TabbedCrud config={config} listLabel="Assets" formLabel="Asset Setup Form" />
      <AssetDecisionModal pending={decision} onClose={() => setDecision(null)} />
      <DepreciationModal asset={schedule} onClose={() => setSchedule(null)} />
    </SetupPage>
  );
}

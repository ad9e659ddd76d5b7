import { useMemo } from 'react';
import { assetTypeSchema } from '@coopledger/shared/schemas/assets';
import type { AssetType } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { statusColumn } from '../../components/crud/columns';
import type { CrudConfig } from '../../components/crud/crud-section';
import { CrudSection } from '../../components/crud/crud-section';
import { SetupPage } from '../setup/setup-page';
import { useGlChoices } from '../setup/use-choices';

const columns: CrudConfig<AssetType>['columns'] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, isRowHeader: true },
  { id: 'fixed', header: 'Fixed asset GL', cell: (row) => row.fixed_asset_gl },
  { id: 'expense', header: 'Dep. expense GL', cell: (row) => row.dep_expense_gl },
  { id: 'accumulated', header: 'Accum. dep. GL', cell: (row) => row.accumulated_dep_gl },
  statusColumn(),
];

/** /finance-reporting/asset-types: classes of fixed assets and the GL accounts each posts to. */
export function AssetTypesPage() {
  const gl = useGlChoices();
  const config = useMemo<CrudConfig<AssetType>>(() => {
    const glField = (name: string, label: string) => ({
      name,
      label,
      kind: 'select' as const,
      options: gl.options,
      loading: gl.loading,
    });
    return {
      endpoint: ENDPOINTS.assetTypes,
      title: 'Asset types',
      noun: 'asset type',
      schema: assetTypeSchema,
      fields: [
        { name: 'name', label: 'Name' },
        glField('fixed_asset_gl', 'Fixed asset GL'),
        glField('dep_expense_gl', 'Depreciation expense GL'),
        glField('accumulated_dep_gl', 'Accumulated depreciation GL'),
        { name: 'status', label: 'Status', kind: 'status' },
      ],
      columns,
      nameOf: (row) => row.name,
    };
  }, [gl.options, gl.loading]);
  return (
    <SetupPage
      title="Asset types"
      description="Classes of fixed assets and the GL accounts their cost and depreciation post to"
    >
      <CrudSection config={config} />
    </SetupPage>
  );
}

/**
 * Fixed assets as the API sends them (functions/assets presents them, web/src/api/assets.ts and the
 * asset pages read them). Amounts are naira; dates YYYY-MM-DD.
 */
import type { NamedSetupView } from './setup-views.ts';
import type { AssetStatus } from './statuses.ts';

export interface AssetTypeView extends NamedSetupView {
  fixed_asset_gl: string;
  dep_expense_gl: string;
  accumulated_dep_gl: string;
}

export interface AssetView {
  id: string;
  name: string;
  asset_type_id: string;
  asset_type: { id: string; name: string } | null;
  calculation_method_id: number;
  calculation_method: string;
  initial_cost: number;
  residual_value: number;
  useful_life: number;
  rate_of_depreciation: number;
  date_purchased: string;
  status: AssetStatus;
  status_name: string;
  bank_id: string | null;
  journal_id: string | null;
  cooperative_id: string;
  created_at: string;
}

/** One year of an asset's straight-line depreciation. */
export interface DepreciationRowView {
  year: number;
  start_date: string;
  end_date: string;
  opening_value: number;
  depreciation: number;
  accumulated_depreciation: number;
  closing_value: number;
}

/** GET /cooperative/asset/single: the asset with its schedule. */
export interface AssetDetailView extends AssetView {
  depreciation_schedule: DepreciationRowView[];
}

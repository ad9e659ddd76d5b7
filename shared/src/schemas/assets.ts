import { z } from 'zod';
import { calendarDateCheck, requiredText, statusFlag } from './common.ts';
import { idRef, nairaField, numberField } from './fields.ts';

export const assetTypeSchema = z.object({
  name: requiredText('This field is required', 120),
  fixed_asset_gl: idRef('This field is required'),
  dep_expense_gl: idRef('This field is required'),
  accumulated_dep_gl: idRef('This field is required'),
  status: statusFlag('Select status'),
});
export type AssetTypeInput = z.infer<typeof assetTypeSchema>;

/** Depreciation methods; straight line only for now. */
export const DEPRECIATION_METHODS = [{ id: 1, name: 'Straight Line' }] as const;

const requiredDate = (message: string) => z.string(message).trim().min(1, message).superRefine(calendarDateCheck);

/** The spec shows no messages for assets; these follow its other forms. */
export const assetSchema = z
  .object({
    name: requiredText('Please enter the name', 120),
    asset_type_id: idRef('Please select the asset type'),
    calculation_method_id: numberField('Please select the calculation method', { integer: true }).refine(
      (v) => DEPRECIATION_METHODS.some((m) => m.id === v),
      'Please select the calculation method',
    ),
    initial_cost: nairaField('Please enter the initial cost'),
    residual_value: nairaField('Please enter the residual value'),
    useful_life: numberField('Please enter the useful life', { integer: true, min: 1, max: 100 }),
    rate_of_depreciation: numberField('Please enter the rate of depreciation', { min: 0, max: 100, decimals: 2 }),
    date_purchased: requiredDate('Please enter the date purchased'),
  })
  .refine((v) => v.initial_cost > 0, { message: 'The initial cost must be more than zero', path: ['initial_cost'] })
  .refine((v) => v.residual_value <= v.initial_cost, {
    message: 'The residual value must not exceed the initial cost',
    path: ['residual_value'],
  });
export type AssetInput = z.infer<typeof assetSchema>;

export const assetApprovalSchema = z.object({
  asset_id: idRef('Please select an asset'),
  /** The bank account (setup record) whose GL is credited with the cost. */
  bank_id: idRef('Please select a bank'),
});

export const assetDenialSchema = z.object({ asset_id: idRef('Please select an asset') });

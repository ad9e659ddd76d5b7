import { z } from 'zod';
import { requiredText, statusFlag } from './common.ts';
import { choice, codeField, idRef } from './fields.ts';

/** The chart of accounts forms (spec 001 section 5). Codes are the ids inside a cooperative. */
export const ACCOUNT_TYPES = ['D', 'C'] as const;

export const coaCategorySchema = z.object({
  code: codeField('Please enter a code', 10),
  name: requiredText('Please enter the name', 120),
  type: choice(ACCOUNT_TYPES, 'Select a type'),
  status: statusFlag('Select status'),
});
export type CoaCategoryInput = z.infer<typeof coaCategorySchema>;

export const coaSubCategorySchema = z.object({
  code: codeField('Please enter a code', 10),
  name: requiredText('Please enter the name', 120),
  category_id: idRef('Select Coa Category'),
  status: statusFlag('Select status'),
});
export type CoaSubCategoryInput = z.infer<typeof coaSubCategorySchema>;

/** A ledger (GL) account; its code comes from generate-code for the chosen sub-category. */
export const ledgerAccountSchema = z.object({
  code: codeField('Please enter a code', 16),
  name: requiredText('Please enter the name', 120),
  subcategory_id: idRef('Select Coa Category'),
  type: choice(ACCOUNT_TYPES, 'Select account type'),
  status: statusFlag('Select status'),
});
export type LedgerAccountInput = z.infer<typeof ledgerAccountSchema>;

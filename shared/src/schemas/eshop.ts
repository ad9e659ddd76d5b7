import { z } from 'zod';
import { requiredText } from './common.ts';
import { ACTIVE_STATUS } from '../statuses.ts';
import type { ActiveStatus } from '../statuses.ts';

/** An active status, as a number or as its text. */
const ACTIVE_VALUES: readonly unknown[] = Object.values(ACTIVE_STATUS).flatMap((status) => [status, String(status)]);

/** E-shop product category (spec 001 section 5). */
export const eshopCategorySchema = z.object({
  name: requiredText('Please enter the product category name', 120),
  status: z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: 'Please select a product category status' });
      return z.NEVER;
    }
    if (!ACTIVE_VALUES.includes(v)) {
      ctx.addIssue({ code: 'custom', message: 'Please select a valid status' });
      return z.NEVER;
    }
    return Number(v) as ActiveStatus;
  }),
  description: requiredText('Please enter a product category description', 500),
});
export type EshopCategoryInput = z.infer<typeof eshopCategorySchema>;

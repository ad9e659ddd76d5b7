import { z } from 'zod';
import { requiredText } from './common.ts';

/** E-shop product category (spec 001 section 5). */
export const eshopCategorySchema = z.object({
  name: requiredText('Please enter the product category name', 120),
  status: z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') {
        ctx.addIssue({ code: 'custom', message: 'Please select a product category status' });
        return z.NEVER;
      }
      if (v !== 0 && v !== 1 && v !== '0' && v !== '1') {
        ctx.addIssue({ code: 'custom', message: 'Please select a valid status' });
        return z.NEVER;
      }
      return Number(v) as 0 | 1;
    }),
  description: requiredText('Please enter a product category description', 500),
});
export type EshopCategoryInput = z.infer<typeof eshopCategorySchema>;

import { z } from 'zod';
import { nullableNaira } from './fields.ts';

/** The body of PUT /cooperative/approval-rules: both rules, the threshold in naira (blank: none). */
export const approvalRulesSchema = z.object({
  creator_cannot_approve: z.boolean('Please say whether the creator may approve'),
  second_approval_above: nullableNaira(),
});

export type ApprovalRulesInput = z.output<typeof approvalRulesSchema>;

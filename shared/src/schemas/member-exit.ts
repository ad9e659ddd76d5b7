import { z } from 'zod';
import { optionalText, requiredText } from './common.ts';
import { idRef, optionalIdRef } from './fields.ts';
import { postingDate } from './posting-date.ts';

/**
 * Member exit (issue 23; functions/members/exits.ts). A member asks to leave (or staff ask for them);
 * an admin approves (the settlement is posted to the chosen bank account), denies, or the request is
 * cancelled. A guarantee the leaving member gives on another member's running loan is released by an
 * admin with a reason, or replaced by a new surety who approves.
 */
export const exitRequestSchema = z.object({
  coop_id: optionalIdRef(),
  reason: optionalText(500),
});
export type ExitRequestInput = z.infer<typeof exitRequestSchema>;

export const exitApproveSchema = z.object({
  exit_id: idRef('Please select an exit request'),
  bank_id: idRef('Please select bank account'),
  /** The settlement's posting date; today when left out. */
  date: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    postingDate('Use the date format YYYY-MM-DD').optional(),
  ),
});
export type ExitApproveInput = z.infer<typeof exitApproveSchema>;

export const exitDecisionSchema = z.object({
  exit_id: idRef('Please select an exit request'),
  reason: optionalText(500),
});
export type ExitDecisionInput = z.infer<typeof exitDecisionSchema>;

export const suretyReleaseSchema = z.object({
  surety_id: idRef('Please select a guarantee'),
  reason: requiredText('Please say why the guarantee is released', 500),
});
export type SuretyReleaseInput = z.infer<typeof suretyReleaseSchema>;

import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit.ts';
import { calendarDateCheck } from './common.ts';

const optionalDate = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .superRefine(calendarDateCheck)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** The Audit log's filters: a person, an entity (and its id), an action, a date range. */
export const auditQuerySchema = z
  .object({
    user: z
      .string()
      .trim()
      .max(64, 'A login ID has at most 64 characters')
      .regex(/^[\w.@-]*$/, 'Enter a login ID')
      .optional(),
    entity: z
      .string()
      .trim()
      .max(80, 'Choose an entity from the list')
      .regex(/^[a-z0-9/_-]*$/, 'Choose an entity from the list')
      .optional(),
    entity_id: z
      .string()
      .trim()
      .max(64, 'An id has at most 64 characters')
      .regex(/^[\w.@-]*$/, 'Enter an id')
      .optional(),
    action: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(AUDIT_ACTIONS, { message: 'Choose an action from the list' }).optional(),
    ),
    start_date: optionalDate('Please enter a start date as YYYY-MM-DD'),
    end_date: optionalDate('Please enter an end date as YYYY-MM-DD'),
  })
  .refine((v) => !v.start_date || !v.end_date || v.end_date >= v.start_date, {
    path: ['end_date'],
    message: 'The end date must not be before the start date',
  })
  .refine((v) => !v.entity_id || v.entity, { path: ['entity'], message: 'Choose the entity the id belongs to' });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * The records that have a History tab: a member's, a loan's, a deposit or withdrawal order's. The staff
 * who see those tabs include the accountants, who do not see the whole audit log, so the route reads no
 * other entity.
 */
export const HISTORY_ENTITIES = ['member', 'loans', 'transaction-order'] as const;

/** A History tab: one member's or one loan's records. */
export const auditHistorySchema = z.object({
  entity: z.enum(HISTORY_ENTITIES, { message: 'Choose a member, a loan or an order' }),
  entity_id: z
    .string()
    .trim()
    .min(1, 'Choose a record')
    .max(64, 'An id has at most 64 characters')
    .regex(/^[\w.@-]+$/, 'Enter an id'),
});

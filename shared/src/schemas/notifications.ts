import { z } from 'zod';
import { isValidId } from '../ids.ts';

/** The most notifications one "mark read" names (a page of the bell's list is far fewer). */
export const MARK_READ_MAX = 100;

export const markNotificationsReadSchema = z.object({
  ids: z
    .array(z.unknown(), { error: 'Choose the notifications to mark read' })
    .min(1, 'Choose the notifications to mark read')
    .max(MARK_READ_MAX, `Mark at most ${MARK_READ_MAX} notifications read at once`)
    .transform((ids, ctx) => {
      if (ids.some((id) => typeof id !== 'string' || id.trim() === '' || !isValidId(id))) {
        ctx.addIssue({ code: 'custom', message: 'Not a valid notification' });
        return z.NEVER;
      }
      return [...new Set((ids as string[]).map((id) => id.trim()))];
    }),
});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

export const notificationPreferencesSchema = z.object({
  email: z.boolean({ error: 'Choose whether to receive notifications by e-mail' }),
  sms: z.boolean({ error: 'Choose whether to receive notifications by SMS' }),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

import { markNotificationsReadSchema, notificationPreferencesSchema } from '@coopledger/shared/schemas/notifications';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import { presentNotification } from './deliver.ts';
import { markAllRead, markRead, preferencesOf, savePreferences } from './inbox.ts';
import { notificationsPage, unreadCount } from './notification-entity.ts';

/**
 * The caller's own notifications and choices (docs/decisions.md 2026-11-27 "Notifications"). Every
 * route is tenant 'self': the person is the token's, and only their own partition is ever read.
 */
export const handler = domainHandler('notifications', {
  'GET /user/notifications': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const [found, unread] = await Promise.all([
      notificationsPage(tenant, identity.loginId, pageRequest(ctx)),
      unreadCount(tenant, identity.loginId),
    ]);
    const data = await Promise.all(found.data.map(presentNotification));
    return ok('Notifications retrieved', { data, meta: found.meta, unread });
  },

  'POST /user/notifications/read': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { ids } = validate(markNotificationsReadSchema, ctx.body);
    return ok('Notifications marked read', { unread: await markRead(tenant, identity.loginId, ids) });
  },

  'POST /user/notifications/read-all': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    return ok('All notifications marked read', { unread: await markAllRead(tenant, identity.loginId) });
  },

  'GET /user/notification-preferences': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    return ok('Notification preferences', await preferencesOf(tenant, identity.loginId));
  },

  'PUT /user/notification-preferences': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const choice = validate(notificationPreferencesSchema, ctx.body);
    return ok('Notification preferences saved', await savePreferences(tenant, identity.loginId, choice));
  },
});

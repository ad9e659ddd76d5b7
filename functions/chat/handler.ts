import { chatMessageSchema, chatReadSchema } from '@coopledger/shared/schemas/chat';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { pageParams, paginate } from '#core/paging';
import { validate } from '#core/validation';
import {
  MAX_MESSAGES_PER_PAGE,
  MESSAGES_PER_PAGE,
  conversationView,
  markRead,
  messagesPage,
  sendMessage,
  unreadOf,
} from './conversations.ts';
import { recentInbox } from './inbox-entity.ts';
import { callerSide, chatPeople, contactsOf, partnerOf } from './people.ts';
import { pushTo } from './push.ts';

/**
 * The private chat between a cooperative's staff and its members (spec 000 "Chat"). Every route acts
 * for the caller in their own cooperative (tenant 'self'); a conversation is only ever read as
 * the pair (caller, partner), so nobody reads one they are not in.
 */
export const handler = domainHandler('chat', {
  'GET /chat/contacts': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const contacts = await contactsOf(tenant, identity, ctx.query.search ?? ctx.query.query);
    const { page, perPage } = pageParams(ctx.query);
    const slice = paginate(contacts, page, perPage);
    const people = await chatPeople(
      tenant,
      slice.data.map((c) => c.login_id),
    );
    return ok('Contacts retrieved', {
      data: slice.data.flatMap((c) => people.get(c.login_id) ?? []),
      meta: slice.meta,
    });
  },

  'GET /chat/conversations': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    callerSide(identity);
    const inbox = await recentInbox(tenant, identity.loginId);
    const { page, perPage } = pageParams(ctx.query);
    const slice = paginate(inbox, page, perPage);
    const people = await chatPeople(
      tenant,
      slice.data.map((i) => i.partner),
    );
    const data = slice.data.flatMap((item) => {
      const partner = people.get(item.partner);
      return partner ? [conversationView(identity.loginId, item, partner)] : [];
    });
    return ok('Conversations retrieved', { data, meta: slice.meta });
  },

  'GET /chat/messages': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const { with: partnerId } = validate(chatReadSchema, { with: ctx.query.with });
    const partner = await partnerOf(tenant, identity, partnerId);
    const requested = Number(ctx.query.per_page);
    const perPage =
      Number.isInteger(requested) && requested > 0 ? Math.min(requested, MAX_MESSAGES_PER_PAGE) : MESSAGES_PER_PAGE;
    const before = ctx.query.before?.trim() || undefined;
    return ok('Messages retrieved', await messagesPage(tenant, identity.loginId, partner, before, perPage));
  },

  'POST /chat/messages': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(chatMessageSchema, ctx.body);
    const partner = await partnerOf(tenant, identity, input.to);
    const me = (await chatPeople(tenant, [identity.loginId])).get(identity.loginId);
    const message = await sendMessage(
      tenant,
      { login_id: identity.loginId, name: me?.name ?? identity.loginId },
      partner.login_id,
      input.message,
    );
    await pushTo(tenant, [identity.loginId, partner.login_id], { type: 'chat.message', message });
    return ok('Message sent', message, 201);
  },

  'POST /chat/read': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(chatReadSchema, ctx.body);
    const partner = await partnerOf(tenant, identity, input.with);
    const unread = await markRead(tenant, identity.loginId, partner.login_id);
    await pushTo(tenant, [identity.loginId], { type: 'chat.read', with: partner.login_id, unread });
    return ok('Conversation read', { unread });
  },

  'GET /chat/unread': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    callerSide(identity);
    return ok('Unread messages', { unread: await unreadOf(tenant, identity.loginId) });
  },
});

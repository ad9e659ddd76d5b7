import { chatMessageSchema, chatReadSchema } from '@coopledger/shared/schemas/chat';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { pageRequest } from '#core/list-page';
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
import { recentInboxPage } from './inbox-entity.ts';
import { callerSide, chatPeople, contactsPage, partnerOf } from './people.ts';
import { pushTo } from './push.ts';

/**
 * The private chat between a cooperative's staff and its members (spec 000 "Chat"). Every route acts
 * for the caller in their own cooperative (tenant 'self'); a conversation is only ever read as
 * the pair (caller, partner), so nobody reads one they are not in.
 */
export const handler = domainHandler('chat', {
  'GET /chat/contacts': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const request = pageRequest(ctx);
    const found = await contactsPage(tenant, identity, ctx.query.search ?? ctx.query.query, request);
    const people = await chatPeople(tenant, found.data);
    return ok('Contacts retrieved', {
      data: found.data.flatMap((id) => people.get(id) ?? []),
      meta: found.meta,
    });
  },

  'GET /chat/conversations': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    callerSide(identity);
    const found = await recentInboxPage(tenant, identity.loginId, pageRequest(ctx));
    const people = await chatPeople(
      tenant,
      found.data.map((i) => i.partner),
    );
    const data = found.data.flatMap((item) => {
      const partner = people.get(item.partner);
      return partner ? [conversationView(identity.loginId, item, partner)] : [];
    });
    return ok('Conversations retrieved', { data, meta: found.meta });
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

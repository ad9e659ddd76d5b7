import { today } from '@coopledger/shared/dates';
import { exitApproveSchema, exitDecisionSchema, exitRequestSchema } from '@coopledger/shared/schemas/member-exit';
import { postingDate } from '@coopledger/shared/schemas/posting-date';
import { MEMBER_EXIT_STATUS } from '@coopledger/shared/statuses';
import { AREAS, actingMember, assertStaffAccess, selfService } from '#core/access';
import { invalid } from '#core/errors';
import type { RequestContext, RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { ok } from '#core/http';
import { validate } from '#core/validation';
import { readSettlement } from './exit-settlement.ts';
import { approveExit, closeExit, latestExit, presentExit, presentSettlement, requestExit } from './exits.ts';

/**
 * The member exit routes (issue 23; functions/members/exits.ts does the work). Members see their own
 * settlement and ask to leave or cancel their own request; staff do so for any member; an admin
 * approves or denies.
 */

const dateSchema = postingDate('Use the date format YYYY-MM-DD');

/** The query's settlement date (today when left out), checked by the posting-date rule. */
function queryDate(ctx: RequestContext): string {
  const text = ctx.query.date?.trim();
  if (!text) return today();
  const parsed = dateSchema.safeParse(text);
  if (!parsed.success) throw invalid('date', parsed.error.issues[0]?.message ?? 'Use the date format YYYY-MM-DD');
  return parsed.data;
}

export const exitRoutes: RouteHandlers = {
  'GET /cooperative/member/exit/settlement': async (ctx) => {
    const { tenant } = signedIn(ctx);
    const memberId = await actingMember(ctx, ctx.query.coop_id ?? ctx.query.member_id, AREAS.profile, 'read');
    const date = queryDate(ctx);
    const { member, settlement } = await readSettlement(tenant, memberId, date);
    const exit = await latestExit(tenant, member.id);
    return ok('Exit settlement retrieved', presentSettlement(member, date, settlement, exit));
  },

  'POST /cooperative/member/exit/request': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(exitRequestSchema, ctx.body);
    const memberId = await actingMember(ctx, input.coop_id, AREAS.profile, 'write');
    const exit = await requestExit(tenant, memberId, input.reason, identity.loginId);
    return ok('Your exit request has been sent', presentExit(exit), 201);
  },

  'POST /cooperative/member/exit/approve': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(exitApproveSchema, ctx.body);
    const { exit, duplicate } = await approveExit(tenant, input, identity.loginId);
    return ok(duplicate ? 'This exit had already been approved' : 'Exit approved', presentExit(exit));
  },

  'POST /cooperative/member/exit/deny': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(exitDecisionSchema, ctx.body);
    const exit = await closeExit(tenant, input.exit_id, MEMBER_EXIT_STATUS.DENIED, identity.loginId, input.reason);
    return ok('Exit request denied', presentExit(exit));
  },

  'POST /cooperative/member/exit/cancel': async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const input = validate(exitDecisionSchema, ctx.body);
    const owner = selfService(ctx) ? identity.loginId : undefined;
    await assertStaffAccess(ctx, AREAS.profile, 'write');
    const exit = await closeExit(
      tenant,
      input.exit_id,
      MEMBER_EXIT_STATUS.CANCELLED,
      identity.loginId,
      input.reason,
      owner,
    );
    return ok('Exit request cancelled', presentExit(exit));
  },
};

import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import {
  changeOwnPasswordSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@coopledger/shared/schemas/auth';
import { AppError, forbidden, notFound } from '#core/errors';
import { domainHandler, signedIn } from '#core/handler';
import { ok } from '#core/http';
import { validate } from '#core/validation';
import { authenticate, confirmReset, sendResetCode } from '../users/identity-provider.ts';
import { endSessions, replacePassword } from '../users/user-service.ts';
import { findLoginClaim, findUser, publicUser } from '../users/user-store.ts';
import { recentActivity } from '#core/activity';
import { currentUser, login } from './auth-service.ts';

export const handler = domainHandler('auth', {
  'POST /auth/login': async ({ body }) => {
    const input = validate(loginSchema, body);
    return ok('Login successful', await login(input.coop_id, input.password));
  },

  'PATCH /auth/password-reset': async ({ body }) => {
    if (body.code === undefined) {
      const { coop_id } = validate(passwordResetRequestSchema, body);
      await sendResetCode(coop_id.toUpperCase());
      return ok('If the account exists, a reset code has been sent to its email address');
    }
    const input = validate(passwordResetConfirmSchema, body);
    const loginId = input.coop_id.toUpperCase();
    await confirmReset(loginId, input.code, input.password);
    const claim = await findLoginClaim(loginId);
    if (claim) await endSessions(claim.tenant, loginId);
    return ok('Your password has been reset. You can now sign in.');
  },

  'POST /auth/change-password': async (ctx) => {
    const { identity } = signedIn(ctx);
    const input = validate(changeOwnPasswordSchema, ctx.body);
    try {
      await authenticate(identity.loginId, input.current_password);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
        throw new AppError('VALIDATION', 'Your current password is not correct', {
          current_password: 'Your current password is not correct',
        });
      }
      throw error;
    }
    await replacePassword(identity.tenant, identity.loginId, input.password);
    return ok('Your password has been changed');
  },

  'GET /auth/me': async (ctx) => {
    const { identity } = signedIn(ctx);
    return ok('User retrieved', await currentUser(identity.tenant, identity.loginId, identity.role));
  },

  /** The web signs in with Cognito directly, then reports it here: recorded as activity, answered like /auth/me. */
  'POST /auth/signed-in': async (ctx) => {
    const { identity } = signedIn(ctx);
    return ok('Signed in', await currentUser(identity.tenant, identity.loginId, identity.role));
  },

  'GET /user/activity': async (ctx) => {
    const { identity } = signedIn(ctx);
    return ok('Activity retrieved', await recentActivity(identity.tenant, identity.loginId));
  },

  'GET /user/coopledger/single': async (ctx) => {
    const { identity } = signedIn(ctx);
    const wanted = (ctx.query.user_id ?? identity.loginId).toUpperCase();
    if (wanted !== identity.loginId && identity.role !== 'super-admin')
      throw forbidden('You may only read your own account');
    const tenant =
      wanted === identity.loginId ? identity.tenant : ((await findLoginClaim(wanted))?.tenant ?? PLATFORM_TENANT);
    const user = await findUser(tenant, wanted);
    if (!user) throw notFound('User');
    return ok('User retrieved', publicUser(user));
  },
});

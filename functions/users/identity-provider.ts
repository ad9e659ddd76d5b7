import type { AuthenticationResultType } from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@coopledger/shared/roles';
import { cognito } from '#core/clients';
import { config } from '#core/config';
import { AppError } from '#core/errors';

/**
 * The user pool, behind a few verbs. The pool holds credentials and the immutable role and
 * cooperative claims; the table holds everything else about a user.
 */
const errorName = (error: unknown) => (error as { name?: string }).name ?? '';

const TOO_MANY_ATTEMPTS = 'Too many attempts; please wait a moment and try again';

/**
 * Cognito's limits: its rate limits (TooManyRequestsException), its own code and attempt limits
 * (LimitExceededException), and a block by the user pool's web ACL, which Cognito reports as
 * ForbiddenException ("Request blocked by AWS WAF").
 */
function isThrottled(name: string): boolean {
  return name === 'TooManyRequestsException' || name === 'LimitExceededException' || name === 'ForbiddenException';
}

/**
 * A sign-in's first password: a permanent one (the person or staff chose it), or a temporary one
 * the person replaces at their first sign-in (Cognito's FORCE_CHANGE_PASSWORD; the web app's
 * "Choose your password" screen).
 */
export type FirstPassword = string | { temporary: string };

/**
 * Creates a sign-in. A temporary password is one call (AdminCreateUser with TemporaryPassword,
 * no invitation mail: the app mails its own); a permanent one is a second call to set it.
 */
export async function createIdentity(input: {
  loginId: string;
  email: string;
  role: Role;
  tenant: string;
  password: FirstPassword;
}): Promise<void> {
  const { userPoolId } = config();
  const temporary = typeof input.password === 'string' ? undefined : input.password.temporary;
  try {
    await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: input.loginId,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: temporary,
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:role', Value: input.role },
          { Name: 'custom:cooperative_id', Value: input.tenant },
        ],
      }),
    );
  } catch (error) {
    if (errorName(error) === 'UsernameExistsException')
      throw new AppError('CONFLICT', `The login ID ${input.loginId} is already taken`);
    throw error;
  }
  if (typeof input.password === 'string') await setPassword(input.loginId, input.password);
}

export async function setPassword(loginId: string, password: string): Promise<void> {
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config().userPoolId,
        Username: loginId,
        Password: password,
        Permanent: true,
      }),
    );
  } catch (error) {
    if (errorName(error) === 'InvalidPasswordException')
      throw new AppError('VALIDATION', 'The password does not meet the password rules', {
        password: 'Password must be at least 6 characters',
      });
    throw error;
  }
}

export async function deleteIdentity(loginId: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: config().userPoolId, Username: loginId }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
}

/** Changes the email of a sign-in (kept verified: staff set it, no code is sent). */
export async function setIdentityEmail(loginId: string, email: string): Promise<void> {
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: config().userPoolId,
      Username: loginId,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

export async function setIdentityEnabled(loginId: string, enabled: boolean): Promise<void> {
  const input = { UserPoolId: config().userPoolId, Username: loginId };
  await cognito().send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
}

/**
 * Revokes every refresh token of a sign-in (Cognito global sign-out), so no session can mint new
 * tokens; ID tokens already issued are refused by the API through the user record's
 * tokens_valid_after. cognito-local 5.3 lacks the call; the local runtime's Cognito proxy plays it.
 */
export async function revokeRefreshTokens(loginId: string): Promise<void> {
  await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: config().userPoolId, Username: loginId }));
}

/** The API sign-in of someone whose password is still the temporary one they were mailed. */
const FIRST_SIGN_IN_MESSAGE =
  'Your password is temporary: sign in on the CoopLedger web app to choose your own password';

/**
 * Signs in with ADMIN_USER_PASSWORD_AUTH, a call signed with the function's IAM role that the user
 * pool's web ACL does not count against the functions' shared addresses (docs/decisions.md,
 * 2026-11-25 "AWS WAF on Cognito"); Cognito's lockout still applies. A wrong login ID or password
 * is one message, so neither is revealed.
 */
export async function authenticate(loginId: string, password: string): Promise<AuthenticationResultType> {
  try {
    const result = await cognito().send(
      new AdminInitiateAuthCommand({
        UserPoolId: config().userPoolId,
        ClientId: config().userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: loginId, PASSWORD: password },
      }),
    );
    // A temporary password (an imported member's): the web app's sign-in asks for their own.
    if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED') throw new AppError('UNAUTHORIZED', FIRST_SIGN_IN_MESSAGE);
    if (!result.AuthenticationResult?.IdToken) {
      throw new AppError('UNAUTHORIZED', 'Your account needs a new password; use Forgot password to set one');
    }
    return result.AuthenticationResult;
  } catch (error) {
    const name = errorName(error);
    // Cognito's lockout after repeated wrong passwords is a NotAuthorizedException that says so.
    if (name === 'NotAuthorizedException' && error instanceof Error && /attempts exceeded/i.test(error.message)) {
      throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS);
    }
    // Cognito answers a wrong password with NotAuthorizedException; cognito-local with InvalidPasswordException.
    if (
      name === 'NotAuthorizedException' ||
      name === 'UserNotFoundException' ||
      name === 'InvalidParameterException' ||
      name === 'InvalidPasswordException'
    ) {
      const disabled = error instanceof Error && /disabled/i.test(error.message);
      if (disabled)
        throw new AppError('DEACTIVATED', 'Your account has been deactivated. Please contact your cooperative.');
      throw new AppError('UNAUTHORIZED', 'Invalid login ID or password');
    }
    if (name === 'PasswordResetRequiredException')
      throw new AppError('UNAUTHORIZED', 'Your password must be reset; use Forgot password');
    if (isThrottled(name)) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS);
    throw error;
  }
}

export async function sendResetCode(loginId: string): Promise<void> {
  try {
    await cognito().send(new ForgotPasswordCommand({ ClientId: config().userPoolClientId, Username: loginId }));
  } catch (error) {
    const name = errorName(error);
    // Saying whether an account exists would let anyone probe login IDs.
    if (name === 'UserNotFoundException' || name === 'NotAuthorizedException' || name === 'InvalidParameterException')
      return;
    if (isThrottled(name)) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS);
    throw error;
  }
}

export async function confirmReset(loginId: string, code: string, password: string): Promise<void> {
  try {
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: config().userPoolClientId,
        Username: loginId,
        ConfirmationCode: code,
        Password: password,
      }),
    );
  } catch (error) {
    const name = errorName(error);
    if (name === 'CodeMismatchException' || name === 'UserNotFoundException')
      throw new AppError('VALIDATION', 'The code is not valid', { code: 'The code is not valid' });
    if (name === 'ExpiredCodeException')
      throw new AppError('VALIDATION', 'The code has expired; request a new one', {
        code: 'The code has expired; request a new one',
      });
    if (name === 'InvalidPasswordException')
      throw new AppError('VALIDATION', 'The password does not meet the password rules', {
        password: 'Password must be at least 6 characters',
      });
    if (isThrottled(name)) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS);
    throw error;
  }
}

/** The claims of an ID token we just received from the pool (already trusted: no verification needed here). */
export function claimsOf(idToken: string): Record<string, unknown> {
  const payload = idToken.split('.')[1];
  if (!payload) throw new Error('Malformed token');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { answerPreflight, corsHeaders } from './cors.ts';
import { BodyTooLargeError, readBody } from './read-body.ts';
import type { RefreshTokenRevocation } from './refresh-token-revocation.ts';
import type { Lockout } from './sign-in-lockout.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Headers that describe one hop or a body encoding fetch has already undone. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
]);
/** cognito-local allows every origin; the doors decide CORS themselves. */
const isCorsHeader = (name: string) => name.startsWith('access-control-');

interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Attempts at reaching cognito-local when no answer came back at all (a reset or refused connection). */
const CONNECT_ATTEMPTS = 3;

/**
 * Fetches from cognito-local, trying again when the connection failed before any answer came: on a busy
 * machine a kept-alive socket can be closed by cognito-local just as it is reused. A request that got an answer,
 * whatever its status, is never sent again.
 */
async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= CONNECT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function call(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<Upstream> {
  const response = await fetchWithRetry(url, { method, headers, body });
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name) && !isCorsHeader(name)) out[name] = value;
  });
  return { status: response.status, headers: out, body: Buffer.from(await response.arrayBuffer()) };
}

function parseJson(buffer: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(buffer.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Cognito's AuthenticationResult always says how long the access token lasts; cognito-local omits it. */
function completeAuthenticationResult(result: Record<string, unknown>): Record<string, unknown> {
  const accessToken = result.AccessToken;
  if (typeof accessToken !== 'string') return result;
  const { exp, iat } = decodeJwt(accessToken);
  return {
    ...result,
    ExpiresIn: result.ExpiresIn ?? (exp !== undefined && iat !== undefined ? exp - iat : 3600),
    TokenType: result.TokenType ?? 'Bearer',
  };
}

function withCompletedTokens(upstream: Upstream): Upstream {
  const json = upstream.status === 200 ? parseJson(upstream.body) : undefined;
  const result = json?.AuthenticationResult;
  if (!json || typeof result !== 'object' || result === null) return upstream;
  const body = Buffer.from(
    JSON.stringify({ ...json, AuthenticationResult: completeAuthenticationResult(result as Record<string, unknown>) }),
  );
  return { ...upstream, body };
}

/** One call of cognito-local's JSON API, with the target and the body the proxy has checked. */
function cognitoCall(upstreamUrl: string, operation: string, request: Record<string, unknown>): Promise<Upstream> {
  return call(
    `${upstreamUrl}/`,
    'POST',
    { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${operation}` },
    Buffer.from(JSON.stringify(request)),
  );
}

/**
 * Amplify 6 refreshes with GetTokensFromRefreshToken, which cognito-local lacks; it is the same as
 * InitiateAuth with REFRESH_TOKEN_AUTH, whose AuthenticationResult has the same shape.
 */
async function getTokensFromRefreshToken(upstreamUrl: string, request: Record<string, unknown>): Promise<Upstream> {
  const authParameters: Record<string, unknown> = { REFRESH_TOKEN: request.RefreshToken };
  if (request.DeviceKey !== undefined) authParameters.DEVICE_KEY = request.DeviceKey;
  const initiateAuth = {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: request.ClientId,
    AuthParameters: authParameters,
    ...(request.ClientMetadata === undefined ? {} : { ClientMetadata: request.ClientMetadata }),
  };
  const upstream = await cognitoCall(upstreamUrl, 'InitiateAuth', initiateAuth);
  const json = upstream.status === 200 ? parseJson(upstream.body) : undefined;
  if (!json) return upstream;
  const result = (json.AuthenticationResult ?? {}) as Record<string, unknown>;
  const translated = { AuthenticationResult: completeAuthenticationResult(result) };
  return { ...upstream, body: Buffer.from(JSON.stringify(translated)) };
}

/** The sign-in checks cognito-local lacks, shared by every door to it (sign-in-lockout.ts). */
export interface CognitoLockouts {
  /** InitiateAuth / AdminInitiateAuth with a password. */
  passwords: Lockout;
  /** ConfirmForgotPassword. */
  resetCodes: Lockout;
}

/**
 * What the web app's sign-in calls (aws-amplify in web/src/auth): sign in, choose a password at the
 * first sign-in, refresh, sign out.
 */
export const BROWSER_OPERATIONS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
]);
/** The user pool's public keys and discovery document, which anyone may read. */
const PUBLIC_DOCUMENT = /^\/[\w-]+\/\.well-known\/(?:jwks\.json|openid-configuration)$/;
const PASSWORD_FLOWS = new Set(['USER_PASSWORD_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);
/** cognito-local takes both names for a refresh. */
const REFRESH_FLOWS = new Set(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);
/** Answers that mean a wrong password (cognito-local says InvalidPasswordException) or an unknown user. */
const WRONG_PASSWORD = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException']);
const WRONG_CODE = new Set(['CodeMismatchException', 'ExpiredCodeException']);
/** Cognito's requests are a few KB; anything much larger is not one. */
const MAX_REQUEST_BYTES = 64 * 1024;
/** What a preflight from the app's own origin may send to the browser's door (Amplify's headers). */
const COGNITO_PREFLIGHT = { methods: 'POST', headers: 'content-type,x-amz-target,x-amz-user-agent,cache-control' };

function cognitoError(status: number, type: string, message: string): Upstream {
  return {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: Buffer.from(JSON.stringify({ __type: type, message })),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const authParametersOf = (request: Record<string, unknown>) =>
  isObject(request.AuthParameters) ? request.AuthParameters : {};

/**
 * What is wrong with the shape of a sign-in, refresh, reset or sign-out call, if anything.
 * cognito-local reads what it is given loosely (`["ADA"]` finds ADA), so a name that is not a
 * string would be tried without being counted as the login ID it names.
 */
function malformation(operation: string, request: Record<string, unknown>): string | undefined {
  if (operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') {
    if (!isText(request.AuthFlow)) return 'AuthFlow must be a string.';
    if (request.AuthParameters !== undefined && !isObject(request.AuthParameters))
      return 'AuthParameters must be an object.';
    const parameters = authParametersOf(request);
    if (PASSWORD_FLOWS.has(request.AuthFlow) && !(isText(parameters.USERNAME) && isText(parameters.PASSWORD)))
      return 'AuthParameters USERNAME and PASSWORD must be strings.';
    if (REFRESH_FLOWS.has(request.AuthFlow) && !isText(parameters.REFRESH_TOKEN))
      return 'AuthParameters REFRESH_TOKEN must be a string.';
  }
  if (operation === 'GetTokensFromRefreshToken' && !isText(request.RefreshToken))
    return 'RefreshToken must be a string.';
  if (
    operation === 'ConfirmForgotPassword' &&
    !(isText(request.Username) && isText(request.ConfirmationCode) && isText(request.Password))
  ) {
    return 'Username, ConfirmationCode and Password must be strings.';
  }
  if (operation === 'AdminUserGlobalSignOut' && !isText(request.Username)) return 'Username must be a string.';
  return undefined;
}

/** The refresh token a call redeems, if it is a refresh. */
function refreshTokenOf(operation: string, request: Record<string, unknown>): string | undefined {
  if (operation === 'GetTokensFromRefreshToken') return request.RefreshToken as string;
  if (
    (operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') &&
    REFRESH_FLOWS.has(request.AuthFlow as string)
  ) {
    return authParametersOf(request).REFRESH_TOKEN as string;
  }
  return undefined;
}

/** The lockout a call is subject to and the name it was sent with, if it is a password or reset-code attempt. */
function attemptOf(operation: string, request: Record<string, unknown>, lockouts: CognitoLockouts) {
  if (
    (operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') &&
    PASSWORD_FLOWS.has(request.AuthFlow as string)
  ) {
    return {
      name: authParametersOf(request).USERNAME as string,
      lockout: lockouts.passwords,
      failures: WRONG_PASSWORD,
      refusal: cognitoError(400, 'NotAuthorizedException', 'Password attempts exceeded'),
    };
  }
  if (operation === 'ConfirmForgotPassword') {
    return {
      name: request.Username as string,
      lockout: lockouts.resetCodes,
      failures: WRONG_CODE,
      refusal: cognitoError(400, 'LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    };
  }
  return undefined;
}

function errorType(answer: Upstream): string {
  const type = answer.headers['x-amzn-errortype'] ?? parseJson(answer.body)?.__type;
  // The protocol allows `Name:uri` and `namespace#Name`; the name is what counts.
  return typeof type === 'string' ? (type.split(':')[0]?.split('#').pop() ?? '') : '';
}

/** A wrong password whose message says the user is disabled is not a guess at the password. */
function isWrongGuess(answer: Upstream, failures: ReadonlySet<string>): boolean {
  if (answer.status !== 400 || !failures.has(errorType(answer))) return false;
  const message = parseJson(answer.body)?.message;
  return !(typeof message === 'string' && /disabled/i.test(message));
}

/** The user an ID token was issued to (`cognito:username`), or '' if it cannot be read. */
function usernameOf(idToken: unknown): string {
  try {
    const username = typeof idToken === 'string' ? decodeJwt(idToken)['cognito:username'] : undefined;
    return typeof username === 'string' ? username : '';
  } catch {
    return '';
  }
}

/** How long a NEW_PASSWORD_REQUIRED session may be answered (Cognito's sessions last 3 minutes). */
const CHALLENGE_SESSION_MS = 3 * 60 * 1000;
/** The cloud pool's minimum password length (infra/lib/auth/user-pool.ts), the product's rule. */
const MIN_PASSWORD_LENGTH = 6;

interface NewPasswordChallenge {
  username: string;
  expires: number;
}

export interface CognitoProxyOptions {
  /** cognito-local's own URL. */
  upstream: string;
  /** The user pool the proxy asks about users (to know whom a sign-in names). */
  userPoolId: string;
  lockouts: CognitoLockouts;
  /** Refresh tokens revoked by AdminUserGlobalSignOut, shared by both doors. */
  revocations: RefreshTokenRevocation;
  /**
   * The browser's door: only these operations are passed on (others are refused with 403), and
   * CORS is answered for the app's own origin. Omitted: the functions' door, which passes every
   * operation and sends no CORS headers.
   */
  operations?: ReadonlySet<string>;
  /**
   * The temporary password of a user in FORCE_CHANGE_PASSWORD, undefined for anyone else
   * (cognito-local's pool file, emulators/cognito-pool.ts), for the first sign-in's checks
   * (`firstSignIn`). Omitted: cognito-local answers such sign-ins its own way.
   */
  temporaryPassword?: (username: string) => Promise<string | undefined>;
  log: (line: string) => void;
}

/**
 * `/cognito/*`: a pass-through to cognito-local that adds what it lacks (GetTokensFromRefreshToken,
 * `ExpiresIn`, Cognito's lockout after repeated wrong passwords or reset codes, AdminUserGlobalSignOut).
 * With `operations` it is the browser's door on the app's port, which passes only those calls and
 * the public keys; without, the functions' door on the internal port, which passes everything.
 * Only the target and the checked body reach cognito-local, never the caller's other headers.
 */
export function createCognitoProxy(options: CognitoProxyOptions) {
  const { upstream, userPoolId, lockouts, revocations, operations, temporaryPassword, log } = options;
  /** NEW_PASSWORD_REQUIRED sessions this door issued, by session: cognito-local accepts any session. */
  const challenges = new Map<string, NewPasswordChallenge>();

  function refusal(method: string, subPath: string, target: string): Upstream | undefined {
    if (!operations) return undefined;
    const path = subPath.split('?')[0] || '/';
    if (method === 'GET' || method === 'HEAD') {
      return PUBLIC_DOCUMENT.test(path) ? undefined : cognitoError(404, 'ResourceNotFoundException', 'Not found');
    }
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    if (method === 'POST' && path === '/' && operations.has(operation)) return undefined;
    return cognitoError(
      403,
      'AccessDeniedException',
      `This endpoint answers the web app's sign-in calls only (${[...operations].join(', ')}); ${operation || 'this request'} is not one of them.`,
    );
  }

  /**
   * The user a name means to cognito-local, which finds a user by their username in any case it
   * stores and also by their `sub`: the lockout must count every name of one user as that user.
   */
  async function usernameFor(name: string): Promise<string | undefined> {
    const answer = await cognitoCall(upstream, 'AdminGetUser', { UserPoolId: userPoolId, Username: name });
    const username = answer.status === 200 ? parseJson(answer.body)?.Username : undefined;
    return isText(username) ? username : undefined;
  }

  /** AdminUserGlobalSignOut: the user's refresh tokens issued so far mint no more tokens. */
  async function signOutEverywhere(request: Record<string, unknown>): Promise<Upstream> {
    const username = await usernameFor(request.Username as string);
    if (!username) return cognitoError(400, 'UserNotFoundException', 'User does not exist.');
    revocations.signedOut(username);
    return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: Buffer.from('{}') };
  }

  /**
   * A password sign-in of a user whose password is temporary (FORCE_CHANGE_PASSWORD) answers as
   * Cognito does: a wrong password is refused, the right one gets a NEW_PASSWORD_REQUIRED challenge
   * (whose session is remembered for RespondToAuthChallenge) and no tokens. cognito-local's
   * InitiateAuth asks for a new password whatever password it is sent, and its AdminInitiateAuth
   * signs the user in with the temporary password.
   */
  async function firstSignIn(username: string, password: string, answer: Upstream): Promise<Upstream> {
    if (answer.status !== 200) return answer;
    const temporary = await temporaryPassword?.(username);
    if (temporary === undefined) return answer;
    if (password !== temporary) return cognitoError(400, 'NotAuthorizedException', 'Incorrect username or password.');
    const session = randomUUID();
    const now = Date.now();
    for (const [old, challenge] of challenges) if (challenge.expires <= now) challenges.delete(old);
    challenges.set(session, { username, expires: now + CHALLENGE_SESSION_MS });
    const challenge = {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: { USER_ID_FOR_SRP: username, requiredAttributes: '[]', userAttributes: '{}' },
    };
    return { ...answer, body: Buffer.from(JSON.stringify(challenge)) };
  }

  /**
   * RespondToAuthChallenge: only NEW_PASSWORD_REQUIRED, with a session this door issued for that user
   * (once, within its 3 minutes) and a password the pool's policy accepts. cognito-local checks none
   * of these: it would set any user's password for any session.
   */
  async function respondToChallenge(request: Record<string, unknown>): Promise<Upstream> {
    const responses = isObject(request.ChallengeResponses) ? request.ChallengeResponses : {};
    if (request.ChallengeName !== 'NEW_PASSWORD_REQUIRED')
      return cognitoError(400, 'InvalidParameterException', 'Only NEW_PASSWORD_REQUIRED is answered here.');
    if (!isText(request.Session) || !isText(responses.USERNAME) || !isText(responses.NEW_PASSWORD))
      return cognitoError(400, 'InvalidParameterException', 'Session, USERNAME and NEW_PASSWORD must be strings.');
    const challenge = challenges.get(request.Session);
    challenges.delete(request.Session);
    const username = await usernameFor(responses.USERNAME);
    if (!challenge || challenge.expires <= Date.now() || username !== challenge.username)
      return cognitoError(400, 'NotAuthorizedException', 'Invalid session for the user, session is expired.');
    if (responses.NEW_PASSWORD.length < MIN_PASSWORD_LENGTH) {
      // Cognito keeps the session for another try; so does this door.
      challenges.set(request.Session, challenge);
      return cognitoError(
        400,
        'InvalidPasswordException',
        'Password does not conform to policy: Password not long enough',
      );
    }
    return checkTokens('RespondToAuthChallenge', request, await send('RespondToAuthChallenge', request));
  }

  async function send(operation: string, request: Record<string, unknown>): Promise<Upstream> {
    if (operation === 'GetTokensFromRefreshToken') return getTokensFromRefreshToken(upstream, request);
    return withCompletedTokens(await cognitoCall(upstream, operation, request));
  }

  /** Refuses a refresh with a revoked token, and remembers every refresh token issued. */
  function checkTokens(operation: string, request: Record<string, unknown>, answer: Upstream): Upstream {
    if (answer.status !== 200) return answer;
    const result = parseJson(answer.body)?.AuthenticationResult;
    if (!isObject(result)) return answer;
    const redeemed = refreshTokenOf(operation, request);
    if (redeemed !== undefined && revocations.isRevoked(redeemed, usernameOf(result.IdToken))) {
      return cognitoError(400, 'NotAuthorizedException', 'Refresh Token has been revoked');
    }
    if (isText(result.RefreshToken)) revocations.issued(result.RefreshToken);
    return answer;
  }

  async function forward(
    subPath: string,
    method: string,
    target: string,
    received: Buffer | undefined,
  ): Promise<Upstream> {
    const url = `${upstream}${subPath || '/'}`;
    if (method !== 'POST' || (subPath.split('?')[0] || '/') !== '/')
      return withCompletedTokens(await call(url, method, {}, received));

    // cognito-local reads what it is sent its own way (charsets, a BOM); it gets exactly what was checked here.
    const request = parseJson(received ?? Buffer.alloc(0));
    if (!request) return cognitoError(400, 'SerializationException', 'The request body is not a JSON object.');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const problem = malformation(operation, request);
    if (problem) return cognitoError(400, 'InvalidParameterException', problem);
    if (operation === 'AdminUserGlobalSignOut') return signOutEverywhere(request);
    if (operation === 'RespondToAuthChallenge') return respondToChallenge(request);

    const attempt = attemptOf(operation, request, lockouts);
    if (!attempt) return checkTokens(operation, request, await send(operation, request));
    // Counted on the user the name finds; an unknown name is counted as itself.
    const loginId = (await usernameFor(attempt.name)) ?? attempt.name;
    const { lockout } = attempt;
    return lockout.oneAtATime(loginId, async () => {
      if (lockout.isLocked(loginId)) return attempt.refusal;
      const sent = await send(operation, request);
      const answer =
        attempt.lockout === lockouts.passwords
          ? await firstSignIn(loginId, authParametersOf(request).PASSWORD as string, sent)
          : sent;
      if (answer.status === 200) lockout.succeeded(loginId);
      else if (isWrongGuess(answer, attempt.failures)) lockout.failed(loginId);
      return checkTokens(operation, request, answer);
    });
  }

  return async (req: IncomingMessage, res: ServerResponse, subPath: string): Promise<void> => {
    const method = req.method ?? 'GET';
    const target = req.headers['x-amz-target'];
    const cors = operations ? corsHeaders(req) : {};
    if (method === 'OPTIONS' && operations) return answerPreflight(req, res, COGNITO_PREFLIGHT);

    let answer = refusal(method, subPath, typeof target === 'string' ? target : '');
    if (!answer) {
      try {
        const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, MAX_REQUEST_BYTES);
        answer = await forward(subPath, method, typeof target === 'string' ? target : '', body);
      } catch (error) {
        if (error instanceof BodyTooLargeError)
          answer = cognitoError(413, 'RequestEntityTooLargeException', 'The request is too large.');
        else {
          log(`Cognito proxy could not reach cognito-local: ${error instanceof Error ? error.message : String(error)}`);
          answer = {
            status: 502,
            headers: { 'content-type': 'application/json' },
            body: Buffer.from('{"message":"cognito-local is not reachable"}'),
          };
        }
      }
    }
    res.writeHead(answer.status, {
      'x-amzn-requestid': randomUUID(),
      ...cors,
      ...answer.headers,
      'content-length': String(answer.body.length),
    });
    res.end(answer.body);
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { BodyTooLargeError, readBody } from './read-body.ts';
import type { Lockout } from './sign-in-lockout.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Headers that describe one hop or a body encoding fetch has already undone. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function call(url: string, method: string, headers: Record<string, string>, body: Buffer | undefined): Promise<Upstream> {
  const response = await fetch(url, { method, headers, body });
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) out[name] = value;
  });
  return { status: response.status, headers: out, body: Buffer.from(await response.arrayBuffer()) };
}

function parseJson(buffer: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(buffer.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
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
  const body = Buffer.from(JSON.stringify({ ...json, AuthenticationResult: completeAuthenticationResult(result as Record<string, unknown>) }));
  return { ...upstream, body };
}

/**
 * Amplify 6 refreshes with GetTokensFromRefreshToken, which cognito-local lacks; it is the same as
 * InitiateAuth with REFRESH_TOKEN_AUTH, whose AuthenticationResult has the same shape.
 */
async function getTokensFromRefreshToken(upstreamUrl: string, headers: Record<string, string>, body: Buffer): Promise<Upstream> {
  const request = parseJson(body) ?? {};
  const authParameters: Record<string, unknown> = { REFRESH_TOKEN: request.RefreshToken };
  if (request.DeviceKey !== undefined) authParameters.DEVICE_KEY = request.DeviceKey;
  const initiateAuth = {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: request.ClientId,
    AuthParameters: authParameters,
    ...(request.ClientMetadata === undefined ? {} : { ClientMetadata: request.ClientMetadata }),
  };
  const upstream = await call(
    upstreamUrl,
    'POST',
    { ...headers, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}InitiateAuth` },
    Buffer.from(JSON.stringify(initiateAuth)),
  );
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

/** What the web app's sign-in calls (aws-amplify in web/src/auth): sign in, refresh, sign out. */
export const BROWSER_OPERATIONS: ReadonlySet<string> = new Set(['InitiateAuth', 'GetTokensFromRefreshToken', 'RevokeToken']);
/** The user pool's public keys and discovery document, which anyone may read. */
const PUBLIC_DOCUMENT = /^\/[\w-]+\/\.well-known\/(?:jwks\.json|openid-configuration)$/;
const PASSWORD_FLOWS = new Set(['USER_PASSWORD_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH']);
/** Answers that mean a wrong password (cognito-local says InvalidPasswordException) or an unknown user. */
const WRONG_PASSWORD = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException']);
const WRONG_CODE = new Set(['CodeMismatchException', 'ExpiredCodeException']);
/** Cognito's requests are a few KB; anything much larger is not one. */
const MAX_REQUEST_BYTES = 64 * 1024;

function cognitoError(status: number, type: string, message: string): Upstream {
  return {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: Buffer.from(JSON.stringify({ __type: type, message })),
  };
}

/** The lockout a call is subject to and the login ID it names, if it is a password or reset-code attempt. */
function attemptOf(operation: string, request: Record<string, unknown>, lockouts: CognitoLockouts) {
  const parameters = (request.AuthParameters ?? {}) as Record<string, unknown>;
  if ((operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') && PASSWORD_FLOWS.has(String(request.AuthFlow))) {
    const loginId = parameters.USERNAME;
    if (typeof loginId === 'string') {
      return { loginId, lockout: lockouts.passwords, failures: WRONG_PASSWORD, refusal: cognitoError(400, 'NotAuthorizedException', 'Password attempts exceeded') };
    }
  }
  if (operation === 'ConfirmForgotPassword' && typeof request.Username === 'string') {
    return {
      loginId: request.Username,
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

export interface CognitoProxyOptions {
  /** cognito-local's own URL. */
  upstream: string;
  lockouts: CognitoLockouts;
  /** The operations passed on (others are refused with 403); omitted: every operation. */
  operations?: ReadonlySet<string>;
  log: (line: string) => void;
}

/**
 * `/cognito/*`: a pass-through to cognito-local that adds what it lacks (GetTokensFromRefreshToken,
 * `ExpiresIn`, Cognito's lockout after repeated wrong passwords or reset codes). With `operations`
 * it is the browser's door on the app's port, which passes only those calls and the public keys;
 * without, the functions' door on the internal port, which passes everything.
 */
export function createCognitoProxy(options: CognitoProxyOptions) {
  const { upstream, lockouts, operations, log } = options;

  function refusal(method: string, subPath: string, target: string): Upstream | undefined {
    if (!operations) return undefined;
    const path = subPath.split('?')[0] || '/';
    if (method === 'GET' || method === 'HEAD') {
      return PUBLIC_DOCUMENT.test(path) ? undefined : cognitoError(404, 'ResourceNotFoundException', 'Not found');
    }
    if (method === 'OPTIONS' && path === '/') return undefined;
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    if (method === 'POST' && path === '/' && operations.has(operation)) return undefined;
    return cognitoError(
      403,
      'AccessDeniedException',
      `This endpoint answers the web app's sign-in calls only (${[...operations].join(', ')}); ${operation || 'this request'} is not one of them.`,
    );
  }

  async function forward(subPath: string, method: string, headers: Record<string, string>, received: Buffer | undefined): Promise<Upstream> {
    const url = `${upstream}${subPath || '/'}`;
    const target = headers['x-amz-target'] ?? '';
    if (method !== 'POST' || (subPath.split('?')[0] || '/') !== '/') return withCompletedTokens(await call(url, method, headers, received));

    // cognito-local reads what it is sent its own way (charsets, a BOM); it gets exactly what was checked here.
    const request = parseJson(received ?? Buffer.alloc(0));
    if (!request) return cognitoError(400, 'SerializationException', 'The request body is not a JSON object.');
    const body = Buffer.from(JSON.stringify(request));
    const jsonHeaders = { ...headers, 'content-type': 'application/x-amz-json-1.1' };
    if (target === `${TARGET_PREFIX}GetTokensFromRefreshToken`) return getTokensFromRefreshToken(url, jsonHeaders, body);
    const attempt = attemptOf(target.slice(TARGET_PREFIX.length), request, lockouts);
    if (!attempt) return withCompletedTokens(await call(url, method, jsonHeaders, body));
    const { loginId, lockout } = attempt;
    return lockout.oneAtATime(loginId, async () => {
      if (lockout.isLocked(loginId)) return attempt.refusal;
      const answer = withCompletedTokens(await call(url, method, jsonHeaders, body));
      if (answer.status === 200) lockout.succeeded(loginId);
      else if (isWrongGuess(answer, attempt.failures)) lockout.failed(loginId);
      return answer;
    });
  }

  return async (req: IncomingMessage, res: ServerResponse, subPath: string): Promise<void> => {
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }

    let answer = refusal(method, subPath, headers['x-amz-target'] ?? '');
    if (!answer) {
      try {
        const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, MAX_REQUEST_BYTES);
        answer = await forward(subPath, method, headers, body);
      } catch (error) {
        if (error instanceof BodyTooLargeError) answer = cognitoError(413, 'RequestEntityTooLargeException', 'The request is too large.');
        else {
          log(`Cognito proxy could not reach cognito-local: ${error instanceof Error ? error.message : String(error)}`);
          answer = { status: 502, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"message":"cognito-local is not reachable"}') };
        }
      }
    }
    res.writeHead(answer.status, {
      'x-amzn-requestid': randomUUID(),
      'access-control-allow-origin': '*',
      ...answer.headers,
      'content-length': String(answer.body.length),
    });
    res.end(answer.body);
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { readBody } from './read-body.ts';

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
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
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

/**
 * `/cognito/*` on the local server: a pass-through to cognito-local (so the browser reaches Cognito
 * on its own origin) that adds the one call Amplify needs and cognito-local lacks.
 */
export function createCognitoProxy(upstream: string, log: (line: string) => void) {
  return async (req: IncomingMessage, res: ServerResponse, subPath: string): Promise<void> => {
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const url = `${upstream}${subPath || '/'}`;
    const target = headers['x-amz-target'] ?? '';

    let answer: Upstream;
    try {
      answer =
        method === 'POST' && target === `${TARGET_PREFIX}GetTokensFromRefreshToken`
          ? await getTokensFromRefreshToken(url, headers, body ?? Buffer.alloc(0))
          : withCompletedTokens(await call(url, method, headers, body));
    } catch (error) {
      log(`Cognito proxy could not reach cognito-local: ${error instanceof Error ? error.message : String(error)}`);
      answer = { status: 502, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"message":"cognito-local is not reachable"}') };
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

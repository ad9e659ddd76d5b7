import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { decodeJwt } from 'jose';
import { LocalRuntimeError } from '../errors.ts';
import { functionsFolder } from '../handler-source.ts';
import { gatewayClaims } from '../http/jwt-verifier.ts';
import { lambdaContext } from '../http/lambda-context.ts';
import { LOCAL } from '../local-names.ts';
import { FUNCTIONS_DIR } from '../paths.ts';
import { DEMO_LOGIN, demoIdToken } from './demo-sign-in.ts';
import { printResult } from './print-result.ts';

type LooseEvent = APIGatewayProxyEventV2WithJWTAuthorizer & { [DEMO_LOGIN]?: string };

/** Fills the authorizer claims (and the Authorization header the client would have sent). */
async function authorize(event: LooseEvent, env: Record<string, string>): Promise<void> {
  const headers = (event.headers ??= {});
  const loginId = event[DEMO_LOGIN] ?? headers[DEMO_LOGIN];
  delete event[DEMO_LOGIN];
  delete headers[DEMO_LOGIN];
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!loginId || (claims && Object.keys(claims).length > 0)) return;
  const token = await demoIdToken(env, loginId);
  headers.authorization = `Bearer ${token}`;
  event.requestContext.authorizer = { jwt: { claims: gatewayClaims(decodeJwt(token)), scopes: null } };
}

/** `functions/<domain>/handler.ts` with an HTTP API (payload 2.0) event. */
export async function invokeHttp(domain: string, event: LooseEvent, env: Record<string, string>): Promise<void> {
  await authorize(event, env);
  // Loaded only now, like the server does: handlers read the environment the runtime has just set.
  const handler = await functionsFolder(FUNCTIONS_DIR).http(domain);
  if (!handler) throw new LocalRuntimeError(`functions/${domain}/handler.ts does not exist.`);
  const context = lambdaContext(domain, LOCAL.region, LOCAL.accountId, (line) => console.error(line));
  printResult(await handler(event, context));
}

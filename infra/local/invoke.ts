/**
 * `npm run invoke -- <domain> <event.json>`: runs one handler with one API Gateway event against a
 * fresh in-memory runtime with the demo data, and prints what it returned. An event without token
 * claims may name a demo login in `"x-demo-login"` (top level or header); that user is signed in
 * through Cognito and the claims filled in, as the JWT authorizer would.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeJwt } from 'jose';
import { demoAccounts } from './demo-accounts.ts';
import { errorText, LocalRuntimeError } from './errors.ts';
import { functionsFolder } from './handler-source.ts';
import { gatewayClaims } from './http/jwt-verifier.ts';
import { lambdaContext } from './http/lambda-context.ts';
import { structuredResult } from './http/write-result.ts';
import { LOCAL } from './local-names.ts';
import { hideSdkNodeVersionWarning } from './node-warnings.ts';
import { FUNCTIONS_DIR } from './paths.ts';
import { startRuntime, type Runtime } from './runtime.ts';

type LooseEvent = APIGatewayProxyEventV2WithJWTAuthorizer & { 'x-demo-login'?: string };

const DEMO_HEADER = 'x-demo-login';

async function signIn(env: Record<string, string>, loginId: string): Promise<string> {
  const accounts = await demoAccounts();
  const account = accounts.find((candidate) => candidate.loginId === loginId);
  if (!account) throw new LocalRuntimeError(`"${loginId}" is not a demo account (${accounts.map((a) => a.loginId).join(', ')}).`);
  const cognito = new CognitoIdentityProviderClient({ region: LOCAL.region, endpoint: env.COGNITO_ENDPOINT });
  try {
    // The auth domain may keep usernames normalised (upper case); try the ID as written, then that.
    for (const username of new Set([account.loginId, account.loginId.toUpperCase()])) {
      const result = await cognito
        .send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: env.USER_POOL_CLIENT_ID,
            AuthParameters: { USERNAME: username, PASSWORD: account.password },
          }),
        )
        .catch(() => undefined);
      const token = result?.AuthenticationResult?.IdToken;
      if (token) return token;
    }
    throw new LocalRuntimeError(`Cognito did not sign ${loginId} in: is the demo data seeded with that account?`);
  } finally {
    cognito.destroy();
  }
}

/** Fills the authorizer claims (and the Authorization header the client would have sent). */
async function authorize(event: LooseEvent, env: Record<string, string>): Promise<void> {
  const headers = (event.headers ??= {});
  const loginId = event[DEMO_HEADER] ?? headers[DEMO_HEADER];
  delete event[DEMO_HEADER];
  delete headers[DEMO_HEADER];
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!loginId || (claims && Object.keys(claims).length > 0)) return;
  const token = await signIn(env, loginId);
  headers.authorization = `Bearer ${token}`;
  event.requestContext.authorizer = { jwt: { claims: gatewayClaims(decodeJwt(token)), scopes: null } };
}

function printResult(result: unknown): void {
  const structured = structuredResult(result);
  console.log(JSON.stringify(structured, null, 2));
  if (structured.body && !structured.isBase64Encoded) {
    try {
      console.log('\nbody:');
      console.log(JSON.stringify(JSON.parse(structured.body), null, 2));
    } catch {
      // Not JSON: already printed as it is.
    }
  }
}

async function main(): Promise<void> {
  hideSdkNodeVersionWarning();
  const [domain, eventFile] = process.argv.slice(2);
  if (!domain || !eventFile) throw new LocalRuntimeError('Usage: npm run invoke -- <domain> <event.json>, e.g. npm run invoke -- auth events/auth-login.json');
  if (!existsSync(join(FUNCTIONS_DIR, domain, 'handler.ts'))) throw new LocalRuntimeError(`functions/${domain}/handler.ts does not exist.`);
  // npm runs scripts from the repo root; INIT_CWD is where the command was typed.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), eventFile);
  if (!existsSync(path)) throw new LocalRuntimeError(`${eventFile} does not exist.`);
  const event = JSON.parse(readFileSync(path, 'utf8')) as LooseEvent;
  if (typeof event.requestContext !== 'object') throw new LocalRuntimeError(`${eventFile} is not an API Gateway v2 event (no requestContext).`);

  const verbose = Boolean(process.env.VERBOSE);
  let runtime: Runtime | undefined;
  try {
    runtime = await startRuntime({ port: 0, inMemory: true, seed: true, log: verbose ? (line) => console.error(`  ${line}`) : undefined });
    await authorize(event, runtime.env);
    // Loaded only now, like the server does: handlers read the environment the runtime has just set.
    const handler = await functionsFolder(FUNCTIONS_DIR).http(domain);
    if (!handler) throw new LocalRuntimeError(`functions/${domain}/handler.ts does not exist.`);
    const context = lambdaContext(domain, LOCAL.region, LOCAL.accountId, (line) => console.error(line));
    printResult(await handler(event, context));
  } finally {
    await runtime?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ ${errorText(error)}`);
    process.exit(1);
  },
);

import type { JWTPayload } from 'jose';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { config } from './config.ts';

/**
 * Verifies a Cognito ID token where API Gateway's JWT authorizer cannot: on WebSocket $connect.
 * The issuer is the regional Cognito URL in the cloud and the browsers' cognito-local proxy locally; either
 * way the keys are at `<issuer>/.well-known/jwks.json`.
 */
let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

export function tokenIssuer(): string {
  const { cognitoPublicEndpoint, region, userPoolId } = config();
  return cognitoPublicEndpoint
    ? `${cognitoPublicEndpoint}/${userPoolId}`
    : `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
}

export async function verifyIdToken(token: string): Promise<JWTPayload> {
  const issuer = tokenIssuer();
  jwks ??= createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const { payload } = await jwtVerify(token, jwks, { issuer, audience: config().userPoolClientId });
  if (payload.token_use !== 'id') throw new Error('Not an ID token');
  return payload;
}

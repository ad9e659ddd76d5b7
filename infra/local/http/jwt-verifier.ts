import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface IdTokenVerifier {
  /** The token's claims as API Gateway hands them to Lambda; throws when the token is not valid. */
  verify(token: string): Promise<Record<string, string>>;
}

export interface VerifierSettings {
  jwksUrl: string;
  issuer: string;
  /** The app client id: ID tokens carry it in `aud`. */
  audience: string;
}

/** `Bearer <token>`, or the bare token, which API Gateway's JWT authorizer also accepts. */
export function bearerToken(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token || undefined;
}

/** The authorizer passes every claim as a string; lists look like `[a b]`. */
export function gatewayClaims(payload: JWTPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') claims[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') claims[name] = String(value);
    else if (Array.isArray(value))
      claims[name] = `[${value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' ')}]`;
    else claims[name] = JSON.stringify(value);
  }
  return claims;
}

/** What the HTTP API's Cognito JWT authorizer checks: signature, issuer, audience, expiry; ID tokens only. */
export function createIdTokenVerifier(settings: VerifierSettings): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(settings.jwksUrl));
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: ['RS256'],
      });
      if (payload.token_use !== 'id') throw new Error('Not an ID token.');
      return gatewayClaims(payload);
    },
  };
}

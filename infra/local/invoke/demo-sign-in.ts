import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { demoAccounts } from '../demo-accounts.ts';
import { LocalRuntimeError } from '../errors.ts';
import { LOCAL } from '../local-names.ts';

/** Events may name a demo login in this field (top level or header) instead of carrying claims. */
export const DEMO_LOGIN = 'x-demo-login';

/** Signs a demo account in through the runtime's Cognito and returns its ID token. */
export async function demoIdToken(env: Record<string, string>, loginId: string): Promise<string> {
  const accounts = await demoAccounts();
  const account = accounts.find((candidate) => candidate.loginId === loginId);
  if (!account)
    throw new LocalRuntimeError(`"${loginId}" is not a demo account (${accounts.map((a) => a.loginId).join(', ')}).`);
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

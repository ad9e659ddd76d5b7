import {
  AdminInitiateAuthCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForbiddenException,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_ENV, useConfigEnv } from '#core/test-support/config-env';
import { authenticate, confirmReset, sendResetCode } from './identity-provider.ts';

/**
 * A request the user pool's web ACL blocks comes back from Cognito as ForbiddenException. The API
 * says so as Cognito's other limits, never as a 500.
 */
const cognito = mockClient(CognitoIdentityProviderClient);
const blocked = () =>
  new ForbiddenException({ message: 'Request blocked by AWS WAF', $metadata: { httpStatusCode: 403 } });
const TOO_MANY = { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts; please wait a moment and try again' };

useConfigEnv({ COGNITO_ENDPOINT: '' });
afterAll(() => cognito.restore());

beforeEach(() => cognito.reset());

describe('a request blocked by the user pool web ACL', () => {
  it('answers a blocked sign-in 429, not 500', async () => {
    cognito.on(AdminInitiateAuthCommand).rejects(blocked());
    await expect(authenticate('DEMO0001', 'password123')).rejects.toMatchObject(TOO_MANY);
  });

  it('answers a blocked request for a reset code 429, not 500', async () => {
    cognito.on(ForgotPasswordCommand).rejects(blocked());
    await expect(sendResetCode('DEMO0001')).rejects.toMatchObject(TOO_MANY);
  });

  it('answers a blocked reset 429, not 500', async () => {
    cognito.on(ConfirmForgotPasswordCommand).rejects(blocked());
    await expect(confirmReset('DEMO0001', '123456', 'newpass123')).rejects.toMatchObject(TOO_MANY);
  });
});

describe("the API's sign-in", () => {
  it('signs in with AdminInitiateAuth (IAM-signed), never the public InitiateAuth the web ACL counts per address', async () => {
    cognito
      .on(AdminInitiateAuthCommand)
      .resolves({ AuthenticationResult: { IdToken: 'id', AccessToken: 'access', RefreshToken: 'refresh' } });

    await authenticate('DEMO0001', 'password123');

    expect(cognito.commandCalls(InitiateAuthCommand)).toHaveLength(0);
    expect(cognito.commandCalls(AdminInitiateAuthCommand).map((call) => call.args[0].input)).toEqual([
      {
        UserPoolId: CONFIG_ENV.USER_POOL_ID,
        ClientId: CONFIG_ENV.USER_POOL_CLIENT_ID,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'DEMO0001', PASSWORD: 'password123' },
      },
    ]);
  });
});

import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';

/**
 * The local runtime's two doors to cognito-local, for tests that check what each lets through:
 * `browserCognito` is what the web app (Amplify) or anyone who can reach the app's port talks to;
 * `adminCognito` is the functions' door, to see what the pool holds.
 */
const env = inject('runtimeEnv');
const credentials = { accessKeyId: 'anyone', secretAccessKey: 'anyone' };

export const browserCognito = new CognitoIdentityProviderClient({
  region: env.AWS_REGION,
  endpoint: env.COGNITO_PUBLIC_ENDPOINT,
  credentials,
  maxAttempts: 1,
});

export const adminCognito = new CognitoIdentityProviderClient({
  region: env.AWS_REGION,
  endpoint: env.COGNITO_ENDPOINT,
  credentials,
  maxAttempts: 1,
});

import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { defaultStorage, sessionStorage } from 'aws-amplify/utils';
import { sessionStore } from '../session/session-store';
import { clearCognitoKeys } from './cognito-keys';
import { loadRuntimeConfig } from './runtime-config';
import { signInMessage } from './sign-in-messages';

/**
 * Amplify talks to the user pool; this module is its only door, loaded lazily so the first screen
 * does not carry it.
 */
let configured: Promise<void> | undefined;

function configure(): Promise<void> {
  configured ??= loadRuntimeConfig()
    .then((config) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            userPoolEndpoint: config.cognitoEndpoint,
            loginWith: { username: true },
          },
        },
      });
    })
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

/**
 * Remember me decides where Amplify keeps its tokens: localStorage outlives the browser,
 * sessionStorage ends with it. Set before every use, because configure() resets it.
 */
function keepTokensIn(remember: boolean): void {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(remember ? defaultStorage : sessionStorage);
}

async function ready(remember: boolean): Promise<void> {
  await configure();
  keepTokensIn(remember);
}

/** Reads the runtime config and configures Amplify ahead of a sign-in; a failure is left to the sign-in. */
export function prepareSignIn(): Promise<void> {
  return configure().catch(() => undefined);
}

export class SignInError extends Error {
  override readonly name = 'SignInError';
}

/**
 * A sign-in: signed in with the ID token, or the password was a temporary one (an imported member's
 * first sign-in) and the person must choose their own (`chooseFirstPassword`) before Cognito signs
 * them in.
 */
export type PasswordSignIn = { token: string } | { newPasswordRequired: true };

/** Signs in with USER_PASSWORD_AUTH (cognito-local has no SRP). */
export async function signInWithPassword(
  loginId: string,
  password: string,
  remember: boolean,
): Promise<PasswordSignIn> {
  await ready(remember);
  // Tokens left by an earlier session on this browser would make Amplify refuse a new sign-in.
  await signOut().catch(() => undefined);
  keepTokensIn(remember);
  try {
    // Login IDs are stored upper-case in the pool.
    const result = await signIn({
      username: loginId.trim().toUpperCase(),
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED')
      return { newPasswordRequired: true };
    if (!result.isSignedIn) throw new SignInError('Your account needs a new password; use Forgot password to set one');
  } catch (error) {
    if (error instanceof SignInError) throw error;
    throw new SignInError(signInMessage(error));
  }
  return { token: await idToken() };
}

/** Answers the first sign-in's NEW_PASSWORD_REQUIRED with the password the person chose; returns the ID token. */
export async function chooseFirstPassword(password: string, remember: boolean): Promise<string> {
  await ready(remember);
  try {
    const result = await confirmSignIn({ challengeResponse: password });
    if (!result.isSignedIn) throw new SignInError('Your sign-in could not be completed; please sign in again');
  } catch (error) {
    if (error instanceof SignInError) throw error;
    const name = error instanceof Error ? error.name : '';
    // The sign-in's session lasts a few minutes and answers once.
    if (name === 'NotAuthorizedException')
      throw new SignInError('Your sign-in has expired; go back and sign in again with your temporary password');
    if (name === 'InvalidPasswordException') throw new SignInError('The password does not meet the password rules');
    throw new SignInError(signInMessage(error));
  }
  return idToken();
}

/** The ID token to send as bearer; Amplify refreshes it with the refresh token when it is near expiry. */
export async function currentIdToken(): Promise<string> {
  await ready(sessionStore.getState().session?.remember ?? false);
  return idToken();
}

async function idToken(): Promise<string> {
  const { tokens } = await fetchAuthSession();
  const token = tokens?.idToken?.toString();
  if (!token) throw new Error('No Cognito session');
  return token;
}

/** Forgets the tokens on this browser; a failure to reach Cognito must not keep anyone signed in. */
export async function signOutOfCognito(remember: boolean): Promise<void> {
  try {
    await ready(remember);
    await signOut();
  } catch {
    /* local tokens are cleared below regardless */
  }
  clearCognitoKeys();
}

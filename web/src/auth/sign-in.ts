import { fetchMe } from '../api/auth';
import { sessionFromMe } from '../session/session-from-me';
import type { Session } from '../session/types';

/**
 * Sign-in: Cognito checks the password, then the API says who this is and whether the account and
 * its cooperative are still active (406 otherwise, whose message the card shows). A temporary
 * password (an imported member's first sign-in) answers `newPasswordRequired`: the person chooses
 * their own (`finishFirstSignIn`) and is then signed in.
 */
export async function signInToCoopLedger(
  loginId: string,
  password: string,
  remember: boolean,
): Promise<Session | { newPasswordRequired: true }> {
  const amplify = await import('./amplify');
  const signedIn = await amplify.signInWithPassword(loginId, password, remember);
  if (!('token' in signedIn)) return signedIn;
  return sessionOf(signedIn.token, remember);
}

/** The first sign-in's second step: the password the person chose replaces the temporary one. */
export async function finishFirstSignIn(password: string, remember: boolean): Promise<Session> {
  const amplify = await import('./amplify');
  return sessionOf(await amplify.chooseFirstPassword(password, remember), remember);
}

async function sessionOf(token: string, remember: boolean): Promise<Session> {
  try {
    return sessionFromMe(await fetchMe(token), token, remember);
  } catch (error) {
    const amplify = await import('./amplify');
    await amplify.signOutOfCognito(remember);
    throw error;
  }
}

import { fetchMe } from '../api/auth';
import { sessionFromMe } from '../session/session-from-me';
import type { Session } from '../session/types';

/**
 * Sign-in: Cognito checks the password, then the API says who this is and whether the account and
 * its cooperative are still active (406 otherwise, whose message the card shows).
 */
export async function signInToCoopLedger(loginId: string, password: string, remember: boolean): Promise<Session> {
  const amplify = await import('./amplify');
  const token = await amplify.signInWithPassword(loginId, password, remember);
  try {
    return sessionFromMe(await fetchMe(token), token, remember);
  } catch (error) {
    await amplify.signOutOfCognito(remember);
    throw error;
  }
}

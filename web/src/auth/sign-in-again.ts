import { sessionStore } from '../session/session-store';

/**
 * After the signed-in person changed their own password, the API refuses the tokens of their earlier
 * sign-in (and the pool revokes the refresh token): sign in again with the new password and go on
 * with the fresh token, so the session continues. If that fails, the next call ends the session.
 */
export async function signInAgain(password: string): Promise<void> {
  const session = sessionStore.getState().session;
  if (!session) return;
  try {
    const amplify = await import('./amplify');
    const signedIn = await amplify.signInWithPassword(session.user.coop_id, password, session.remember);
    if ('token' in signedIn) sessionStore.updateToken(signedIn.token);
  } catch {
    /* the next call answers 401 and returns to sign-in */
  }
}

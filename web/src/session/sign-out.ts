import type { QueryClient } from '@tanstack/react-query';
import { notificationsStore } from '../app/notifications/notifications-store';
import { sessionStore } from './session-store';

/** The user's own sign-out: Cognito forgets the tokens, and nothing of theirs stays on screen or in cache. */
export async function signOutEverywhere(queryClient: QueryClient): Promise<void> {
  const remember = sessionStore.getState().session?.remember ?? false;
  sessionStore.clear();
  queryClient.clear();
  notificationsStore.clear();
  const { signOutOfCognito } = await import('../auth/amplify');
  await signOutOfCognito(remember);
}

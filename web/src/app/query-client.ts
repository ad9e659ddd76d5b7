import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../api/api-error';
import { notificationsStore } from './notifications/notifications-store';

// Spec section 9: cache keep-alive 50000 seconds; data refetches on focus, reconnect and mount.
const KEEP_ALIVE_MS = 50_000 * 1000;

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        // 401 and 406 end the session; the sign-in card explains, a toast would only linger.
        if (error instanceof ApiError && (error.status === 401 || error.status === 406)) return;
        // Spec section 8: other failures show the server's message in a red toast.
        notificationsStore.notify('error', errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        gcTime: KEEP_ALIVE_MS,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        refetchOnMount: true,
        // Asking again will not change a refusal; only transient failures are retried.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
    },
  });
}

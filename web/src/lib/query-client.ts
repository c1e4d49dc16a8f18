import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';
import { notify } from './notify';

// Errors that another attempt cannot fix.
const FINAL_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'CONFLICT', 'PAYMENT_REQUIRED', 'RATE_LIMITED']);

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The screen reports this failure itself (e.g. inline next to a field). */
      silentError?: boolean;
    };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every failed mutation tells the user why, in the server's words.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentError) return;
        notify.error(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.errors.some((e) => e.code && FINAL_CODES.has(e.code))) return false;
          return failureCount < 1;
        },
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
      mutations: { retry: false },
    },
  });
}

import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';
import { sentence } from './labels';
import { notify } from './notify';

// Errors that another attempt cannot fix.
const FINAL_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT', 'CONFLICT', 'PAYMENT_REQUIRED', 'RATE_LIMITED']);

export const PAYMENT_REQUIRED_TEXT = 'Your plan does not cover this, or your balance is short: see Subscription to upgrade or add balance.';

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
        // The contract's message is the bare code; the banner (lib/session) leads to the plans.
        if (error instanceof ApiError && error.hasCode('PAYMENT_REQUIRED')) notify.error(PAYMENT_REQUIRED_TEXT);
        else notify.error(sentence(errorMessage(error)));
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

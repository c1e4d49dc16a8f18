import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { PrimeReactProvider } from 'primereact/api';
import { useState, type ReactNode } from 'react';
import { ToastHost } from '@/components/ui/toast-host';
import { styleNonce } from '@/lib/csp';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  endpoint?: string;
  fetch?: typeof fetch;
}

export function AppProvider({ children, queryClient: given, endpoint, fetch: fetchImpl }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <PrimeReactProvider value={{ ripple: true, nonce: styleNonce() }}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider {...(endpoint ? { endpoint } : {})} {...(fetchImpl ? { fetch: fetchImpl } : {})}>
          {children}
          <ToastHost />
          <ConfirmDialog />
        </SessionProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LazyToaster } from '@web/components/lazy-toaster';
import { WalletProvider } from '@web/features/wallet';
import { createQueryClient } from './query-client';

/** `client`: the prerender passes its own, to clear it (and its timers) after rendering. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <WalletProvider>
        {children}
        <LazyToaster />
      </WalletProvider>
    </QueryClientProvider>
  );
}

'use client';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/client/api-fetch';
import { retryDelay, shouldRetry } from '@/lib/client/query-retry';

// A session that ends while a page is open (expired, user deactivated) sends the user to sign in
// instead of leaving every panel showing "Authentication credentials were not provided."
function onAuthLost(error: unknown) {
  if (isApiError(error, 401) && typeof window !== 'undefined' && !window.location.pathname.startsWith('/login')) {
    window.location.assign(`/login?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }
}

function makeClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onAuthLost }),
    mutationCache: new MutationCache({ onError: onAuthLost }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

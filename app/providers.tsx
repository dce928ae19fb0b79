'use client';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/lib/client/api-fetch';

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
        // Client errors (4xx) will not fix themselves; network blips and 5xx get two more tries.
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

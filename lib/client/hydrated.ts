'use client';
import { useSyncExternalStore } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

const never = () => () => {};

/** False while the server renders and the browser hydrates that HTML; true from the next render on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}

/**
 * A query the app shell starts at once (the member, the unread count), as a component inside a
 * later-hydrating Suspense boundary may read it: pending until hydration is over, as the server
 * rendered it, even when its answer came in meanwhile (else React reports a hydration mismatch).
 */
export function useAsRendered<T>(query: UseQueryResult<T>): UseQueryResult<T> {
  const hydrated = useHydrated();
  if (hydrated) return query;
  return { ...query, data: undefined, error: null, status: 'pending', isPending: true, isSuccess: false, isError: false, isLoading: true } as UseQueryResult<T>;
}

import { invalidateTopic, notifiedCache } from '@/lib/cache/notified-cache';

// What API keys and sessions resolve to (resolve.ts), kept per process so that an authenticated
// request costs no extra database round trip; on the contact list that lookup was half of the
// queries. Triggers (migration 0007) invalidate it whenever a key is revoked or removed or a
// user is deactivated, re-roled, moved or removed: see lib/cache/notified-cache.ts.
export const memberCache = notifiedCache<unknown>('auth');

/** For code that has just changed a credential in this process: forget at once. */
export function forgetMembers(): void {
  invalidateTopic('auth');
}

/**
 * `load`'s answer when `fresh` (then not stored: the read may race a change), else the cache's.
 * Each key prefix (`key:`, `user:`) is only ever stored by one loader, so its entries have that
 * loader's type.
 */
export function cachedUnless<V>(fresh: boolean, key: string, load: () => Promise<V | null>): Promise<V | null> {
  return fresh ? load() : (memberCache.through(key, load) as Promise<V | null>);
}

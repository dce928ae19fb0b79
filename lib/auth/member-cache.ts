import { database } from '@/db';
import type { Listener } from '@/db/notifications';

// What API keys and sessions resolve to, kept per process so that an authenticated request costs
// no extra database round trip (on the contact list that lookup was half of the queries).
// Correctness rests on invalidation, not on expiry:
//  - triggers (migration 0007) send `auth_changed` whenever a key is revoked or removed or a user
//    is deactivated, re-roled or removed, whoever makes the change; every listening process then
//    forgets everything it holds;
//  - the process that revokes a key forgets at once as well, without waiting for the notification;
//  - while the listener is not connected (start-up, a dropped connection) nothing is served from
//    or put into the cache, and listening again forgets everything;
//  - a lookup that began before an invalidation is not stored (the generation check), so a read
//    racing a revocation cannot put the revoked credential back.
// Expiry is only a backstop.

const CHANNEL = 'auth_changed';
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** Taken before a lookup's database read; the result is stored only if nothing changed since. */
export type Ticket = { generation: number };

class MemberCache {
  private entries = new Map<string, { value: unknown; expires: number }>();
  private generation = 0;
  private listener: Listener | null = null;
  private starting: Promise<void> | null = null;

  get<T>(key: string): T | null {
    if (!this.trusted()) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value as T;
  }

  ticket(): Ticket {
    return { generation: this.generation };
  }

  set(key: string, value: unknown, ticket: Ticket): void {
    if (ticket.generation !== this.generation || !this.trusted()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + TTL_MS });
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Only a listening process may trust what it holds; the first call starts listening. */
  private trusted(): boolean {
    if (this.listener?.listening) return true;
    if (this.listener?.closed) {
      this.listener = null;
      this.starting = null;
    }
    this.starting ??= database().then((db) => {
      this.listener = db.listen(CHANNEL, {
        onNotify: () => this.invalidate(),
        onListening: () => this.invalidate(),
        onLost: () => this.invalidate(),
      });
    }).catch(() => {
      this.starting = null;
    });
    return false;
  }
}

// One per process: Next.js loads this module from several bundles, so it lives on globalThis.
const holder = globalThis as unknown as { __engageMemberCache?: MemberCache };
export const memberCache: MemberCache = (holder.__engageMemberCache ??= new MemberCache());

/** For code that has just changed a credential in this process: forget at once. */
export function forgetMembers(): void {
  memberCache.invalidate();
}

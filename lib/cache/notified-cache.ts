import { database } from '@/db';
import type { Listener } from '@/db/notifications';

// A per-process cache of rows that rarely change and are read on every request (who an API key
// is, a channel a provider calls back on, a template being sent, an account's settings), whose
// correctness rests on invalidation, not expiry:
//  - triggers (migrations 0007, 0014, 0033) send `cache_invalidation` with the topic whenever a cached
//    kind of row changes, whoever changes it (another process, `npm run manage`, an operator's
//    SQL); every listening process forgets everything it holds of that topic;
//  - a process that changes such a row itself forgets at once, without waiting for its own
//    notification (`invalidateTopic`);
//  - while the listener is not connected (start-up, a dropped connection) nothing is served from
//    or put into the cache, and listening again forgets everything;
//  - a lookup that began before an invalidation is not stored (the ticket's generation), so a
//    read racing a change cannot put the old row back.
// Expiry is only a backstop. Across processes a change takes effect as soon as Postgres delivers
// the notification (well under a millisecond on one machine); within a process, at once. Where
// that moment matters (a role-gated request), the caller reads past the cache (resolve.ts).

export const INVALIDATION_CHANNEL = 'cache_invalidation';
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** Taken before a lookup's database read; the result is stored only if nothing changed since. */
export type Ticket = { generation: number };

export class NotifiedCache<V> {
  private entries = new Map<string, { value: V; expires: number }>();
  private generation = 0;
  private listener: Listener | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly topics: readonly string[]) {}

  /** Whether a change of this topic invalidates this cache. */
  follows(topic: string): boolean {
    return this.topics.includes(topic);
  }

  get(key: string): V | null {
    if (!this.trusted()) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  ticket(): Ticket {
    return { generation: this.generation };
  }

  set(key: string, value: V, ticket: Ticket): void {
    if (ticket.generation !== this.generation || !this.trusted()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + TTL_MS });
  }

  /** The cached value, or `load`'s (stored unless something changed meanwhile); null is not kept. */
  async through(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.get(key);
    if (hit !== null) return hit;
    const ticket = this.ticket();
    const value = await load();
    if (value !== null) this.set(key, value, ticket);
    return value;
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
      this.listener = db.listen(INVALIDATION_CHANNEL, {
        onNotify: (topic) => { if (this.follows(topic)) this.invalidate(); },
        onListening: () => this.invalidate(),
        onLost: () => this.invalidate(),
      });
    }).catch(() => {
      this.starting = null;
    });
    return false;
  }
}

const holder = globalThis as unknown as { __engageNotifiedCaches?: Map<string, NotifiedCache<unknown>> };

/**
 * One instance per process for each set of topics: Next.js loads a module from several bundles,
 * so module scope would give each bundle its own cache, and an invalidation in one would miss
 * the others. A cache follows every topic whose rows its values are made of.
 */
export function notifiedCache<V>(...topics: string[]): NotifiedCache<V> {
  holder.__engageNotifiedCaches ??= new Map();
  const name = topics.join(',');
  let cache = holder.__engageNotifiedCaches.get(name);
  if (!cache) {
    cache = new NotifiedCache<unknown>(topics);
    holder.__engageNotifiedCaches.set(name, cache);
  }
  return cache as NotifiedCache<V>;
}

/** For code that has just changed rows of a topic in this process: every cache following it forgets at once. */
export function invalidateTopic(topic: string): void {
  for (const cache of holder.__engageNotifiedCaches?.values() ?? []) {
    if (cache.follows(topic)) cache.invalidate();
  }
}

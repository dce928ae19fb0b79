import { database } from '@/db';
import type { Listener } from '@/db/notifications';

// A per-process cache of rows that rarely change and are read on every request (who an API key
// is, a channel a provider calls back on), whose correctness rests on invalidation, not expiry:
//  - triggers (migration 0007) send `cache_invalidation` with the topic whenever a cached
//    kind of row changes, whoever changes it (another process, `npm run manage`, an operator's
//    SQL); every listening process forgets everything it holds of that topic;
//  - a process that changes such a row itself forgets at once, without waiting for its own
//    notification (`invalidate`);
//  - while the listener is not connected (start-up, a dropped connection) nothing is served from
//    or put into the cache, and listening again forgets everything;
//  - a lookup that began before an invalidation is not stored (the ticket's generation), so a
//    read racing a change cannot put the old row back.
// Expiry is only a backstop. Across processes a change takes effect as soon as Postgres delivers
// the notification (well under a millisecond on one machine); within a process, at once.

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

  constructor(private readonly topic: string) {}

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
        onNotify: (topic) => { if (topic === this.topic) this.invalidate(); },
        onListening: () => this.invalidate(),
        onLost: () => this.invalidate(),
      });
    }).catch(() => {
      this.starting = null;
    });
    return false;
  }
}

/**
 * One instance per process and topic: Next.js loads a module from several bundles, so module
 * scope would give each bundle its own cache, and an invalidation in one would miss the others.
 */
export function notifiedCache<V>(topic: string): NotifiedCache<V> {
  const holder = globalThis as unknown as { __engageNotifiedCaches?: Map<string, NotifiedCache<unknown>> };
  holder.__engageNotifiedCaches ??= new Map();
  let cache = holder.__engageNotifiedCaches.get(topic);
  if (!cache) {
    cache = new NotifiedCache<unknown>(topic);
    holder.__engageNotifiedCaches.set(topic, cache);
  }
  return cache as NotifiedCache<V>;
}

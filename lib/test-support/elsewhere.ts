import postgres from 'postgres';
import { vi } from 'vitest';
import { database } from '@/db';
import { postgresTarget } from '@/db/postgres-url';
import type { NotifiedCache } from '@/lib/cache/notified-cache';

/**
 * Test-only: a statement run the way another process would run it. On Postgres (TEST_DATABASE_URL),
 * over a connection of its own; on the embedded engine (one process by construction), through the
 * same engine but outside the application's code paths. Returns once `cache` has heard the
 * change's notification: across processes that takes as long as Postgres takes to deliver it
 * (well under a millisecond on one machine, but not nothing).
 */
export async function changeElsewhere(cache: NotifiedCache<unknown>, text: string): Promise<void> {
  const before = cache.ticket().generation;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    await (await database()).pglite!.exec(text);
  } else {
    const target = postgresTarget(url);
    const other = postgres(target.url, { host: target.host, max: 1, onnotice: () => {} });
    try {
      await other.unsafe(text);
    } finally {
      await other.end();
    }
  }
  for (let waited = 0; cache.ticket().generation === before; waited += 5) {
    if (waited > 2_000) throw new Error('no cache_invalidation notification within 2 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Test-only: repeats `read` until `cache` serves it without a query (it starts listening on first use). */
export async function untilCached(db: { select: (...args: never[]) => unknown }, read: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await read();
    const select = vi.spyOn(db, 'select');
    await read();
    const queried = select.mock.calls.length;
    select.mockRestore();
    if (queried === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the cache never started serving');
}

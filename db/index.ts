import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { acquireDataDirLock } from './data-dir-lock';
import { listenPglite, listenPostgres, type Listener, type NotificationHandlers } from './notifications';
import { postgresTarget } from './postgres-url';
import { preparingClient } from './prepared-statements';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

/** True for an open transaction (what it reads may yet be rolled back), false for the database. */
export function inTransaction(executor: Executor): executor is Tx {
  return 'rollback' in executor;
}

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The embedded engine, for the job queue (null on Postgres). */
  pglite: PGlite | null;
  /** Connection string, for the job queue's own pool (null on PGlite). */
  url: string | null;
  /** LISTEN on a channel (db/notifications.ts), shared per channel; closes with the database. */
  listen: (channel: string, handlers: NotificationHandlers) => Listener;
  close: () => Promise<void>;
};

/**
 * One listener per channel and database, shared by everyone who listens on it (so the caches that
 * listen cost one connection in all), and closed with the database.
 */
function listenerSet(open: (channel: string, handlers: NotificationHandlers) => Listener) {
  const channels = new Map<string, { listener: Listener; handlers: Set<NotificationHandlers> }>();
  let closed = false;
  return {
    listen: (channel: string, handlers: NotificationHandlers): Listener => {
      // Asked after the database closed (a lookup that raced shutdown): no connection is opened.
      if (closed) return { listening: false, closed: true, close: async () => {} };
      let shared = channels.get(channel);
      if (!shared) {
        const all = new Set<NotificationHandlers>();
        const listener = open(channel, {
          onNotify: (payload) => all.forEach((h) => h.onNotify(payload)),
          onListening: () => all.forEach((h) => h.onListening()),
          onLost: () => all.forEach((h) => h.onLost()),
        });
        shared = { listener, handlers: all };
        channels.set(channel, shared);
      }
      shared.handlers.add(handlers);
      return shared.listener;
    },
    closeAll: async () => {
      closed = true;
      await Promise.all([...channels.values()].map((c) => c.listener.close().catch(() => {})));
      channels.clear();
    },
  };
}

const MIGRATIONS = path.join(process.cwd(), 'db/migrations');
// Any fixed number: serialises migrations when several processes start against one Postgres.
const MIGRATION_LOCK = 727_001;
// The planner's default random_page_cost (4) models spinning disks; on SSDs and in memory it makes
// the planner scan a whole account rather than use the trigram search index. JIT compilation is
// for long analytical queries: its trigger is the plan's estimated cost, which a plan with per-row
// subqueries over a large account reaches easily, and then a page took hundreds of times longer
// than it does without (a generic plan of the contact list over a large account).
const PLANNER_SETTINGS = { random_page_cost: '1.1', jit: 'off' };

export function embeddedDataDir(): string {
  return process.env.PGLITE_DIR || path.join(process.cwd(), '.data', 'pglite');
}

async function openPglite(): Promise<Database> {
  const dir = embeddedDataDir();
  const inMemory = dir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireDataDirLock(dir);
  try {
    const pglite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await pglite.exec(`SET ${name} = ${value}`);
    const listeners = listenerSet((channel, handlers) => listenPglite(pglite, channel, handlers));
    return {
      kind: 'pglite', db, pglite, url: null, listen: listeners.listen,
      close: async () => { await listeners.closeAll(); await pglite.close(); release(); },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const target = postgresTarget(url);
  const migrator = postgres(target.url, { host: target.host, max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder: MIGRATIONS });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await migrator.end();
  }
  const client = postgres(target.url, {
    host: target.host, max: Number(process.env.DATABASE_POOL_SIZE || 10), onnotice: () => {}, connection: PLANNER_SETTINGS,
  });
  // DATABASE_PREPARE=0 for a transaction-pooling proxy (PgBouncer), where a prepared statement may
  // not be on the server connection the next query lands on.
  const prepare = process.env.DATABASE_PREPARE !== '0';
  const db = drizzlePostgres(prepare ? preparingClient(client) : client, { schema }) as unknown as Db;
  const listeners = listenerSet((channel, handlers) => listenPostgres(target, channel, handlers));
  return {
    kind: 'postgres', db, pglite: null, url, listen: listeners.listen,
    close: async () => { await listeners.closeAll(); await client.end(); },
  };
}

export function openDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgres(url) : openPglite();
}

// One instance per process. Next.js may load this module from several bundles (instrumentation,
// each route), so the instance lives on globalThis rather than in module scope.
const holder = globalThis as unknown as { __engageDb?: Promise<Database> };

export function database(): Promise<Database> {
  holder.__engageDb ??= openDatabase().catch((error) => {
    holder.__engageDb = undefined;
    throw error;
  });
  return holder.__engageDb;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

export async function closeDatabase(): Promise<void> {
  const pending = holder.__engageDb;
  holder.__engageDb = undefined;
  if (pending) await (await pending).close();
}

/** Rows of a raw `execute`, whichever driver ran it (postgres.js returns an array, PGlite {rows}). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export async function execRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await executor.execute(query));
}

type DriverClient =
  | { unsafe: (text: string, values: unknown[]) => Promise<unknown[]> }
  | { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * Runs `$1`-style SQL verbatim on the driver connection behind `executor` (inside its transaction,
 * when it is one). The job queue writes its SQL this way; going through drizzle's `sql` template
 * instead would give each repeated `$n` its own parameter and change how Postgres types them.
 * Values go as text, the way the `pg` driver the queue was written for sends them.
 */
export async function executePositional(executor: Executor, text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
  const client = (executor as unknown as { session: { client: DriverClient } }).session.client;
  const params = values.map(asText);
  if ('unsafe' in client) return { rows: [...(await client.unsafe(text, params))] };
  return { rows: (await client.query(text, params)).rows };
}

function asText(value: unknown): string | string[] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => String(v));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

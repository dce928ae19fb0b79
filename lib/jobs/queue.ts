import PgBoss from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { database, executePositional, type Executor } from '@/db';
import { ensureQueues } from './queues';
import { stopWorkers } from './wake';

// pg-boss is the durable queue. On Postgres it keeps its own small pool; on the embedded engine
// it runs its SQL through PGlite (multi-statement scripts go through `exec`, which takes no
// parameters). Jobs are always inserted through the caller's transaction, so a job exists exactly
// when the state change that caused it committed.

function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return pglite.query(text, values as unknown[]);
    },
  };
}

/** A pg-boss `db` that runs inside the caller's open transaction. */
export function transactionExecutor(tx: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      return executePositional(tx, text, values);
    },
  };
}

type QueueHolder = { __engageBoss?: Promise<PgBoss> };
const holder = globalThis as unknown as QueueHolder;

// How often the queue's maintenance runs: it is what hands the jobs of a worker that died (past
// their expiry) to the others, so a crashed worker's messages wait at most about this long more.
const MAINTENANCE_SECONDS = Number(process.env.QUEUE_MAINTENANCE_SECONDS || 30);

async function createBoss(): Promise<PgBoss> {
  const { pglite, url } = await database();
  const boss = pglite
    ? new PgBoss({ db: pgliteExecutor(pglite), schema: 'pgboss', supervise: true, schedule: true, maintenanceIntervalSeconds: MAINTENANCE_SECONDS })
    : new PgBoss({
      connectionString: url!, schema: 'pgboss', max: Number(process.env.QUEUE_POOL_SIZE || 4), maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    });
  boss.on('error', (error) => console.error('[queue]', error.message));
  await boss.start();
  await oneProcessAtATime(() => ensureQueues(boss));
  return boss;
}

// Any fixed number, beside the migrations' lock (db/index.ts).
const QUEUE_SETUP_LOCK = 727_002;

/**
 * pg-boss's queue creation deadlocks when two processes create queues at once on a fresh database
 * (seen with two web processes starting together: `deadlock detected` in pgboss.create_queue, and
 * the process failed to start); two `npm run worker` started together would do the same. On
 * Postgres, processes therefore set up their queues one after another, under an advisory lock held
 * by a transaction of our own connection. The embedded database is one process's.
 */
export async function oneProcessAtATime(setup: () => Promise<void>): Promise<void> {
  const { kind, db } = await database();
  if (kind !== 'postgres') return setup();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_SETUP_LOCK})`);
    await setup();
  });
}

export function queue(): Promise<PgBoss> {
  holder.__engageBoss ??= createBoss().catch((error) => {
    holder.__engageBoss = undefined;
    throw error;
  });
  return holder.__engageBoss;
}

/** Stops this process's workers (running jobs get up to 10 s to finish), then the queue. */
export async function stopQueue(): Promise<void> {
  // First, while jobs that still run may enqueue through the queue (a new one would never be stopped).
  await stopWorkers(10_000);
  const pending = holder.__engageBoss;
  holder.__engageBoss = undefined;
  if (pending) await (await pending).stop({ graceful: true, wait: true, timeout: 10_000 });
}

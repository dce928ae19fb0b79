import type { Db, Executor } from '@/db';

// Test-only. The scratch Postgres database is shared by every test file: statistics (ANALYZE),
// roles and grants a test needs must not stay, so such work runs in a transaction rolled back after it.

class RollBack extends Error {}

/** Runs `work` in a transaction that is then rolled back: its rows, statistics and grants do not stay. */
export async function rolledBack(db: Db, work: (tx: Executor) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await work(tx);
    throw new RollBack();
  }).catch((error) => { if (!(error instanceof RollBack)) throw error; });
}

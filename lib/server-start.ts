import { closeDatabase, database } from '@/db';
import { stopQueue } from '@/lib/jobs/queue';
import { startWorkers } from '@/lib/jobs/workers';

export function workersEnabled(): boolean {
  return !['0', 'false', 'off', 'no'].includes(String(process.env.WORKERS_IN_WEB ?? 'true').toLowerCase());
}

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`[server] ${signal}: stopping workers and closing the database`);
  try {
    await stopQueue();
    await closeDatabase();
  } finally {
    process.exit(0);
  }
}

export async function startInProcess(): Promise<void> {
  const { kind } = await database();
  console.log(`[server] database ready (${kind === 'pglite' ? 'embedded PGlite' : 'Postgres'})`);
  if (workersEnabled()) {
    await startWorkers();
    console.log('[server] job workers started in the web process');
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

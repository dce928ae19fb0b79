import { closeDatabase, database } from '@/db';
import { queue, stopQueue } from '@/lib/jobs/queue';
import { startWorkers } from '@/lib/jobs/workers';
import { configuredRate } from '@/lib/api/throttle';
import { signInPolicy } from '@/lib/auth/sign-in-attempts';

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
  // Registered first: a signal during start-up (Ctrl-C while migrations run) is acted on once
  // start-up ends, rather than missed and the process left to scripts/server.mjs's hard exit with
  // the database still open.
  let started = false;
  let stopRequested: string | null = null;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (started) void shutdown(signal);
      else stopRequested ??= signal;
    });
  }
  // A mistyped API_RATE_LIMIT or SIGN_IN_* stops the server here, rather than failing every request.
  const rate = configuredRate();
  signInPolicy();
  const { kind } = await database();
  if (rate) console.log(`[server] API requests limited to ${rate.text} per member`);
  console.log(`[server] database ready (${kind === 'pglite' ? 'embedded PGlite' : 'Postgres'})`);
  if (workersEnabled()) {
    await startWorkers();
    console.log('[server] job workers started in the web process');
  } else {
    // The queue is needed to enqueue: started now, with the pool free, rather than by the first
    // request's transaction (its set-up takes a pool connection of its own, see queue.ts).
    await queue();
  }
  started = true;
  if (stopRequested) await shutdown(stopRequested); // exits: start-up is never announced
}

/**
 * instrumentation.ts's start-up of a server process: startInProcess, then the `engage:started`
 * event scripts/server.mjs waits for; a failure ends the process with one line saying why (rather
 * than leave a server that answers every request with a bare 500: an unreachable DATABASE_URL, say).
 */
export async function startServerProcess(): Promise<void> {
  try {
    await startInProcess();
  } catch (error) {
    const code = (error as { code?: string })?.code;
    const message = error instanceof Error ? error.message : String(error);
    const reason = code && !message.includes(code) ? `${message} (${code})` : message;
    console.error(`[server] start-up failed: ${reason}`);
    process.exit(1);
  }
  process.emit('engage:started' as never);
}

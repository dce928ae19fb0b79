// npm run worker: a job-worker process for deployments on Postgres (DATABASE_URL). Run as many as
// needed, on any machine: pg-boss claims jobs with SKIP LOCKED, so each job runs once. Web
// processes can then be started with WORKERS_IN_WEB=false to leave the jobs to these.
import { closeDatabase, database } from '@/db';
import { stopQueue } from '@/lib/jobs/queue';
import { startWorkers } from '@/lib/jobs/workers';
import { jobs } from '@/lib/jobs/jobs';

function log(message: string) {
  console.log(`[worker ${process.pid}] ${message}`);
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: finishing running jobs (up to 10 s) and closing the database`);
  let exitCode = 0;
  try {
    await stopQueue();
    await closeDatabase();
  } catch (error) {
    console.error(`[worker ${process.pid}] shutdown failed: ${(error as Error).message}`);
    exitCode = 1;
  }
  log('stopped');
  process.exit(exitCode);
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error([
      'npm run worker needs DATABASE_URL (a shared Postgres).',
      'With the embedded database (DATABASE_URL unset) the job workers run inside the web process',
      'started by `npm start`; the embedded database cannot be shared with another process.',
    ].join('\n'));
    process.exit(1);
  }
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await database(); // applies pending migrations (serialised across processes by an advisory lock)
  await startWorkers();
  log(`ready: ${jobs.map((j) => `${j.name} ×${j.slots ?? j.concurrency}`).join(', ')} on Postgres (queue pool ${process.env.QUEUE_POOL_SIZE || 4})`);
}

main().catch(async (error) => {
  console.error(`[worker ${process.pid}] failed to start: ${(error as Error).message}`);
  await stopQueue().catch(() => {});
  await closeDatabase().catch(() => {});
  process.exit(1);
});

// npm run bench:import [-- ROWS] — the CSV import without HTTP: the server's own import code
// (upload into chunks, then runImport as the job runs it) in this process, against a scratch
// database of the local Postgres. Prints the wall time, the CPU this process and Postgres spent
// (all its processes, from /proc), the event-loop delay and this process's peak RSS, so a change to
// the import can be priced where its time goes. BENCH_IMPORT_TWICE=1 imports the same file again
// (every row then updates); BENCH_IMPORT_KEEP=1 keeps the database for a look with psql.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { postgresCpuSeconds, scratchDatabase } from './lib';

const ROWS = Number(process.argv[2] || process.env.BENCH_ROWS || 100_000);
const scratch = await scratchDatabase('engage_bench_import');
process.env.DATABASE_URL = scratch.url;
process.env.WORKERS_IN_WEB = 'false';
process.env.CHANNEL_SECRET_KEY ??= 'bench';

const { closeDatabase, execRows, getDb } = await import('@/db');
const { sql } = await import('drizzle-orm');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { uploadContactsCsv } = await import('@/lib/contacts/import/upload');
const { runImport } = await import('@/lib/contacts/import/run');
const { queue, stopQueue } = await import('@/lib/jobs/queue');

const { contactsCsv } = await import('@/lib/test-support/contacts-csv');
const csv = Buffer.from(contactsCsv({ rows: ROWS, seed: 7 }).text, 'utf8');
const db = await getDb();
await queue(); // the upload enqueues the import's job (not worked here: runImport is called directly)
const account = await seedTestAccount(db, { country: 'MX' });

async function importOnce(label: string) {
  const body = new ReadableStream<Uint8Array>({
    start(c) { for (let at = 0; at < csv.length; at += 64 * 1024) c.enqueue(csv.subarray(at, at + 64 * 1024)); c.close(); },
  });
  const id = await uploadContactsCsv(db, { accountId: account.account_id, userId: account.admin.id }, body, csv.length);
  let peakRss = 0;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage.rss()); }, 100);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const pg0 = postgresCpuSeconds();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await runImport(db, id);
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const pg = postgresCpuSeconds() - pg0;
  lag.disable();
  clearInterval(sampler);
  const [r] = await execRows<{ status: string; total_rows: number; created_count: number; updated_count: number; rejected_count: number }>(db, sql`
    select status, total_rows, created_count, updated_count, rejected_count from contact_imports where id = ${id}`);
  console.log(`${label}: ${r.status} ${r.total_rows.toLocaleString('en-US')} rows in ${wall.toFixed(1)} s = ${Math.round(r.total_rows / wall).toLocaleString('en-US')} rows/s`
    + ` (created ${r.created_count}, updated ${r.updated_count}, rejected ${r.rejected_count});`
    + ` CPU: this process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, Postgres ${pg.toFixed(1)} s;`
    + ` event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms, max ${(lag.max / 1e6).toFixed(0)} ms; RSS peak ${Math.round(peakRss / 1024 / 1024)} MB`);
}

try {
  await importOnce('first import');
  if (process.env.BENCH_IMPORT_TWICE) await importOnce('same file again');
} finally {
  await stopQueue();
  await closeDatabase();
  if (!process.env.BENCH_IMPORT_KEEP) await scratch.drop();
}

import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import postgres from 'postgres';

// Shared pieces of the benchmarks: a scratch database, a server process, memory sampling.

export const ADMIN_URL = process.env.BENCH_POSTGRES_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

// The servers reach the local Postgres over its Unix socket when it has one, as a co-located
// deployment would (DATABASE_URL `...?host=/var/run/postgresql`): on this machine a loopback TCP
// round trip costs the Node process several times more CPU. BENCH_POSTGRES_SOCKET_DIR=tcp keeps TCP.
const SOCKET_DIR = process.env.BENCH_POSTGRES_SOCKET_DIR || '/var/run/postgresql';
export const TRANSPORT = SOCKET_DIR !== 'tcp' && fs.existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`) ? SOCKET_DIR : null;

export async function scratchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return {
    url: `${ADMIN_URL.replace(/\/[^/]*$/, '')}/${name}${TRANSPORT ? `?host=${TRANSPORT}` : ''}`,
    drop: async () => {
      // BENCH_KEEP_DB=1 leaves the scratch database for a look at its plans (EXPLAIN) afterwards.
      if (process.env.BENCH_KEEP_DB) return void console.log(`kept database ${name}`);
      const again = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export type Proc = { child: ChildProcess; stop: () => Promise<void> };

/** BENCH_PROFILE=<dir> writes a V8 CPU profile of every server and worker process there, on exit. */
const PROFILE_ARGS = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];

export function startProcess(args: string[], env: Record<string, string>, label: string): Proc {
  const child = spawn(process.execPath, [...PROFILE_ARGS, ...args], { env: { ...process.env, ...env } as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = fs.createWriteStream(`/tmp/bench-${label}.log`);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export async function waitHealthy(base: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} did not become healthy`);
}

/** Resident memory of a process in MB, from /proc. */
function processRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * The largest resident memory, in MB, of the server process and its web processes (the server
 * runs one per core on Postgres): the figure is per process, as the issue's memory target is.
 */
export function rssMb(pid: number): number {
  return Math.max(processRssMb(pid), ...childPids(pid).map(processRssMb));
}

/**
 * Samples the processes' RSS every 100 ms until stopped; returns the peak. BENCH_RSS_TRACE=1 prints
 * every sample, process by process (seconds since the start, pid:MB).
 */
export function sampleRss(pid: number): { stop: () => number } {
  let peak = rssMb(pid);
  const started = performance.now();
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
    if (process.env.BENCH_RSS_TRACE) console.log(((performance.now() - started) / 1000).toFixed(1), [pid, ...childPids(pid)].map((p) => `${p}:${processRssMb(p).toFixed(0)}`).join(' '));
  }, 100);
  return { stop: () => { clearInterval(timer); return Math.max(peak, rssMb(pid)); } };
}

/** CPU seconds used so far by every Postgres process (user + system), from /proc. */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* gone meanwhile */ }
  }
  return ticks / 100;
}

/** Web processes the bench servers run (WEB_CONCURRENCY, else one per core up to 4, as scripts/server.mjs decides). */
export const WEB_PROCESSES = Number(process.env.WEB_CONCURRENCY || Math.min(os.availableParallelism(), 4));

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// The floor: a bare Next.js route handler running one 20-row SELECT with no authentication
// (app/api/test/bare), served through the same router, by the same server and build as every
// figure, and measured in the same run, before and after the figures (averaged). This machine's
// speed moves from one hour to the next, so every throughput figure is printed as a ratio of the
// floor, next to the ratio it should reach.

export type Floor = { rps: number[]; mean: number; line: string };

/** Requests/s of GET `url` (or POST `body`, as JSON) at 32 connections over 8 s, after a 2-second warm-up. */
export async function throughput(url: string, headers: Record<string, string> = {}, body?: unknown): Promise<number> {
  const request = body === undefined ? {} : { method: 'POST' as const, body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } };
  const run = (duration: number) => autocannon({ url, headers, connections: 32, duration, ...request }) as unknown as Promise<autocannon.Result>;
  await run(2); // warm-up
  const result = await run(8);
  // A refused request is fast: counted, it would pass for throughput, so it is said.
  if (result.non2xx) console.log(`WARNING: ${url}: ${result.non2xx} of ${result.requests.total} answers were not 2xx; the figure counts them`);
  return result.requests.average;
}

const bareOnce = (base: string) => throughput(`${base}/api/test/bare`);

/** Measures the floor on `base` now; `again` measures it once more and averages (call it after the figures). */
export async function measureFloor(base: string): Promise<{ again: () => Promise<Floor> }> {
  const before = await bareOnce(base);
  return {
    again: async () => {
      const after = await bareOnce(base);
      const mean = (before + after) / 2;
      return {
        rps: [before, after], mean,
        line: `Floor: bare route handler, one 20-row SELECT, 32 connections: ${fmt(before)} req/s before the figures, ${fmt(after)} after (mean ${fmt(mean)})`,
      };
    },
  };
}

/** `= 0.72 × floor [goal >= 0.60 ×: met]`, or without a goal `= 0.72 × floor`. */
export function ratio(rps: number, floor: Floor, goal?: number): string {
  const r = rps / floor.mean;
  return `= ${fmt(r, 2)} × floor${goal === undefined ? '' : `  [goal >= ${fmt(goal, 2)} ×: ${r >= goal ? 'met' : 'NOT met'}]`}`;
}

/** One row of the summary table printed at the end of a run (bench/README.md keeps the latest). */
type Run = { value: string; ratio: number | null; met: boolean | null };
type Row = { figure: string; goal: string; runs: Run[] };
const summary: Row[] = [];

/** A figure of this run; the same figure measured again (BENCH_RUNS) joins its row. */
export function record(figure: string, value: string, r: number | null, goal: string, met: boolean | null) {
  const row = summary.find((x) => x.figure === figure) ?? summary[summary.push({ figure, goal, runs: [] }) - 1];
  row.runs.push({ value, ratio: r, met });
}

/**
 * The median run of a figure measured several times: the lower middle one for an even count, so
 * that a goal is met only when more than half the runs meet it.
 */
function medianRun(runs: Run[]): Run {
  // Equal ratios (the floor's own row) are ordered by the figure itself.
  const amount = (r: Run) => Number(/[\d,.]+/.exec(r.value)?.[0].replace(/,/g, '') ?? 0);
  const sorted = [...runs].sort((a, b) => (a.ratio ?? 0) - (b.ratio ?? 0) || amount(a) - amount(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export function printSummary() {
  if (!summary.length) return;
  const repeated = summary.some((r) => r.runs.length > 1);
  if (repeated) console.log('\nA figure measured more than once shows its median run by its ratio to the floor (a figure without one, its latest run), and every run in order.');
  console.log(`\n| Figure | Measured | × floor | Goal | Met |${repeated ? ' Runs |' : ''}\n| --- | --- | --- | --- | --- |${repeated ? ' --- |' : ''}`);
  for (const r of summary) {
    const ratios = r.runs.every((x) => x.ratio !== null);
    const shown = r.runs.length === 1 ? r.runs[0] : ratios ? medianRun(r.runs) : r.runs[r.runs.length - 1];
    const ratio = shown.ratio === null ? '' : `${fmt(shown.ratio, 2)} ×`;
    const met = shown.met === null ? '' : shown.met ? 'yes' : 'no';
    const runs = r.runs.length === 1 ? '' : r.runs.map((x) => (ratios ? fmt(x.ratio!, 2) : x.value)).join(ratios ? ', ' : '; ');
    console.log(`| ${r.figure} | ${shown.value} | ${ratio} | ${r.goal} | ${met} |${repeated ? ` ${runs} |` : ''}`);
  }
}

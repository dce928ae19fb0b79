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

// The issue's throughput targets were set on a machine where the calibration below (a bare route
// handler running one 20-row SELECT, no authentication) serves about 1,300 requests/s through
// Next.js. Machines of this kind serve it at anything from ~260 to ~1,100 requests/s from one hour
// to the next, so every throughput figure is also printed as a fraction of the calibration
// measured beside it, next to the fraction the target is of the issue's 1,300.
//
// The bench's server calls API route handlers directly (scripts/route-handlers.mjs), which serves
// the bare route faster than Next.js's router does. The issue's reference is a route handler as
// Next.js serves it, so the calibration is measured on a second server of the same build and
// database with API_DISPATCH=next; the bare route on the bench's own server is printed beside it.
export const ISSUE_CALIBRATION_RPS = 1300;

export type Calibration = { rps: number[]; mean: number; line: string };

async function bareOnce(base: string): Promise<number> {
  const run = (duration: number) => autocannon({ url: `${base}/api/test/bare`, connections: 32, duration }) as unknown as Promise<autocannon.Result>;
  await run(2); // warm-up
  return (await run(8)).requests.average;
}

/**
 * Measures the calibration now on `nextRouted` (a server with API_DISPATCH=next) and the bare
 * route on `direct` (the bench's server); `again` measures the calibration once more and averages
 * (call it after the figures).
 */
export async function calibrate(nextRouted: string, direct: string): Promise<{ again: () => Promise<Calibration> }> {
  const before = await bareOnce(nextRouted);
  const directRps = await bareOnce(direct);
  return {
    again: async () => {
      const after = await bareOnce(nextRouted);
      const mean = (before + after) / 2;
      return {
        rps: [before, after], mean,
        line: `Calibration, bare route handler with one 20-row SELECT through Next.js's router, 32 connections: ${fmt(before)} req/s before, ${fmt(after)} after the figures below  [the issue quotes ~${fmt(ISSUE_CALIBRATION_RPS)} on its machine]; `
          + `the same route on the bench's server (API routes called directly): ${fmt(directRps)} req/s`,
      };
    },
  };
}

/** `[target >= T/s; R = x.xx of the calibration, target t.tt of the issue's]` */
export function relative(rps: number, target: number, calibration: Calibration): string {
  return `[target >= ${fmt(target)}/s; ${fmt(rps / calibration.mean, 2)} of the calibration, target ${fmt(target / ISSUE_CALIBRATION_RPS, 2)} of the issue's]`;
}

import { sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { ApiError } from './errors';
import { Coalescer, coalescerFor } from '@/lib/sql/coalescer';
import { databaseNow } from '@/lib/sql/clock';

// Request throttling per account member (429 with Retry-After, docs/api-conventions.md), off unless
// API_RATE_LIMIT is set, as "N/second|minute|hour|day". A member's API keys and dashboard session
// share one allowance: a key acts as its member, and handing out more keys must not multiply it.
// Provider callbacks and the unauthenticated routes (health, schema, docs) are never throttled.
//
// Fixed windows counted in Postgres (api_request_counts, one row per member), so every web process
// and every server on the same database counts against the same allowance, and a client's requests
// may land on any of them. One upsert per request (or per group of requests arriving together),
// only while throttling is on. A fixed window lets a client spend its allowance at the end of one
// window and again at the start of the next; the simplicity is worth that (GitHub's API limits the
// same way).

export type Rate = { limit: number; periodSeconds: number; text: string };

const PERIODS: Record<string, number> = {
  s: 1, sec: 1, second: 1, m: 60, min: 60, minute: 60, h: 3600, hour: 3600, d: 86400, day: 86400,
};
const OFF = new Set(['', '0', 'off', 'none', 'false', 'no']);

/** The configured rate, null when throttling is off; throws on a value that is neither. */
export function parseRate(value: string | undefined): Rate | null {
  const text = (value ?? '').trim().toLowerCase();
  if (OFF.has(text)) return null;
  const match = /^(\d{1,9})\s*\/\s*([a-z]+)$/.exec(text);
  const limit = match ? Number(match[1]) : 0;
  const periodSeconds = match ? PERIODS[match[2]] : undefined;
  if (!match || !periodSeconds || limit < 1) {
    throw new Error(`API_RATE_LIMIT must look like "600/minute" (per second, minute, hour or day), or "off"; got "${value}"`);
  }
  return { limit, periodSeconds, text };
}

let configured: { value: string | undefined; rate: Rate | null } | null = null;

/** API_RATE_LIMIT, read once per value (the server checks it at start-up, so it parses here). */
export function configuredRate(): Rate | null {
  const value = process.env.API_RATE_LIMIT;
  if (!configured || configured.value !== value) configured = { value, rate: parseRate(value) };
  return configured.rate;
}

export type Allowance = { limit: number; remaining: number; resetSeconds: number };

export class ThrottledError extends ApiError {
  constructor(public allowance: Allowance) {
    const wait = allowance.resetSeconds;
    super(429, { detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.` },
      { 'Retry-After': String(wait) });
  }
}

type Counted = { count: number; windowMs: number; nowMs: number };

/**
 * Adds each member's requests to its count in the current window, in one statement: the members'
 * counts, window starts and the time of counting after it. Windows follow the database's clock,
 * which every process and server shares (a web process's clock running ahead would otherwise move
 * a member's window into the future for all of them). A window that has ended, or one of another
 * length (API_RATE_LIMIT changed), starts afresh. Rows are written in member order, as every
 * process writes them, so two processes' groups cannot deadlock. `at` replaces the clock (tests).
 */
async function addRequests(db: Db, adds: Map<number, number>, periodSeconds: number, at: Date | null): Promise<Map<number, Counted>> {
  const users = [...adds.keys()].sort((a, b) => a - b);
  const rows = await execRows<{ user_id: number; count: number; window_ms: number; now_ms: number }>(db, sql`
    with clock as (select ${databaseNow(at)} as now)
    insert into api_request_counts as t (user_id, window_start, period_seconds, count)
    select v.u, to_timestamp((floor(extract(epoch from clock.now) / ${periodSeconds}) * ${periodSeconds})::float8), ${periodSeconds}::int, v.n
    from clock, unnest(${sql.param(users)}::int[], ${sql.param(users.map((u) => adds.get(u)!))}::int[]) as v(u, n)
    order by v.u
    on conflict (user_id) do update set
      count = case when excluded.window_start > t.window_start or excluded.period_seconds <> t.period_seconds
        then excluded.count else t.count + excluded.count end,
      window_start = case when excluded.period_seconds <> t.period_seconds
        then excluded.window_start else greatest(t.window_start, excluded.window_start) end,
      period_seconds = excluded.period_seconds
    returning user_id, count, (extract(epoch from window_start) * 1000)::float8 as window_ms,
      (select extract(epoch from now) * 1000 from clock)::float8 as now_ms`);
  return new Map(rows.map((r) => [Number(r.user_id), { count: Number(r.count), windowMs: Number(r.window_ms), nowMs: Number(r.now_ms) }]));
}

type Counting = { userId: number; rate: Rate; at: Date | null };

function allowanceOf(rate: Rate, { count, windowMs, nowMs }: Counted): Allowance {
  const resetSeconds = Math.max(1, Math.ceil((windowMs + rate.periodSeconds * 1000 - nowMs) / 1000));
  return { limit: rate.limit, remaining: Math.max(0, rate.limit - count), resetSeconds };
}

/**
 * Requests arriving while others are being counted are counted together (lib/sql/coalescer.ts):
 * one statement for the group, and one row update per member, rather than every request of a busy
 * member queueing for the lock on its row. Each request gets the count it would have had alone,
 * in arrival order.
 */
async function countTogether(db: Db, requests: Counting[]): Promise<Counted[]> {
  const adds = new Map<number, number>();
  for (const r of requests) adds.set(r.userId, (adds.get(r.userId) ?? 0) + 1);
  const { rate, at } = requests[requests.length - 1];
  const counted = await addRequests(db, adds, rate.periodSeconds, at);
  const seen = new Map<number, number>();
  return requests.map((r) => {
    const total = counted.get(r.userId)!;
    const before = seen.get(r.userId) ?? 0;
    seen.set(r.userId, before + 1);
    return { ...total, count: total.count - adds.get(r.userId)! + before + 1 };
  });
}

const coalescers = new WeakMap<Db, Coalescer<Counting, Counted>>();

/**
 * Counts one request of the member in the current window: its allowance after this request, or
 * ThrottledError once the window's allowance is spent. `at` stands in for the database's clock (tests).
 */
export async function countRequest(db: Db, userId: number, rate: Rate, at: Date | null = null): Promise<Allowance> {
  const coalescer = coalescerFor(coalescers, db, () => new Coalescer<Counting, Counted>(
    'throttle', (requests) => countTogether(db, requests),
  ));
  const counted = await coalescer.store({ userId, rate, at });
  const allowance = allowanceOf(rate, counted);
  if (counted.count > rate.limit) throw new ThrottledError(allowance);
  return allowance;
}

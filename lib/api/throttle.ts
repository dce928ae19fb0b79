import { sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';
import { ApiError } from './errors';

// Request throttling per account member (ROUTES.md: 429 with Retry-After), off unless
// API_RATE_LIMIT is set, as "N/second|minute|hour|day". A member's API keys and dashboard session
// share one allowance: a key acts as its member, and handing out more keys must not multiply it.
// Provider callbacks and the unauthenticated routes (health, schema, docs) are never throttled.
//
// Fixed windows counted in Postgres (api_request_counts, one row per member), so every web process
// and every server on the same database counts against the same allowance, and a client's requests
// may land on any of them. One upsert per request, only while throttling is on. A fixed window lets
// a client spend its allowance at the end of one window and again at the start of the next; the
// simplicity is worth that (GitHub's API limits the same way).

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

/**
 * Counts one request of the member in the current window: its allowance after this request, or
 * ThrottledError once the window's allowance is spent. A window that has ended starts afresh; a
 * process whose clock is behind counts into the newer window another one started.
 */
export async function countRequest(db: Db, userId: number, rate: Rate, now = Date.now()): Promise<Allowance> {
  const periodMs = rate.periodSeconds * 1000;
  const windowStart = new Date(Math.floor(now / periodMs) * periodMs);
  const [row] = await execRows<{ count: number; window_ms: number }>(db, sql`
    insert into api_request_counts as t (user_id, window_start, count) values (${userId}, ${windowStart.toISOString()}, 1)
    on conflict (user_id) do update set
      count = case when excluded.window_start > t.window_start then 1 else t.count + 1 end,
      window_start = greatest(t.window_start, excluded.window_start)
    returning count, (extract(epoch from window_start) * 1000)::float8 as window_ms`);
  const count = Number(row.count);
  const resetMs = Number(row.window_ms) + periodMs - now;
  const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
  const allowance = { limit: rate.limit, remaining: Math.max(0, rate.limit - count), resetSeconds };
  if (count > rate.limit) throw new ThrottledError(allowance);
  return allowance;
}

import { inArray } from 'drizzle-orm';
import { inTransaction, type Executor } from '@/db';
import { accounts } from '@/db/schema';
import { invalidateTopic, notifiedCache } from '@/lib/cache/notified-cache';

// What every inbound message and contact write reads of its account: the country national numbers
// are read in, the after-hours response (lib/conversations/after-hours.ts) and the opt-out words
// (lib/opt-out/inbound.ts). They change rarely, so each process keeps them; a trigger (migration
// 0033) makes every process forget them when one changes (lib/cache/notified-cache.ts).

const COLUMNS = {
  id: accounts.id, country: accounts.country,
  hasWorkingHours: accounts.hasWorkingHours, workingHours: accounts.workingHours, timeZone: accounts.defaultTimezone,
  afterHoursResponse: accounts.afterHoursResponse,
  optOut: accounts.optOutKeywords, optIn: accounts.optInKeywords, optOutResponse: accounts.optOutResponse, optInResponse: accounts.optInResponse,
};

export type AccountSettings = { [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K]['_']['data'] };

const cache = notifiedCache<AccountSettings>('accounts');

function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The settings of these accounts (an account that does not exist is left out), one query for
 * those not cached. Shared by every caller, so frozen. A read inside a transaction is served from
 * the cache but never fills it: the transaction may see a change of its own that it rolls back.
 */
export async function accountSettings(db: Executor, accountIds: number[]): Promise<Map<number, AccountSettings>> {
  const found = new Map<number, AccountSettings>();
  const missing: number[] = [];
  for (const id of new Set(accountIds)) {
    const hit = cache.get(`account:${id}`);
    if (hit) found.set(id, hit);
    else missing.push(id);
  }
  if (!missing.length) return found;
  const ticket = cache.ticket();
  const committed = !inTransaction(db);
  for (const row of await db.select(COLUMNS).from(accounts).where(inArray(accounts.id, missing))) {
    if (committed) cache.set(`account:${row.id}`, frozen(row), ticket);
    found.set(row.id, row);
  }
  return found;
}

/** For code that has just changed an account's settings in this process: forget at once. */
export function forgetAccountSettings(): void {
  invalidateTopic('accounts');
}

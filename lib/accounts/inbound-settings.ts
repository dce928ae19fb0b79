import { inArray } from 'drizzle-orm';
import type { Executor } from '@/db';
import { accounts } from '@/db/schema';

// What the inbound path reads of each account a batch of messages is for, in one query: the
// after-hours response (lib/conversations/after-hours.ts) and the opt-out words (lib/opt-out/inbound.ts).

const COLUMNS = {
  id: accounts.id, hasWorkingHours: accounts.hasWorkingHours, workingHours: accounts.workingHours, timeZone: accounts.defaultTimezone,
  afterHoursResponse: accounts.afterHoursResponse,
  optOut: accounts.optOutKeywords, optIn: accounts.optInKeywords, optOutResponse: accounts.optOutResponse, optInResponse: accounts.optInResponse,
};

export type InboundSettings = { [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K]['_']['data'] };

export async function readInboundSettings(tx: Executor, accountIds: number[]): Promise<Map<number, InboundSettings>> {
  const rows = accountIds.length ? await tx.select(COLUMNS).from(accounts).where(inArray(accounts.id, [...new Set(accountIds)])) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

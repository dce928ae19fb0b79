import { inArray } from 'drizzle-orm';
import type { Executor } from '@/db';
import { accounts } from '@/db/schema';

// What the inbound path reads of each account a batch of messages is for, in one query: the
// after-hours response (lib/conversations/after-hours.ts) and the opt-out words (lib/opt-out/inbound.ts).

export type InboundSettings = Awaited<ReturnType<typeof readInboundSettings>> extends Map<number, infer S> ? S : never;

export async function readInboundSettings(tx: Executor, accountIds: number[]) {
  const rows = accountIds.length ? await tx.select({
    id: accounts.id, hasWorkingHours: accounts.hasWorkingHours, workingHours: accounts.workingHours, timeZone: accounts.defaultTimezone,
    afterHoursResponse: accounts.afterHoursResponse,
    optOut: accounts.optOutKeywords, optIn: accounts.optInKeywords, optOutResponse: accounts.optOutResponse, optInResponse: accounts.optInResponse,
  }).from(accounts).where(inArray(accounts.id, [...new Set(accountIds)])) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

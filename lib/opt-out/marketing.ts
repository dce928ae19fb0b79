import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db';
import { contacts } from '@/db/schema';

// The rule every sender keeps (the send API, broadcasts, flows): a MARKETING template is not sent
// to a contact who opted out. Other categories (an order update, a code) and replies inside the
// 24-hour window still go: the contact asked for no more promotions, not for silence.

export const OPTED_OUT = 'The contact opted out of marketing messages.';

export const isMarketing = (template: { category: string }) => template.category === 'MARKETING';

/** When the account's contact with this number opted out, or null (also for an unknown number). */
export async function optedOutOn(db: Executor, accountId: number, canonicalPhone: string): Promise<Date | null> {
  const [row] = await db.select({ on: contacts.optedOutOn }).from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.canonicalPhone, canonicalPhone))).limit(1);
  return row?.on ?? null;
}

import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db';
import { PermissionDeniedError } from '@/lib/api/errors';
import { accounts, contacts } from '@/db/schema';

// The rule every sender keeps (the send API, broadcasts, flows): a MARKETING template is not sent
// to a contact who opted out. Other categories (an order update, a code) and replies inside the
// 24-hour window still go: the contact asked for no more promotions, not for silence.

export const OPTED_OUT = 'The contact opted out of marketing messages.';

export const isMarketing = (template: { category: string }) => template.category === 'MARKETING';

/**
 * SQL: whether the queued message `m` is a MARKETING template to a contact who has opted out. A
 * scalar subquery, looked up by key per message: as an anti-join the planner could scan contacts.
 */
export function marketingToOptedOut(m: SQL): SQL {
  return sql`(${m}.msg_type = 'template' and coalesce((select c.opted_out_on is not null from chat_templates t, contacts c
    where t.id = ${m}.chat_template_id and t.category = 'MARKETING' and c.id = ${m}.contact_id), false))`;
}

/**
 * When the account's contact with this number opted out, as the account's clock reads it
 * ("Nov 30, 2026, 6:31 PM America/Mexico_City"), or null (also for an unknown number).
 */
export async function optedOutOn(db: Executor, accountId: number, canonicalPhone: string): Promise<string | null> {
  const [row] = await db.select({ on: contacts.optedOutOn, zone: accounts.defaultTimezone }).from(contacts)
    .innerJoin(accounts, eq(accounts.id, contacts.accountId))
    .where(and(eq(contacts.accountId, accountId), eq(contacts.canonicalPhone, canonicalPhone))).limit(1);
  if (!row?.on) return null;
  for (const zone of [row.zone, 'UTC']) {
    try {
      return `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(row.on)} ${zone}`;
    } catch { /* a zone this runtime does not know: UTC, said so */ }
  }
  return row.on.toISOString();
}

/**
 * Opting a contact back in is a matter of consent the account answers for: an admin's. Any member
 * may opt a contact out (they asked, in a call or an email).
 */
export function refuseOptInByAgent(admin: boolean, optingIn: boolean) {
  if (optingIn && !admin) throw new PermissionDeniedError('Only an admin can opt a contact back in to marketing messages.');
}

/** Whether a flow execution's body opts any of its listed contacts back in. */
export function listOptsIn(body: { contact_lists?: { contact_list?: { opted_out?: boolean }[] }[] }): boolean {
  return (body.contact_lists ?? []).some((l) => (l.contact_list ?? []).some((c) => c.opted_out === false));
}

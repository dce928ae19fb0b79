import { sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';

const BATCH = 1000;

/**
 * Closes the open conversations of accounts with `should_autoclose_conversations` whose last
 * message (or opening, without one) is older than `autoclose_conversations_after` hours. In
 * batches, so a backlog never holds many rows locked at once. Returns how many were closed.
 */
export async function autocloseIdleConversations(db: Db, accountId?: number): Promise<number> {
  let closed = 0;
  for (;;) {
    const rows = await execRows<{ id: string }>(db, sql`
      with due as (
        select c.id from conversations c join accounts a on a.id = c.account_id
        where a.should_autoclose_conversations and a.autoclose_conversations_after is not null
          ${accountId === undefined ? sql`` : sql`and a.id = ${accountId}`}
          and c.status not in ('RESOLVED', 'CLOSED')
          and coalesce(c.last_message_on, c.created_on) < now() - make_interval(hours => a.autoclose_conversations_after::int)
        limit ${BATCH} for update of c skip locked)
      update conversations c set status = 'CLOSED', updated_on = now() from due where c.id = due.id returning c.id`);
    closed += rows.length;
    if (rows.length < BATCH) return closed;
  }
}

/** For the test API: makes one of the account's conversations look idle for `hours`. */
export async function backdateConversation(db: Db, accountId: number, conversationId: string, hours: number): Promise<void> {
  await db.execute(sql`update conversations set last_message_on = now() - make_interval(hours => ${hours}::int)
    where id = ${conversationId} and account_id = ${accountId}`);
}

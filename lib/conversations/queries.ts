import { sql, type SQL } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { assignedUserRecord } from '@/lib/members/assigned-user';
import { isoSql } from '@/lib/serializers/iso';
import type { ConversationRow } from './serializer';

// Conversations are read with their assignees and tags aggregated in the same query, their first
// and last messages (one probe each of the conversation's message index) and the contact's last
// inbound message (the free-form window), so a page is one round trip whatever its size.

const summary = (order: SQL) => sql`(select json_build_object('id', m.id, 'body', left(m.body, 200), 'direction', m.direction,
    'msg_type', m.msg_type, 'status', m.status, 'timestamp', ${isoSql(sql`m.timestamp`)}, 'source', m.source, 'sent_by', m.sent_by)
  from messages m where m.conversation_id = cv.id order by ${order} limit 1)`;

const CONVERSATION_COLUMNS = sql`
  cv.id, cv.contact_id as contact, cv.channel_id as channel, cv.status, cv.source, cv.created_on, cv.last_message_on, cv.unread_count, cv.archived_on,
  (select max(m.timestamp) from messages m where m.contact_id = cv.contact_id and m.direction = 'INBOUND') as last_inbound_on,
  (select json_agg(${assignedUserRecord('u')} order by u.id)
     from conversation_assignees a join users u on u.id = a.user_id where a.conversation_id = cv.id) as assigned,
  (select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
     from conversation_tags ct join tags t on t.id = ct.tag_id where ct.conversation_id = cv.id) as tags,
  (select json_build_object('id', tm.id, 'name', tm.name) from teams tm where tm.id = cv.team_id) as team,
  (select json_build_object('id', c.id, 'first_name', c.first_name, 'last_name', c.last_name, 'phone', c.phone,
     'canonical_phone', c.canonical_phone, 'is_deleted', c.is_deleted) from contacts c where c.id = cv.contact_id) as contact_summary,
  ${summary(sql`m.timestamp asc, m.seq asc`)} as first_message,
  ${summary(sql`m.timestamp desc, m.seq desc`)} as last_message`;

export async function selectConversations(db: Executor, accountId: number, where: SQL, tail: SQL = sql``): Promise<ConversationRow[]> {
  return execRows<ConversationRow>(db, sql`select ${CONVERSATION_COLUMNS} from conversations cv
    where cv.account_id = ${accountId} and ${where} ${tail}`);
}

export async function selectConversation(db: Executor, accountId: number, id: string): Promise<ConversationRow | null> {
  const [row] = await selectConversations(db, accountId, sql`cv.id = ${id}`);
  return row ?? null;
}

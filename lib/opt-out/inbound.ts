import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { accounts, contacts } from '@/db/schema';
import type { ChannelRecord } from '@/lib/channels/provider';
import { recordChanges } from '@/lib/contacts/write';
import { moveFlowConversations, ofContacts } from '@/lib/conversations/flow-status';
import type { ConversationRecord } from '@/lib/conversations/open';
import { moveContacts } from '@/lib/flows/contact-status';
import { queueOutboundMessages } from '@/lib/messages/outbound';
import { KEYWORD_MAX_LENGTH, keywordIntent } from './keywords';
import { OPTED_OUT } from './marketing';

export type KeywordArrival = {
  accountId: number;
  channel: ChannelRecord;
  conversation: ConversationRecord;
  contact: { id: string; canonicalPhone: string };
  body: string | null;
  at: Date;
};

/**
 * Inbound messages that are an opt-out or opt-in keyword: the contact's `opted_out_on` is set (or
 * cleared), with a contact.updated event; the account's confirmation is sent once per change; a
 * contact who opts out leaves the flow they are in. Returns the indexes of the arrivals that were
 * keywords, which flows then do not read as answers or triggers.
 */
export async function applyOptOutKeywords(tx: Executor, arrivals: KeywordArrival[]): Promise<Set<number>> {
  const keywords = new Set<number>();
  // Most messages are longer than any keyword: only short ones need the account's words.
  const withText = arrivals.filter((a) => a.body && a.body.length <= KEYWORD_MAX_LENGTH * 2);
  if (!withText.length) return keywords;
  const settings = new Map((await tx.select({
    id: accounts.id, optOut: accounts.optOutKeywords, optIn: accounts.optInKeywords, outText: accounts.optOutResponse, inText: accounts.optInResponse,
  }).from(accounts).where(inArray(accounts.id, [...new Set(withText.map((a) => a.accountId))]))).map((s) => [s.id, s]));

  // The last keyword of a contact in the batch decides, as if the messages were stored one by one.
  const last = new Map<string, { arrival: KeywordArrival; intent: 'out' | 'in' }>();
  arrivals.forEach((a, i) => {
    const s = settings.get(a.accountId);
    const intent = s ? keywordIntent(a.body, s) : null;
    if (!intent) return;
    keywords.add(i);
    last.set(a.contact.id, { arrival: a, intent });
  });
  if (!last.size) return keywords;

  const outIds = [...last].filter(([, k]) => k.intent === 'out').map(([id]) => id);
  const inIds = [...last].filter(([, k]) => k.intent === 'in').map(([id]) => id);
  // Only a change is confirmed and announced: a second STOP finds the contact opted out already.
  const optedOut = outIds.length ? await tx.update(contacts).set({ optedOutOn: sql`now()`, lastUpdatedOn: sql`now()` })
    .where(and(inArray(contacts.id, outIds), isNull(contacts.optedOutOn))).returning({ id: contacts.id }) : [];
  const optedIn = inIds.length ? await tx.update(contacts).set({ optedOutOn: null, lastUpdatedOn: sql`now()` })
    .where(and(inArray(contacts.id, inIds), isNotNull(contacts.optedOutOn))).returning({ id: contacts.id }) : [];
  const changed = [...optedOut, ...optedIn].map(({ id }) => last.get(id)!.arrival);
  await recordChanges(tx, changed.map((a) => ({ accountId: a.accountId, id: a.contact.id, type: 'contact.updated' as const })));

  if (outIds.length) {
    const inFlow = await execRows<{ id: string; contact_id: string }>(tx, sql`
      select id, contact_id from flow_execution_contacts where contact_id = any(${sql.param(outIds)}::uuid[]) and is_active`);
    await moveContacts(tx, inFlow.map((f) => f.id), 'CANCELED', OPTED_OUT);
    await moveFlowConversations(tx, ofContacts(inFlow.map((f) => f.contact_id)), 'FLOW', 'NEW');
  }

  const replies = changed.flatMap((a) => {
    const s = settings.get(a.accountId)!;
    const text = last.get(a.contact.id)!.intent === 'out' ? s.outText : s.inText;
    return text.trim() ? [{
      accountId: a.accountId, channel: a.channel, conversation: a.conversation, contact: a.contact, source: 'INBOX' as const,
      sentById: null, kind: 'text' as const, body: text,
    }] : [];
  });
  await queueOutboundMessages(tx, replies);
  return keywords;
}

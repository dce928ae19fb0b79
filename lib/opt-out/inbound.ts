import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';
import { contacts } from '@/db/schema';
import type { AccountSettings } from '@/lib/accounts/cached-settings';
import type { ChannelRecord } from '@/lib/channels/provider';
import { recordChanges } from '@/lib/contacts/write';
import { moveFlowConversations, ofContacts } from '@/lib/conversations/flow-status';
import type { ConversationRecord } from '@/lib/conversations/open';
import { moveContacts } from '@/lib/flows/contact-status';
import { queueOutboundMessages } from '@/lib/messages/outbound';
import { keywordIntent } from './keywords';
import { OPTED_OUT } from './marketing';

export type KeywordArrival = {
  accountId: number;
  channel: ChannelRecord;
  conversation: ConversationRecord;
  contact: { id: string; canonicalPhone: string };
  body: string | null;
  at: Date;
};

export type KeywordOutcome = {
  /** Indexes of the arrivals that were keywords: no after-hours reply, no broadcast answer, no flow reads them. */
  keywords: Set<number>;
  /** Contacts who asked to opt out in this batch: none of their messages starts or feeds a flow. */
  optingOut: Set<string>;
};

type Intent = { arrival: KeywordArrival; index: number; intent: 'out' | 'in' };

/**
 * Inbound messages that are an opt-out or opt-in keyword: the contact's `opted_out_on` is set (or
 * cleared), with a contact.updated event; the account's confirmation is sent once per change; a
 * contact who opts out leaves the flow they are in. An opt-in word from a contact who has not opted
 * out is an ordinary message (a flow may be listening for "START").
 */
export async function applyOptOutKeywords(tx: Executor, arrivals: KeywordArrival[], settings: Map<number, AccountSettings>): Promise<KeywordOutcome> {
  const outcome: KeywordOutcome = { keywords: new Set(), optingOut: new Set() };

  // The last keyword of a contact in the batch decides.
  const intents = arrivals.map((a) => {
    const s = settings.get(a.accountId);
    return s ? keywordIntent(a.body, s) : null;
  });
  const last = new Map<string, Intent>();
  arrivals.forEach((arrival, index) => {
    const intent = intents[index];
    if (intent) last.set(arrival.contact.id, { arrival, index, intent });
  });
  if (!last.size) return outcome;
  const wanting = (intent: 'out' | 'in') => [...last.values()].filter((k) => k.intent === intent);
  const outs = wanting('out');
  for (const k of outs) outcome.optingOut.add(k.arrival.contact.id);
  arrivals.forEach((a, i) => { if (intents[i] === 'out' && last.get(a.contact.id)?.intent === 'out') outcome.keywords.add(i); });

  // Their flows are locked first, in id order, as the flow engine locks them before their contact.
  const inFlow = outs.length ? await execRows<{ id: string; contact_id: string }>(tx, sql`
    select id, contact_id from flow_execution_contacts
    where contact_id = any(${sql.param(outs.map((k) => k.arrival.contact.id))}::uuid[]) and is_active order by id for update`) : [];

  // Only a change is confirmed and announced: a second STOP finds the contact opted out already.
  const changed: Intent[] = [];
  for (const accountId of new Set([...last.values()].map((k) => k.arrival.accountId))) {
    const ids = (intent: 'out' | 'in') => wanting(intent).filter((k) => k.arrival.accountId === accountId).map((k) => k.arrival.contact.id);
    const [outIds, inIds] = [ids('out'), ids('in')];
    const optedOut = outIds.length ? await tx.update(contacts).set({ optedOutOn: sql`now()`, lastUpdatedOn: sql`now()` })
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, outIds), isNull(contacts.optedOutOn))).returning({ id: contacts.id }) : [];
    const optedIn = inIds.length ? await tx.update(contacts).set({ optedOutOn: null, lastUpdatedOn: sql`now()` })
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, inIds), isNotNull(contacts.optedOutOn))).returning({ id: contacts.id }) : [];
    changed.push(...[...optedOut, ...optedIn].map(({ id }) => last.get(id)!));
  }
  for (const k of changed) if (k.intent === 'in') outcome.keywords.add(k.index);
  await recordChanges(tx, changed.map((k) => ({ accountId: k.arrival.accountId, id: k.arrival.contact.id, type: 'contact.updated' as const })));

  await moveContacts(tx, inFlow.map((f) => f.id), 'CANCELED', OPTED_OUT);
  await moveFlowConversations(tx, ofContacts([...new Set(inFlow.map((f) => f.contact_id))]), 'FLOW', 'NEW');

  await queueOutboundMessages(tx, changed.flatMap(({ arrival: a, intent }) => {
    const s = settings.get(a.accountId)!;
    const text = intent === 'out' ? s.optOutResponse : s.optInResponse;
    return text.trim() ? [{
      accountId: a.accountId, channel: a.channel, conversation: a.conversation, contact: a.contact, source: 'INBOX' as const,
      sentById: null, kind: 'text' as const, body: text,
    }] : [];
  }));
  return outcome;
}

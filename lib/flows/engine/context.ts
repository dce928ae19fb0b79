import { and, asc, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db';
import { channels, conversations, flowExecutionContacts, flowExecutions, flows, flowSteps, messages } from '@/db/schema';
import type { ChannelRecord, WireInteractive } from '@/lib/channels/provider';
import { openConversations, type ConversationRecord } from '@/lib/conversations/open';
import { queueOutboundMessages } from '@/lib/messages/outbound';
import type { SerializedContact } from '@/lib/contacts/serializer';
import { contactJsonSql, parsedJson } from '@/lib/contacts/queries';
import type { ExecutionContactRecord, ExecutionRecord, FlowRecord, StepRecord } from '../serializer';
import type { StepInput } from '../validation';
import type { CounterChanges } from '../contact-status';
import { interestedSubscriptionsSql, knownSubscriptions, type InterestedSubscription } from '@/lib/webhooks/record-events';

// What a run of one contact works with: its execution contact (locked), execution, flow, the
// version's steps, the contact as the API shows it, and where its messages go.

export type Step = StepInput & { id: number };

// A version's steps never change once published: each process keeps them.
const versionCache = new Map<number, Map<number, Step>>();

export async function stepsOfVersion(tx: Executor, versionId: number): Promise<Map<number, Step>> {
  const cached = versionCache.get(versionId);
  if (cached) return cached;
  const rows: StepRecord[] = await tx.select().from(flowSteps).where(eq(flowSteps.versionId, versionId)).orderBy(asc(flowSteps.orderingIdx));
  const steps = new Map(rows.map((r) => [r.orderingIdx, {
    ...(r.settings as Omit<StepInput, 'name' | 'step_type' | 'ordering_idx'>), id: r.id, name: r.name, step_type: r.stepType, ordering_idx: r.orderingIdx,
  } as Step]));
  if (versionCache.size > 1000) versionCache.clear();
  versionCache.set(versionId, steps);
  return steps;
}

export type RunContext = {
  tx: Executor;
  fec: ExecutionContactRecord;
  execution: RunExecution;
  flow: FlowRecord;
  steps: Map<number, Step>;
  contact: SerializedContact;
  now: Date;
  /**
   * What the run has looked up already, for its later steps: the contact's open conversation once a
   * step has sent on it (a contact has one open conversation), and channels by id.
   */
  seen: { conversation?: ConversationRecord; channels: Map<number, ChannelRecord | null> };
  /** The messages queued by the runs of its batch: sent by one job, enqueued as the batch ends (run.ts). */
  sends: string[];
  /** Flows gone through to get here without a wait (the contact's `trigger_chain` until the run waits, then 0). */
  chain: number;
  /** The executions' counter changes of the run's batch, applied as it ends (run.ts). */
  counters: CounterChanges;
};

// The execution without the audience it was started for: a list of thousands of contacts that no
// step reads, and that every run would otherwise read, send and parse.
const { contactLists: _lists, contactFilters: _filters, ...runColumns } = getTableColumns(flowExecutions);
export type RunExecution = Omit<ExecutionRecord, 'contactLists' | 'contactFilters'>;
/** A message of the contact's that no step has seen yet. */
export type UnseenMessage = { id: string; body: string | null; msg_type: string; content: Record<string, unknown>; location: unknown; seq: number };
const fresh = sql`(${flowExecutionContacts.status} = 'READY' and ${flowExecutionContacts.seenMessageSeq} = 0)`;

/**
 * The execution contact, locked, with everything a run reads first in the same statement: its
 * execution and flow, the contact as the API shows it, the messages it has not seen, the account's
 * webhook subscriptions (which the run's events would otherwise read on their own). It also makes
 * the run's commit asynchronous (see run.ts), saving the run a round trip of its own for that.
 */
export async function loadExecution(tx: Executor, fecId: string) {
  // A statement that waited for the lock would read the rest as it was before the run that held it
  // committed: so it takes the lock only when it is free, and otherwise waits for it on its own
  // and then reads.
  let row = await lockAndRead(tx, fecId, true);
  if (!row) {
    const [held] = await tx.select({ id: flowExecutionContacts.id }).from(flowExecutionContacts)
      .where(eq(flowExecutionContacts.id, fecId)).for('update');
    if (!held) return null;
    row = await lockAndRead(tx, fecId, false);
  }
  if (!row?.contact) return null;
  knownSubscriptions(tx, row.fec.accountId, row.subscriptions);
  return {
    fec: row.fec, execution: row.execution, flow: row.flow, contact: parsedJson(row.contact),
    lastSeq: row.lastSeq === null ? 0 : Number(row.lastSeq), unseen: row.unseen ?? [],
  };
}

async function lockAndRead(tx: Executor, fecId: string, skipLocked: boolean) {
  const [row] = await tx.select({
    fec: flowExecutionContacts, execution: runColumns, flow: flows, async: sql`set_config('synchronous_commit', 'off', true)`,
    contact: sql<SerializedContact | string | null>`${contactJsonSql(sql`${flowExecutionContacts.accountId}`, sql`${flowExecutionContacts.contactId}`)}`,
    // For a contact entering the flow, its last message so far; for one already in it, the messages
    // it has not seen yet (state.ts).
    lastSeq: sql<string | null>`case when ${fresh}
      then (select max(m.seq) from messages m where m.contact_id = ${flowExecutionContacts.contactId}) end`,
    unseen: sql<UnseenMessage[] | null>`case when not ${fresh} then (select coalesce(json_agg(u order by u.seq), '[]') from (
      select m.id, m.body, m.msg_type::text as msg_type, m.content, m.location, m.seq from messages m
      where m.contact_id = ${flowExecutionContacts.contactId} and m.direction = 'INBOUND' and m.seq > ${flowExecutionContacts.seenMessageSeq}
      order by m.seq limit 50) u) end`,
    subscriptions: sql<InterestedSubscription[]>`${interestedSubscriptionsSql(sql`${flowExecutionContacts.accountId}`)}`,
  })
    .from(flowExecutionContacts)
    .innerJoin(flowExecutions, eq(flowExecutions.id, flowExecutionContacts.flowExecutionId))
    .innerJoin(flows, eq(flows.id, flowExecutions.flowId))
    .where(eq(flowExecutionContacts.id, fecId)).for('update', skipLocked ? { of: flowExecutionContacts, skipLocked: true } : { of: flowExecutionContacts });
  return row ?? null;
}

/** The channel the flow's messages go out on for this contact, or null when the account has none usable. */
async function channelFor(ctx: RunContext, conversation: ConversationRecord | null): Promise<ChannelRecord | null> {
  const usable = async (id: number | null): Promise<ChannelRecord[]> => {
    if (id === null) return [];
    if (!ctx.seen.channels.has(id)) {
      const [c] = await ctx.tx.select().from(channels)
        .where(and(eq(channels.id, id), eq(channels.accountId, ctx.flow.accountId), ne(channels.status, 'INACTIVE'))).limit(1);
      ctx.seen.channels.set(id, c ?? null);
    }
    const c = ctx.seen.channels.get(id);
    return c ? [c] : [];
  };
  for (const id of [ctx.execution.channelId, ctx.flow.channelId, conversation?.channelId ?? null]) {
    const [c] = await usable(id);
    if (c) return c;
  }
  const [last] = await ctx.tx.select({ channelId: messages.channelId }).from(messages)
    .where(and(eq(messages.contactId, ctx.fec.contactId), eq(messages.direction, 'INBOUND'))).orderBy(desc(messages.timestamp)).limit(1);
  const [fromLast] = await usable(last?.channelId ?? null);
  if (fromLast) return fromLast;
  const [any] = await ctx.tx.select().from(channels).where(and(eq(channels.accountId, ctx.flow.accountId), ne(channels.status, 'INACTIVE')))
    .orderBy(asc(channels.isSandbox), asc(channels.id)).limit(1);
  return any ?? null;
}

export class NoChannelError extends Error {}

/** The contact's open conversation (opened for the flow when there is none), shown as FLOW. */
export async function flowConversation(ctx: RunContext, channelId: number | null): Promise<ConversationRecord> {
  const [opened] = await openConversations(ctx.tx, [{
    accountId: ctx.flow.accountId, contactId: ctx.fec.contactId, channelId, source: 'FLOW', status: 'CREATED',
  }]);
  return opened.conversation;
}

/** What a step sends: text, or reply buttons / a list (with `body` as the readable text kept). */
export type FlowMessage = { kind: 'text'; body: string } | { kind: 'interactive'; body: string; interactive: WireInteractive };

/** Queues a text message to the contact through the one outbound path; returns its id. */
export function sendText(ctx: RunContext, body: string): Promise<string> {
  return sendMessage(ctx, { kind: 'text', body });
}

/** Queues a message to the contact through the one outbound path; returns its id. */
export async function sendMessage(ctx: RunContext, message: FlowMessage): Promise<string> {
  const [existing] = ctx.seen.conversation ? [ctx.seen.conversation] : await ctx.tx.select().from(conversations)
    .where(and(eq(conversations.contactId, ctx.fec.contactId), sql`${conversations.status} not in ('RESOLVED', 'CLOSED')`)).limit(1);
  const channel = await channelFor(ctx, existing ?? null);
  if (!channel) throw new NoChannelError('The account has no active channel to send on.');
  const conversation = existing ?? await flowConversation(ctx, channel.id);
  ctx.seen.conversation = conversation;
  const [id] = await queueOutboundMessages(ctx.tx, [{
    accountId: ctx.flow.accountId, channel, conversation, contact: { id: ctx.fec.contactId, canonicalPhone: ctx.contact.canonical_phone },
    source: 'FLOW', sentById: null, ...message, conversationStatus: 'FLOW',
  }], { sendLater: ctx.sends });
  return id;
}

export { channelFor };

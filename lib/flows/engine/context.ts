import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db';
import { channels, conversations, flowExecutionContacts, flowExecutions, flows, flowSteps, messages } from '@/db/schema';
import type { ChannelRecord, WireInteractive } from '@/lib/channels/provider';
import { openConversations, type ConversationRecord } from '@/lib/conversations/open';
import { queueOutboundMessages } from '@/lib/messages/outbound';
import type { SerializedContact } from '@/lib/contacts/serializer';
import type { ExecutionContactRecord, ExecutionRecord, FlowRecord, StepRecord } from '../serializer';
import type { StepInput } from '../validation';

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
  execution: ExecutionRecord;
  flow: FlowRecord;
  steps: Map<number, Step>;
  contact: SerializedContact;
  now: Date;
};

export async function loadExecution(tx: Executor, fecId: string) {
  const [fec] = await tx.select().from(flowExecutionContacts).where(eq(flowExecutionContacts.id, fecId)).for('update');
  if (!fec) return null;
  const [execution] = await tx.select().from(flowExecutions).where(eq(flowExecutions.id, fec.flowExecutionId));
  const [flow] = await tx.select().from(flows).where(eq(flows.id, execution.flowId));
  return { fec, execution, flow };
}

/** The channel the flow's messages go out on for this contact, or null when the account has none usable. */
async function channelFor(ctx: RunContext, conversation: ConversationRecord | null): Promise<ChannelRecord | null> {
  const usable = (id: number | null) => (id === null ? Promise.resolve([] as ChannelRecord[]) : ctx.tx.select().from(channels)
    .where(and(eq(channels.id, id), eq(channels.accountId, ctx.flow.accountId), ne(channels.status, 'INACTIVE'))).limit(1));
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
  const [existing] = await ctx.tx.select().from(conversations)
    .where(and(eq(conversations.contactId, ctx.fec.contactId), sql`${conversations.status} not in ('RESOLVED', 'CLOSED')`)).limit(1);
  const channel = await channelFor(ctx, existing ?? null);
  if (!channel) throw new NoChannelError('The account has no active channel to send on.');
  const conversation = existing ?? await flowConversation(ctx, channel.id);
  const [id] = await queueOutboundMessages(ctx.tx, [{
    accountId: ctx.flow.accountId, channel, conversation, contact: { id: ctx.fec.contactId, canonicalPhone: ctx.contact.canonical_phone },
    source: 'FLOW', sentById: null, ...message, conversationStatus: 'FLOW',
  }]);
  return id;
}

export { channelFor };

import { desc, eq, sql } from 'drizzle-orm';
import { execRows } from '@/db';
import { flowExecutionContacts, flowExecutionContactSteps } from '@/db/schema';
import type { flowExecutionStepStatuses } from '@/db/schema/enum-values';
import type { InboundReply } from '../answers';
import type { RunContext } from './context';

// A contact's position in its flow while a run works on it: read from the locked row, changed in
// memory, written back once at the end of the run. Each executed step is a numbered row
// (`seq`, unique per contact): the row, the messages it queued and the new position commit
// together, so a run that dies leaves nothing half done and the next run starts over from the
// same place.

export type StepStatus = (typeof flowExecutionStepStatuses)[number];

export type State = {
  idx: number | null;
  waiting: '' | 'ANSWER' | 'DELAY' | 'ACTION';
  waitingSince: Date | null;
  waitUntil: Date | null;
  attempts: number;
  variables: Record<string, unknown>;
  /** The contact's messages not seen by a step yet, oldest first. */
  inbox: (InboundReply & { seq: number })[];
  seenMessageSeq: number;
  stepSeq: number;
};

export async function readState(ctx: RunContext): Promise<State> {
  const f = ctx.fec;
  let seen = Number(f.seenMessageSeq);
  const fresh = f.status === 'READY' && seen === 0;
  if (fresh) {
    // Messages from before the contact entered the flow answer nothing in it (so none is unseen).
    const [last] = await execRows<{ seq: number | null }>(ctx.tx, sql`select max(seq)::bigint as seq from messages where contact_id = ${f.contactId}`);
    seen = Number(last?.seq ?? 0);
  }
  const unseen = fresh ? [] : await execRows<{ id: string; body: string; msg_type: string; content: Record<string, unknown>; location: unknown; seq: number }>(ctx.tx, sql`
    select id, body, msg_type::text, content, location, seq from messages
    where contact_id = ${f.contactId} and direction = 'INBOUND' and seq > ${seen} order by seq limit 50`);
  return {
    idx: f.currentStepIdx, waiting: f.waiting as State['waiting'], waitingSince: f.waitingSince, waitUntil: f.waitUntil,
    attempts: f.attempts, variables: { ...(f.variables as Record<string, unknown>) },
    inbox: unseen.map((m) => ({ id: m.id, body: m.body ?? '', msgType: m.msg_type, content: m.content, location: m.location, seq: Number(m.seq) })),
    seenMessageSeq: seen, stepSeq: f.stepSeq,
  };
}

/** Takes the oldest unseen message: it is seen from now on. */
export function takeReply(s: State) {
  const reply = s.inbox.shift();
  if (reply) s.seenMessageSeq = reply.seq;
  return reply;
}

export async function writeState(ctx: RunContext, s: State) {
  await ctx.tx.update(flowExecutionContacts).set({
    currentStepIdx: s.idx, waiting: s.waiting, waitingSince: s.waitingSince, waitUntil: s.waitUntil, attempts: s.attempts,
    variables: s.variables, seenMessageSeq: s.seenMessageSeq, stepSeq: s.stepSeq, updatedOn: new Date(),
  }).where(eq(flowExecutionContacts.id, ctx.fec.id));
}

export type StepLog = {
  status: StepStatus;
  result?: Record<string, unknown>;
  request?: Record<string, unknown>;
  messages?: string[];
  error?: string;
};

/** Logs a step as executed (its next number); returns the row's id. */
export async function logStep(ctx: RunContext, s: State, stepId: number, log: StepLog): Promise<string> {
  const [row] = await ctx.tx.insert(flowExecutionContactSteps).values({
    flowExecutionContactId: ctx.fec.id, stepId, seq: s.stepSeq, status: log.status, executionResult: log.result ?? {},
    requestData: log.request ?? {}, messageIds: log.messages ?? [], lastErrorDetail: log.error ?? '', hasError: Boolean(log.error),
  }).returning({ id: flowExecutionContactSteps.id });
  s.stepSeq += 1;
  return row.id;
}

/** Updates the contact's last logged step (the one it waits on). */
export async function updateLastStep(ctx: RunContext, log: Partial<StepLog>) {
  const [last] = await ctx.tx.select().from(flowExecutionContactSteps)
    .where(eq(flowExecutionContactSteps.flowExecutionContactId, ctx.fec.id)).orderBy(desc(flowExecutionContactSteps.seq)).limit(1);
  if (!last) return;
  const error = log.error === undefined ? last.lastErrorDetail : [last.lastErrorDetail, log.error].filter(Boolean).join('\n');
  await ctx.tx.update(flowExecutionContactSteps).set({
    status: log.status ?? last.status,
    executionResult: log.result ? { ...(last.executionResult as object), ...log.result } : last.executionResult,
    messageIds: log.messages ? sql`${flowExecutionContactSteps.messageIds} || ${sql.param(log.messages)}::uuid[]` : last.messageIds,
    lastErrorDetail: error, hasError: Boolean(error), updatedOn: new Date(),
  }).where(eq(flowExecutionContactSteps.id, last.id));
}

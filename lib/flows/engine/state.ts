import { sql, type SQL } from 'drizzle-orm';
import { flowExecutionContactSteps } from '@/db/schema';
import type { flowExecutionStepStatuses } from '@/db/schema/enum-values';
import { insertRowsFromJson } from '@/lib/sql/insert-json';
import type { InboundReply } from '../answers';
import type { RunContext, UnseenMessage } from './context';

// A contact's position in its flow while a run works on it: read from the locked row, changed in
// memory, written back once at the end of the run. Each executed step is a numbered row
// (`seq`, unique per contact): the row, the messages it queued and the new position commit
// together, so a run that dies leaves nothing half done and the next run starts over from the
// same place. The run's step rows are kept in memory too and written with the position, in one
// statement: a run of several steps is one write, not one per step.

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
  /** The steps this run executed, written by writeState. */
  logs: (StepLog & { stepId: number; seq: number })[];
  /** Changes to the step logged by an earlier run (the one the contact waited on), written by writeState. */
  earlierStep: EarlierStepChange | null;
};

/** Changes to a stored step row, gathered in order: a result key set to undefined goes. */
type EarlierStepChange = { status: StepStatus | null; result: Record<string, unknown>; messages: string[]; errors: string[] | null };

/** `loaded`: what the lock statement read with the contact's row (context.ts). */
export function readState(ctx: RunContext, loaded: { lastSeq: number; unseen: UnseenMessage[] }): State {
  const f = ctx.fec;
  // Messages from before the contact entered the flow answer nothing in it (so none is unseen).
  const fresh = f.status === 'READY' && Number(f.seenMessageSeq) === 0;
  const seen = fresh ? loaded.lastSeq : Number(f.seenMessageSeq);
  const unseen = fresh ? [] : loaded.unseen;
  return {
    idx: f.currentStepIdx, waiting: f.waiting as State['waiting'], waitingSince: f.waitingSince, waitUntil: f.waitUntil,
    attempts: f.attempts, variables: { ...(f.variables as Record<string, unknown>) },
    inbox: unseen.map((m) => ({ id: m.id, body: m.body ?? '', msgType: m.msg_type, content: m.content, location: m.location, seq: Number(m.seq) })),
    seenMessageSeq: seen, stepSeq: f.stepSeq, logs: [], earlierStep: null,
  };
}

/** Takes the oldest unseen message: it is seen from now on. */
export function takeReply(s: State) {
  const reply = s.inbox.shift();
  if (reply) s.seenMessageSeq = reply.seq;
  return reply;
}

/** The update of the contact's last stored step row (it runs in writeState's statement, which sees the rows as they were before it). */
function earlierStepUpdate(ctx: RunContext, change: EarlierStepChange): SQL {
  const gone = Object.entries(change.result).filter(([, v]) => v === undefined).map(([k]) => k);
  const newError = change.errors === null ? null : change.errors.filter(Boolean).join('\n');
  return sql`
    update flow_execution_contact_steps t set
      status = coalesce(${change.status}::flow_execution_step_status, t.status),
      execution_result = (t.execution_result - ${sql.param(gone)}::text[]) || ${JSON.stringify(change.result)}::jsonb,
      message_ids = t.message_ids || ${sql.param(change.messages)}::uuid[],
      last_error_detail = case when ${newError}::text is null then t.last_error_detail else concat_ws(E'\n', nullif(t.last_error_detail, ''), nullif(${newError}::text, '')) end,
      has_error = case when ${newError}::text is null then t.has_error else concat_ws(E'\n', nullif(t.last_error_detail, ''), nullif(${newError}::text, '')) <> '' end,
      updated_on = now()
    where t.id = (select id from flow_execution_contact_steps where flow_execution_contact_id = ${ctx.fec.id} order by seq desc limit 1)`;
}

/** Writes the contact's position, with the step rows of the run, in one statement. */
export async function writeState(ctx: RunContext, s: State) {
  const logs = s.logs.map((l) => ({
    flowExecutionContactId: ctx.fec.id, stepId: l.stepId, seq: l.seq, status: l.status, executionResult: l.result ?? {},
    requestData: l.request ?? {}, messageIds: l.messages ?? [], lastErrorDetail: l.error ?? '', hasError: Boolean(l.error),
  }));
  const ctes = [
    ...(s.earlierStep ? [sql`earlier as (${earlierStepUpdate(ctx, s.earlierStep)})`] : []),
    ...(logs.length ? [sql`logged as (${insertRowsFromJson(flowExecutionContactSteps, logs)})`] : []),
  ];
  s.logs = [];
  s.earlierStep = null;
  const before = ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  await ctx.tx.execute(sql`${before}update flow_execution_contacts set current_step_idx = ${s.idx}, waiting = ${s.waiting},
      waiting_since = ${s.waitingSince?.toISOString() ?? null}::timestamptz, wait_until = ${s.waitUntil?.toISOString() ?? null}::timestamptz,
      attempts = ${s.attempts}, variables = ${JSON.stringify(s.variables)}::jsonb, seen_message_seq = ${s.seenMessageSeq},
      step_seq = ${s.stepSeq}, updated_on = now()
    where id = ${ctx.fec.id}`);
}

export type StepLog = {
  status: StepStatus;
  result?: Record<string, unknown>;
  request?: Record<string, unknown>;
  messages?: string[];
  error?: string;
};

/** Logs a step as executed, under its number (written with the position by writeState). */
export function logStep(s: State, stepId: number, log: StepLog): void {
  s.logs.push({ ...log, stepId, seq: s.stepSeq });
  s.stepSeq += 1;
}

/** The log's result after `change`: its keys replace the log's, and a key set to undefined goes. */
function mergedResult(result: Record<string, unknown> | undefined, change: Record<string, unknown>) {
  return Object.fromEntries(Object.entries({ ...result, ...change }).filter(([, v]) => v !== undefined));
}

/**
 * Updates the contact's last logged step (the one it waits on): in memory when this run logged
 * it, else gathered for writeState, which writes it with the position.
 */
export function updateLastStep(s: State, log: Partial<StepLog>): void {
  const last = s.logs.at(-1);
  if (last) {
    if (log.status) last.status = log.status;
    if (log.result) last.result = mergedResult(last.result, log.result);
    if (log.messages) last.messages = [...(last.messages ?? []), ...log.messages];
    if (log.error !== undefined) last.error = [last.error ?? '', log.error].filter(Boolean).join('\n');
    return;
  }
  const change = (s.earlierStep ??= { status: null, result: {}, messages: [], errors: null });
  if (log.status) change.status = log.status;
  if (log.result) Object.assign(change.result, log.result);
  if (log.messages) change.messages.push(...log.messages);
  if (log.error !== undefined) change.errors = [...(change.errors ?? []), log.error];
}

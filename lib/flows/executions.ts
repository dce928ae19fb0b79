import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { contactImports, flowExecutionContacts, flowExecutions, flowVersions } from '@/db/schema';
import { moveFlowConversations, ofContacts } from '@/lib/conversations/flow-status';
import { ValidationError, type FieldErrors } from '@/lib/api/errors';
import { itemErrors } from '@/lib/api/zod-to-drf';
import type { Member } from '@/lib/auth/member';
import { sandboxChannel } from '@/lib/channels/sandbox/phone';
import { accountCountry } from '@/lib/contacts/account-country';
import { countedTransaction } from '@/lib/contacts/counter';
import { enqueue, enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { foreignUserIds } from '@/lib/members/service';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { moveContacts } from './contact-status';
import { findExecution, findExecutionContact, getExecution, getExecutionContact } from './execution-queries';
import { findFlow } from './flows';
import type { ExecutionRecord, SerializedExecution } from './serializer';
import { type ExecutionBody, type ExecutionPatch, type TrySandboxBody } from './validation';
import { filterFieldErrors } from './start';

// Executions through the API: created for a flow, updated while they have not
// started (11, 12), paused, resumed and canceled at any time; one contact stopped (from the inbox).

export const CANCELED_REASON = 'The execution was canceled.';

/** Everything an execution body names, checked; errors nest by list and entry index. */
export async function checkBody(db: Executor, accountId: number, body: ExecutionBody, inbound: boolean) {
  const errors: FieldErrors = {};
  const country = await accountCountry(db, accountId);
  const listErrors: Record<string, FieldErrors> = {};
  const uploads = body.contact_lists.map((l) => l.contact_file?.upload_group_id).filter((u): u is string => Boolean(u));
  const known = uploads.length ? await db.select({ id: contactImports.id }).from(contactImports)
    .where(and(eq(contactImports.accountId, accountId), inArray(contactImports.id, uploads))) : [];
  const foreign = new Set(await foreignUserIds(db, accountId, [...new Set(body.contact_lists.flatMap((l) => l.contact_list.flatMap((c) => c.default_assignees ?? [])))]));
  body.contact_lists.forEach((list, i) => {
    const e: FieldErrors = {};
    const entries: Record<string, FieldErrors> = {};
    list.contact_list.forEach((c, j) => {
      const entry: FieldErrors = {};
      if (!canonicalizePhone(c.phone, country).ok) entry.phone = ['Enter a valid phone number.'];
      const notMember = c.default_assignees?.find((id) => foreign.has(id));
      if (notMember !== undefined) entry.default_assignees = [`Invalid pk "${notMember}" - object does not exist.`];
      if (Object.keys(entry).length) entries[j] = entry;
    });
    if (Object.keys(entries).length) e.contact_list = itemErrors(entries);
    const upload = list.contact_file?.upload_group_id;
    if (upload && !known.some((k) => k.id === upload)) e.contact_file = { upload_group_id: [`Invalid pk "${upload}" - object does not exist.`] };
    if (Object.keys(e).length) listErrors[i] = e;
  });
  if (Object.keys(listErrors).length) errors.contact_lists = itemErrors(listErrors);
  if (!inbound && body.execute_for === 'LIST' && !body.contact_lists.some((l) => l.contact_list.length || l.contact_file?.upload_group_id)) {
    errors.contact_lists ??= ['Give contacts (contact_list) or an upload (contact_file) to run the flow for.'];
  }
  if (!inbound && body.execute_for === 'FILTERS' && !body.contact_filters.length) errors.contact_filters = ['Give at least one filter.'];
  const filterErrors = filterFieldErrors(body.contact_filters);
  if (filterErrors) errors.contact_filters = filterErrors;
  if (inbound && body.inbound_trigger_with === 'TEXT' && typeof body.inbound_start_message === 'string' && body.inbound_start_message.trim() === '') {
    errors.inbound_start_message = ['This field may not be blank.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * An execution listens as its flow's trigger says (what the builder shows), unless the body names
 * a trigger of its own.
 */
function withFlowTrigger(body: ExecutionBody, flow: { inboundTriggerWith: ExecutionBody['inbound_trigger_with'] | null; inboundStartMessage: string | null }): ExecutionBody {
  const trigger = body.inbound_trigger_with ?? flow.inboundTriggerWith ?? 'ANY_MESSAGE';
  // A flow saved without a start message (the builder leaves it optional) listens for any text.
  const message = body.inbound_start_message !== undefined ? body.inbound_start_message
    : body.inbound_trigger_with === undefined && trigger === 'TEXT' ? flow.inboundStartMessage?.trim() || null : null;
  return { ...body, inbound_trigger_with: trigger, inbound_start_message: message };
}

function columns(body: ExecutionBody) {
  return {
    executeFor: body.execute_for, inboundTriggerWith: body.inbound_trigger_with, inboundStartMessage: body.inbound_start_message,
    inboundStartMessageMatchExact: body.inbound_start_message_match_exact,
    contactFilters: body.contact_filters.map((f) => ({ id: randomUUID(), ...f })),
    contactLists: body.contact_lists.map((l) => ({ source: l.source, contact_file: l.contact_file ?? null, contact_list: l.contact_list })),
    hasPriority: body.has_priority, flowExecutionVariables: body.flow_execution_variables,
    startOn: body.start_on ? new Date(body.start_on) : null,
  };
}

/** `channelId`: the channel its messages go out on, instead of the flow's (a try on the sandbox). */
export async function createExecution(
  db: Db, member: Member, flowId: string, body: ExecutionBody, channelId: number | null = null, { startsNow = false } = {},
): Promise<SerializedExecution> {
  const flow = await findFlow(db, member.accountId, flowId);
  if (!flow.isActive) throw ValidationError.nonField('This flow is switched off (is_active is false).');
  if (flow.version === 0) throw ValidationError.nonField('This flow is a draft that was never published: publish it before running it.');
  // `startsNow`: an INBOUND flow runs for the body's contacts at once (an API execution), as if they had written.
  const executionType = startsNow && flow.executionType === 'INBOUND' ? 'API' as const : flow.executionType;
  body = withFlowTrigger(body, flow);
  await checkBody(db, member.accountId, body, executionType === 'INBOUND');
  const id = await db.transaction(async (tx) => {
    const [version] = await tx.select().from(flowVersions).where(and(eq(flowVersions.flowId, flow.id), eq(flowVersions.version, flow.version)));
    return insertExecution(tx, { member, flowId: flow.id, versionId: version.id, executionType, channelId, body });
  });
  return getExecution(db, member.accountId, id);
}

/** Stores an execution of a version with its start job, in the caller's transaction; its id. */
export async function insertExecution(tx: Executor, x: {
  member: Member; flowId: string; versionId: number; executionType: ExecutionRecord['executionType']; channelId: number | null; body: ExecutionBody;
}): Promise<string> {
  const later = x.body.start_on !== null && new Date(x.body.start_on) > new Date();
  const [e] = await tx.insert(flowExecutions).values({
    accountId: x.member.accountId, flowId: x.flowId, versionId: x.versionId, executionType: x.executionType,
    createdById: x.member.userId, status: later ? 'READY' : 'PROCESSING', channelId: x.channelId, ...columns(x.body),
  }).returning();
  await enqueue(tx, QUEUES.flowStart.name, { executionId: e.id }, later ? { startAfter: e.startOn! } : {});
  return e.id;
}

/**
 * The execution a try on the sandbox phone is: that number alone, taking over its other flows. A
 * number that is not one is an error on `phone`, the field the request has.
 */
export async function sandboxRun(db: Executor, accountId: number, body: TrySandboxBody): Promise<ExecutionBody> {
  if (!canonicalizePhone(body.phone, await accountCountry(db, accountId)).ok) throw ValidationError.field('phone', 'Enter a valid phone number.');
  return {
    execute_for: 'LIST', inbound_trigger_with: 'ANY_MESSAGE', inbound_start_message: null, inbound_start_message_match_exact: false,
    contact_filters: [], contact_lists: [{ source: 'LIST', contact_file: null, contact_list: [{ phone: body.phone }] }],
    has_priority: true, flow_execution_variables: body.flow_execution_variables, start_on: null,
  };
}

const NOT_STARTED = ['PROCESSING', 'READY'];

async function lockExecution(tx: Executor, accountId: number, id: string) {
  const [e] = await tx.select().from(flowExecutions).where(and(eq(flowExecutions.accountId, accountId), eq(flowExecutions.id, id))).for('update');
  return e;
}

/** Update (11) and partial update (12): only before the execution starts. */
export async function updateExecution(db: Db, accountId: number, id: string, input: ExecutionBody | ExecutionPatch, partial: boolean): Promise<SerializedExecution> {
  const current = await findExecution(db, accountId, id);
  const flow = await findFlow(db, accountId, current.flowId);
  const base: ExecutionBody = {
    execute_for: current.executeFor, inbound_trigger_with: current.inboundTriggerWith, inbound_start_message: current.inboundStartMessage,
    inbound_start_message_match_exact: current.inboundStartMessageMatchExact,
    contact_filters: (current.contactFilters as ExecutionBody['contact_filters']),
    contact_lists: (current.contactLists as ExecutionBody['contact_lists']), has_priority: current.hasPriority,
    flow_execution_variables: current.flowExecutionVariables as Record<string, string>, start_on: current.startOn?.toISOString() ?? null,
  };
  const body: ExecutionBody = partial
    ? { ...base, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as ExecutionBody
    : withFlowTrigger(input as ExecutionBody, flow);
  if (!NOT_STARTED.includes(current.status) || current.startedOn) {
    throw ValidationError.nonField('This execution has started: it can only be paused, resumed or canceled now.');
  }
  await checkBody(db, accountId, body, flow.executionType === 'INBOUND');
  await db.transaction(async (tx) => {
    const e = await lockExecution(tx, accountId, id);
    if (!NOT_STARTED.includes(e.status) || e.startedOn) {
      throw ValidationError.nonField('This execution has started: it can only be paused, resumed or canceled now.');
    }
    const startOn = body.start_on ? new Date(body.start_on) : null;
    const later = startOn !== null && startOn > new Date();
    await tx.update(flowExecutions).set({ ...columns(body), status: later ? 'READY' : 'PROCESSING' }).where(eq(flowExecutions.id, id));
    await enqueue(tx, QUEUES.flowStart.name, { executionId: id }, startOn && startOn > new Date() ? { startAfter: startOn } : {});
  });
  return getExecution(db, accountId, id);
}

type Control = 'pause' | 'resume' | 'cancel';
const FINAL = ['COMPLETED', 'CANCELED'];

export async function controlExecution(db: Db, accountId: number, id: string, action: Control): Promise<SerializedExecution> {
  await findExecution(db, accountId, id);
  await countedTransaction(db, async (tx) => {
    // The active contacts first, then the execution: a contact's run locks them in that order
    // (its contact, then the execution's counters), so the other order could deadlock with it.
    await tx.execute(sql`select id from flow_execution_contacts
      where flow_execution_id = ${id} and account_id = ${accountId} and is_active order by id for update`);
    const e = await lockExecution(tx, accountId, id);
    const refuse = (): never => {
      throw ValidationError.nonField(`A ${e.status.toLowerCase()} execution cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'canceled'}.`);
    };
    const activeContacts = async (status: 'RUNNING' | 'PAUSED' | 'READY') => (await tx.select({ id: flowExecutionContacts.id }).from(flowExecutionContacts)
      .where(and(eq(flowExecutionContacts.flowExecutionId, id), eq(flowExecutionContacts.status, status))).orderBy(flowExecutionContacts.id)).map((r) => r.id);
    if (action === 'pause') {
      if (e.status === 'PAUSED') return;
      if (FINAL.includes(e.status)) refuse();
      await tx.update(flowExecutions).set({ status: 'PAUSED' }).where(eq(flowExecutions.id, id));
      await moveContacts(tx, await activeContacts('RUNNING'), 'PAUSED');
      return;
    }
    if (action === 'resume') {
      if (e.status !== 'PAUSED') {
        if (FINAL.includes(e.status)) refuse();
        return;
      }
      if (!e.startedOn) {
        await tx.update(flowExecutions).set({ status: e.startOn && e.startOn > new Date() ? 'READY' : 'PROCESSING' }).where(eq(flowExecutions.id, id));
        await enqueue(tx, QUEUES.flowStart.name, { executionId: id }, e.startOn && e.startOn > new Date() ? { startAfter: e.startOn } : {});
        return;
      }
      await tx.update(flowExecutions).set({ status: 'RUNNING' }).where(eq(flowExecutions.id, id));
      const paused = await activeContacts('PAUSED');
      await moveContacts(tx, paused, 'RUNNING');
      const all = [...paused, ...(await activeContacts('READY'))];
      await enqueueMany(tx, all.map((fecId) => ({ name: QUEUES.flowAdvance.name, data: { fecId } })));
      // Everyone may have finished while it was paused.
      await tx.execute(sql`update flow_executions set status = 'COMPLETED', completed_on = now()
        where id = ${id} and status = 'RUNNING' and execution_type <> 'INBOUND' and pending = 0 and active = 0`);
      return;
    }
    if (e.status === 'CANCELED') return;
    if (FINAL.includes(e.status)) refuse();
    await tx.update(flowExecutions).set({ status: 'CANCELED', completedOn: new Date() }).where(eq(flowExecutions.id, id));
    const rows = await execRows<{ id: string; contact_id: string }>(tx, sql`
      select id, contact_id from flow_execution_contacts where flow_execution_id = ${id} and is_active order by id`);
    await moveContacts(tx, rows.map((r) => r.id), 'CANCELED', CANCELED_REASON);
    // As when a flow ends: the conversations it held are resolved.
    await moveFlowConversations(tx, ofContacts(rows.map((r) => r.contact_id)), 'FLOW', 'RESOLVED');
  });
  return getExecution(db, accountId, id);
}

/** One contact's flow stopped (the inbox's "stop flow"): CANCELED with who stopped it. */
export async function stopExecutionContact(db: Db, member: Member, id: string) {
  await findExecutionContact(db, member.accountId, id);
  await countedTransaction(db, async (tx) => {
    const [row] = await tx.select().from(flowExecutionContacts)
      .where(and(eq(flowExecutionContacts.accountId, member.accountId), eq(flowExecutionContacts.id, id))).for('update');
    if (!row.isActive) throw ValidationError.nonField(`This contact's flow is already over (${row.status}).`);
    await moveContacts(tx, [id], 'CANCELED', 'Stopped by an agent.');
    await moveFlowConversations(tx, ofContacts([row.contactId]), 'FLOW', 'NEW');
  });
  return getExecutionContact(db, member.accountId, id);
}

/**
 * Runs the flow for one number on the sandbox channel (created if the account has none), taking
 * over any other flow that number is in: the dashboard's "Try on the sandbox phone" and the
 * builder's test run. An INBOUND flow starts for the number at once, as if it had written the
 * trigger: a listening execution would run the flow for every contact who writes, on every channel.
 */
export async function tryOnSandbox(db: Db, member: Member, flowId: string, body: TrySandboxBody): Promise<SerializedExecution> {
  const channel = await sandboxChannel(db, member.accountId);
  return createExecution(db, member, flowId, await sandboxRun(db, member.accountId, body), channel.id, { startsNow: true });
}

import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { channels, chatTemplates, flowExecutions, flows, flowSteps, flowVersions, newFlowSecret, teams, users } from '@/db/schema';
import { NotFoundError, ValidationError, type FieldErrors } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import type { Member } from '@/lib/auth/member';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import { containsPattern } from '@/lib/sql/like';
import { quickReplies, sendProblem, variableCountProblem } from '@/lib/templates/variables';
import { BlockedTargetError, checkTarget } from '@/lib/webhooks/target-guard';
import { serializeFlow, type FlowRecord, type SerializedFlow, type ShortUserRecord, type StepRecord } from './serializer';
import { checkSteps } from './steps-check';
import { createDraftFlow, saveDraft } from './drafts';
import { stepBody } from './step-body';
import { flowBody, type FlowBody, type FlowListQuery, type FlowPatch, type Layout, type StepInput } from './validation';

// Flows: created, read, replaced, partly updated and deleted, scoped by account. Every change of
// the steps publishes a new version (flow_versions with its own step rows): executions keep the
// version they started with. A body with `status: "DRAFT"` is saved as the flow's draft instead
// (drafts.ts). A flow with executions still running cannot be deleted.

export const RUNNING_EXECUTION_STATUSES = ['PROCESSING', 'READY', 'RUNNING', 'PAUSED'] as const;

export async function findFlow(db: Executor, accountId: number, id: string): Promise<FlowRecord> {
  const [row] = await db.select().from(flows).where(and(eq(flows.accountId, accountId), eq(flows.id, id))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** The key that signs the flow's end webhook: for admins only, so not in the flow object. */
export async function flowEndWebhookSecret(db: Executor, accountId: number, id: string): Promise<{ secret: string }> {
  return { secret: (await findFlow(db, accountId, id)).flowEndWebhookSecret };
}

/**
 * A new signing key for the flow's end webhook, at once (posts still to be retried are signed with
 * it too): for a key that was seen where it should not have been.
 */
export async function rotateFlowEndWebhookSecret(db: Executor, accountId: number, id: string): Promise<{ secret: string }> {
  const [row] = await db.update(flows)
    .set({ flowEndWebhookSecret: newFlowSecret })
    .where(and(eq(flows.accountId, accountId), eq(flows.id, id))).returning({ secret: flows.flowEndWebhookSecret });
  if (!row) throw new NotFoundError();
  return row;
}

/** The steps of a flow's published version (the current one unless `version` is given). */
export async function versionSteps(db: Executor, flowId: string, version: number): Promise<StepRecord[]> {
  return db.select({ s: flowSteps }).from(flowSteps).innerJoin(flowVersions, eq(flowVersions.id, flowSteps.versionId))
    .where(and(eq(flowVersions.flowId, flowId), eq(flowVersions.version, version))).orderBy(flowSteps.orderingIdx)
    .then((rows) => rows.map((r) => r.s));
}

export async function shortUsers(db: Executor, ids: (number | null)[]): Promise<Map<number, ShortUserRecord>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email })
    .from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u]));
}

/** The flows as the API shows them, each with its current version's steps. */
export async function withSteps(db: Executor, rows: FlowRecord[], versions?: Map<string, number>): Promise<SerializedFlow[]> {
  if (!rows.length) return [];
  const ids = rows.map((f) => f.id);
  const [steps, creators, counts] = await Promise.all([
    db.select({ s: flowSteps, flowId: flowVersions.flowId, version: flowVersions.version }).from(flowSteps)
      .innerJoin(flowVersions, eq(flowVersions.id, flowSteps.versionId)).where(inArray(flowVersions.flowId, ids)),
    shortUsers(db, rows.map((f) => f.createdById)),
    db.select({ flowId: flowExecutions.flowId, n: sql<number>`count(*)::int` }).from(flowExecutions)
      .where(inArray(flowExecutions.flowId, ids)).groupBy(flowExecutions.flowId),
  ]);
  const countOf = new Map(counts.map((c) => [c.flowId, Number(c.n)]));
  return rows.map((f) => {
    const version = versions?.get(f.id) ?? f.version;
    return serializeFlow(f, {
      createdBy: f.createdById === null ? null : creators.get(f.createdById) ?? null,
      steps: steps.filter((s) => s.flowId === f.id && s.version === version).map((s) => s.s),
      executions: countOf.get(f.id) ?? 0,
    });
  });
}

export async function getFlow(db: Db, accountId: number, id: string): Promise<SerializedFlow> {
  const [shown] = await withSteps(db, [await findFlow(db, accountId, id)]);
  return shown;
}

export async function listFlows(db: Db, accountId: number, url: URL, page: PageRequest, q: FlowListQuery) {
  const where = and(
    eq(flows.accountId, accountId),
    q.search ? sql`lower(${flows.name}) like lower(${containsPattern(q.search)})` : undefined,
    q.execution_type ? eq(flows.executionType, q.execution_type) : undefined,
  );
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(flows).where(where).orderBy(desc(flows.createdOn), desc(flows.id)).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(flows).where(where),
  ]);
  return pageEnvelope(url, page, Number(count), await withSteps(db, rows));
}

/** What the steps name outside the flow: templates, members, flows, the channel; errors by step index. */
export async function checkReferences(db: Executor, accountId: number, body: FlowBody, steps: StepInput[], items: unknown[], selfId: string | null) {
  const templateIds = [...new Set(steps.map((s) => s.chat_template).filter((t): t is string => t !== null))];
  const userIds = [...new Set(steps.flatMap((s) => s.assign_to_users))];
  const teamIds = [...new Set(steps.map((s) => s.assign_to_team).filter((t): t is number => t !== null))];
  const flowIds = [...new Set(steps.map((s) => s.trigger_flow).filter((t): t is string => t !== null))];
  const [templates, members, targets, channel, teamRows] = await Promise.all([
    templateIds.length ? db.select({ id: chatTemplates.id, status: chatTemplates.status, components: chatTemplates.components }).from(chatTemplates)
      .innerJoin(channels, eq(channels.id, chatTemplates.channelId))
      .where(and(eq(channels.accountId, accountId), inArray(chatTemplates.id, templateIds))) : [],
    userIds.length ? db.select({ id: users.id }).from(users).where(and(eq(users.accountId, accountId), inArray(users.id, userIds))) : [],
    flowIds.length ? db.select({ id: flows.id, version: flows.version }).from(flows).where(and(eq(flows.accountId, accountId), inArray(flows.id, flowIds))) : [],
    body.channel === null ? [] : db.select({ id: channels.id }).from(channels)
      .where(and(eq(channels.accountId, accountId), eq(channels.id, body.channel))),
    teamIds.length ? db.select({ id: teams.id }).from(teams).where(and(eq(teams.accountId, accountId), inArray(teams.id, teamIds))) : [],
  ]);
  const errors: Record<string, FieldErrors> = {};
  const indexOf = (s: StepInput) => items.findIndex((i) => (i as { ordering_idx?: unknown }).ordering_idx !== undefined
    && Number((i as { ordering_idx: unknown }).ordering_idx) === s.ordering_idx);
  for (const s of steps) {
    const e: FieldErrors = {};
    const t = s.chat_template && templates.find((x) => x.id === s.chat_template);
    if (s.chat_template && !t) e.chat_template = [`Invalid pk "${s.chat_template}" - object does not exist.`];
    else if (t && t.status !== 'approved') e.chat_template = [`Only approved templates can be sent; this one is ${t.status}.`];
    else if (t && sendProblem(t.components)) e.chat_template = [sendProblem(t.components)!];
    else if (t && s.step_type === 'TEMPLATE') {
      // As the send API refuses them: a missing or blank value would reach the contact as a gap.
      const countProblem = variableCountProblem(t.components, s.template_variables.length);
      if (countProblem) {
        e.template_variables = [countProblem];
      } else {
        const blank = s.template_variables.flatMap((v, i) => (v.trim() ? [] : [`{{${i + 1}}}`]));
        if (blank.length) e.template_variables = [`Give every variable a value: ${blank.join(', ')} ${blank.length === 1 ? 'is' : 'are'} blank.`];
      }
      const buttons = quickReplies(t.components);
      const unknown = s.answer_options.filter((o) => !buttons.includes(o.trim()));
      if (unknown.length) {
        e.answer_options = [buttons.length
          ? `Not a quick-reply button of this template: ${unknown.map((o) => `"${o}"`).join(', ')} (its buttons: ${buttons.map((b) => `"${b}"`).join(', ')}).`
          : 'This template has no quick-reply buttons to wait for: leave answer_options empty.'];
      }
    }
    const missing = s.assign_to_users.filter((u) => !members.some((m) => m.id === u));
    if (missing.length) e.assign_to_users = missing.map((u) => `Invalid pk "${u}" - object does not exist.`);
    if (s.assign_to_team !== null && !teamRows.some((t) => t.id === s.assign_to_team)) e.assign_to_team = [`Invalid pk "${s.assign_to_team}" - object does not exist.`];
    const target = s.trigger_flow ? targets.find((f) => f.id === s.trigger_flow) : undefined;
    if (s.trigger_flow && (s.trigger_flow === selfId || !target)) {
      e.trigger_flow = [s.trigger_flow === selfId ? 'A flow cannot trigger itself.' : `Invalid pk "${s.trigger_flow}" - object does not exist.`];
    } else if (target && target.version < 1) {
      // It would start nothing: a draft never published has no steps to run.
      e.trigger_flow = ['This flow has never been published: publish it first, or start another.'];
    }
    if (Object.keys(e).length) errors[indexOf(s)] = e;
  }
  const top: FieldErrors = {};
  if (Object.keys(errors).length) top.steps = errors;
  if (body.channel !== null && !channel.length) top.channel = [`Invalid pk "${body.channel}" - object does not exist.`];
  if (body.flow_end_action === 'WEBHOOK' && !/^https?:\/\/./.test(body.flow_end_webhook_url)) {
    top.flow_end_webhook_url = ['Enter the http(s) URL the contact\'s answers are posted to.'];
  } else if (body.flow_end_action === 'WEBHOOK') {
    // Refused targets as for webhook subscriptions; checked again on every post.
    await checkTarget(body.flow_end_webhook_url).catch((error) => {
      if (!(error instanceof BlockedTargetError)) throw error;
      top.flow_end_webhook_url = [error.message];
    });
  }
  if (Object.keys(top).length) throw new ValidationError(top);
}

async function checked(db: Executor, accountId: number, body: FlowBody, selfId: string | null) {
  const steps = checkSteps(body.steps, body.flow_execution_variables);
  await checkReferences(db, accountId, body, steps, body.steps, selfId);
  return steps;
}

/** Stores a version's steps; its flow_versions id. */
export async function publish(tx: Executor, flowId: string, version: number, steps: StepInput[], by: { userId: number | null; layout: Layout }): Promise<number> {
  // The flows these steps start are held until the commit: a delete of one (which looks for the
  // published steps that start it) waits, and then sees these.
  const targets = [...new Set(steps.map((s) => s.trigger_flow).filter((t): t is string => t !== null))];
  if (targets.length) {
    const held = await execRows<{ id: string }>(tx, sql`select id from flows where id = any(${sql.param(targets)}::uuid[]) for share`);
    const gone = targets.find((t) => !held.some((h) => h.id === t));
    if (gone) {
      const i = steps.findIndex((s) => s.trigger_flow === gone);
      throw new ValidationError({ steps: { [i]: { trigger_flow: [`Invalid pk "${gone}" - object does not exist.`] } } });
    }
  }
  const [v] = await tx.insert(flowVersions).values({ flowId, version, publishedById: by.userId, layout: by.layout }).returning();
  await tx.insert(flowSteps).values(steps.map(({ name, step_type, ordering_idx, ...settings }) => ({
    flowId, versionId: v.id, name, stepType: step_type, orderingIdx: ordering_idx,
    settings: { ...settings, conditions: settings.conditions.map((c) => ({ id: randomUUID(), ...c })) },
  })));
  return v.id;
}

/**
 * Where a flow posts its answers, signed with its key, is set by admins: an agent may change the
 * rest of a flow, and keep the end webhook an admin set, but not point it elsewhere (the posts
 * would carry the account's signature to an address of the agent's choosing).
 */
type EndWebhook = Pick<FlowBody, 'flow_end_action' | 'flow_end_webhook_url'>;

/** The end webhook a flow holds (as published) and, when it has one, its draft's. */
export function endWebhooksOf(f: FlowRecord): EndWebhook[] {
  const draft = f.draft as Partial<EndWebhook> | null;
  return [
    { flow_end_action: f.flowEndAction, flow_end_webhook_url: f.flowEndWebhookUrl },
    ...(draft ? [{ flow_end_action: draft.flow_end_action ?? 'NONE', flow_end_webhook_url: draft.flow_end_webhook_url ?? null }] : []),
  ] as EndWebhook[];
}

/** `kept`: the end webhooks the flow holds already (endWebhooksOf), which an agent may keep. */
export function checkEndWebhookSetter(member: Member, kept: EndWebhook[], body: EndWebhook) {
  if (member.role === 'ADMIN' || body.flow_end_action !== 'WEBHOOK') return;
  if (kept.some((k) => k.flow_end_action === 'WEBHOOK' && k.flow_end_webhook_url === body.flow_end_webhook_url)) return;
  throw ValidationError.field('flow_end_webhook_url', 'Only admins can set where a flow posts its answers.');
}

export function columns(body: Omit<FlowBody, 'steps' | 'status'>) {
  return {
    name: body.name, isActive: body.is_active, flowEndAction: body.flow_end_action, flowEndWebhookUrl: body.flow_end_webhook_url,
    flowWebhookRetries: body.flow_webhook_retries, executionType: body.execution_type,
    flowExecutionVariables: body.flow_execution_variables, channelId: body.channel,
    inboundTriggerWith: body.inbound_trigger_with, inboundStartMessage: body.inbound_start_message,
  };
}

export async function createFlow(db: Db, member: Member, body: FlowBody): Promise<SerializedFlow> {
  if (body.status === 'DRAFT') return createDraftFlow(db, member, body);
  checkEndWebhookSetter(member, [], body);
  const steps = await checked(db, member.accountId, body, null);
  const row = await db.transaction(async (tx) => {
    const [f] = await tx.insert(flows).values({ accountId: member.accountId, createdById: member.userId, ...columns(body), version: 1 }).returning();
    await publish(tx, f.id, 1, steps, { userId: member.userId, layout: body.layout });
    return f;
  });
  const [shown] = await withSteps(db, [row]);
  return shown;
}

/** The flow as a request body: what a partial update is merged over, a draft starts from, an export gives. */
export async function currentBody(db: Executor, f: FlowRecord): Promise<Record<string, unknown>> {
  const [shown] = await withSteps(db, [f]);
  return {
    name: f.name, is_active: f.isActive, flow_end_action: f.flowEndAction, flow_end_webhook_url: f.flowEndWebhookUrl,
    flow_webhook_retries: f.flowWebhookRetries, execution_type: f.executionType, flow_execution_variables: f.flowExecutionVariables,
    channel: f.channelId, inbound_trigger_with: f.inboundTriggerWith, inbound_start_message: f.inboundStartMessage,
    steps: shown.steps.map(stepBody),
  };
}

async function update(db: Db, member: Member, id: string, body: FlowBody, stepsChanged: boolean): Promise<SerializedFlow> {
  const existing = await findFlow(db, member.accountId, id);
  checkEndWebhookSetter(member, endWebhooksOf(existing).slice(0, 1), body);
  const steps = await checked(db, member.accountId, body, id);
  await db.transaction(async (tx) => {
    const [f] = await tx.select().from(flows).where(eq(flows.id, existing.id)).for('update');
    const version = stepsChanged ? f.version + 1 : f.version;
    await tx.update(flows).set({ ...columns(body), version, updatedOn: new Date() }).where(eq(flows.id, f.id));
    if (stepsChanged) await publish(tx, f.id, version, steps, { userId: member.userId, layout: body.layout });
  });
  return getFlow(db, member.accountId, id);
}

export async function replaceFlow(db: Db, member: Member, id: string, body: FlowBody): Promise<SerializedFlow> {
  if (body.status === 'DRAFT') return saveDraft(db, member, id, body);
  return update(db, member, id, body, true);
}

export async function patchFlow(db: Db, member: Member, id: string, patch: FlowPatch): Promise<SerializedFlow> {
  const existing = await findFlow(db, member.accountId, id);
  const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (sent.status === 'DRAFT') {
    const base = existing.draft ?? await currentBody(db, existing);
    return saveDraft(db, member, id, { ...(base as object), ...sent });
  }
  const parsed = flowBody.safeParse({ ...(await currentBody(db, existing)), ...sent });
  if (!parsed.success) throw new ValidationError(zodToDrf(parsed.error));
  return update(db, member, id, parsed.data, 'steps' in sent);
}

export async function deleteFlow(db: Db, accountId: number, id: string): Promise<void> {
  await findFlow(db, accountId, id);
  await db.transaction(async (tx) => {
    const [f] = await tx.select().from(flows).where(and(eq(flows.accountId, accountId), eq(flows.id, id))).for('update');
    if (!f) throw new NotFoundError();
    const [running] = await tx.select({ id: flowExecutions.id }).from(flowExecutions)
      .where(and(eq(flowExecutions.flowId, id), inArray(flowExecutions.status, [...RUNNING_EXECUTION_STATUSES]))).limit(1);
    if (running) throw ValidationError.nonField('This flow has executions still running: cancel them before deleting it.');
    // A flow whose published steps start this one would fail its contacts there.
    const starters = await execRows<{ name: string }>(tx, sql`
      select distinct o.name from flows o join flow_versions v on v.flow_id = o.id and v.version = o.version
      join flow_steps s on s.version_id = v.id
      where o.account_id = ${accountId} and o.id <> ${id} and s.step_type = 'TRIGGER_FLOW' and s.settings->>'trigger_flow' = ${id}
      order by o.name`);
    if (starters.length) {
      throw ValidationError.nonField(`${starters.map((o) => `"${o.name}"`).join(', ')} ${starters.length === 1 ? 'starts' : 'start'} this flow: `
        + 'change ' + (starters.length === 1 ? 'its' : 'their') + ' "Start flow" step before deleting it.');
    }
    await tx.delete(flows).where(eq(flows.id, id));
  });
}

import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { flows, flowVersions } from '@/db/schema';
import { NotFoundError, ValidationError, type FieldErrors } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import type { Member } from '@/lib/auth/member';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import { checkEndWebhookSetter, checkReferences, endWebhooksOf, columns, currentBody, findFlow, getFlow, publish, shortUsers, versionSteps } from './flows';
import { publishProblems, type RuleStep } from './publish-rules';
import { serializeStep, type FlowRecord, type SerializedFlow } from './serializer';
import { stepBody } from './step-body';
import { checkSteps, templatedFields } from './steps-check';
import { flowBody, flowDraftBody, stepSchema, type FlowDraft, type Layout, type StepInput } from './validation';

// Drafts, publishing and versions. The builder saves the flow's whole body as a draft while it is
// edited (checked only for its shape); publishing checks it as an API write is checked plus the
// publish rules (publish-rules.ts), then makes it the version new executions run. An earlier
// version can be restored as the draft.

export type DraftView = {
  flow: string;
  status: 'DRAFT' | 'PUBLISHED';
  version: number;
  has_draft: boolean;
  updated_on: string | null;
  body: FlowDraft;
  problems: FieldErrors;
};

function parseDraft(input: unknown): FlowDraft {
  const parsed = flowDraftBody.safeParse(input);
  if (!parsed.success) throw new ValidationError(zodToDrf(parsed.error));
  return parsed.data;
}

/** Errors of `b` added into `a`, field by field and step by step. */
export function mergeErrors(a: FieldErrors, b: FieldErrors): FieldErrors {
  const out: FieldErrors = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const have = out[k];
    if (Array.isArray(have) && Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = [...new Set([...(have as string[]), ...(v as string[])])];
    else if (have && !Array.isArray(have) && v && !Array.isArray(v)) out[k] = mergeErrors(have, v);
    else if (!have) out[k] = v;
  }
  return out;
}

function caught(fn: () => void): FieldErrors {
  try { fn(); return {}; } catch (e) {
    if (e instanceof ValidationError) return e.errors;
    throw e;
  }
}

/** Everything that stops the draft from being published, in the shape a refused publish has; {} when none. */
export async function draftProblems(db: Executor, accountId: number, flowId: string, draft: FlowDraft): Promise<FieldErrors> {
  let errors: FieldErrors = {};
  // An option the builder has not connected yet is a hole in next_steps_for_options_idx: named here, left out below.
  const holes: Record<string, FieldErrors> = {};
  const steps = draft.steps.map((s, i) => {
    const links = s.next_steps_for_options_idx;
    if (!Array.isArray(links) || !links.some((l) => l === null)) return s;
    const options = Array.isArray(s.answer_options) ? s.answer_options : [];
    holes[i] = { next_steps_for_options_idx: links.flatMap((l, j) => (l === null ? [`The "${String(options[j] ?? j + 1)}" branch leads nowhere: connect it (to an END step to stop there).`] : [])) };
    return { ...s, next_steps_for_options_idx: links.filter((l) => l !== null) };
  });
  if (Object.keys(holes).length) errors = { steps: holes };
  draft = { ...draft, steps };
  const fields = flowBody.safeParse({ ...draft, status: undefined });
  if (!fields.success) errors = mergeErrors(errors, zodToDrf(fields.error));
  const stepErrors = caught(() => checkSteps(draft.steps, draft.flow_execution_variables));
  errors = mergeErrors(errors, stepErrors);
  const parsed = draft.steps.map((s) => stepSchema.safeParse(s));
  if (fields.success && !Object.keys(stepErrors).length) {
    const steps = parsed.map((p) => p.data!);
    try { await checkReferences(db, accountId, fields.data, steps, draft.steps, flowId); } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      errors = mergeErrors(errors, e.errors);
    }
  }
  // The rules read the steps as far as they parse (a field in error at its default: one bad field
  // does not take the step's links and name away from the others); problems keep each step's index.
  const readable = parsed.map((p, i) => readableStep(draft.steps[i], p));
  const indexes = readable.flatMap((s, i) => (s ? [i] : []));
  const ruleSteps: RuleStep[] = indexes.map((i) => ({ ...readable[i]!, texts: templatedFields(readable[i]!).map(([, t]) => t) }));
  const rules = publishProblems({
    execution_type: draft.execution_type, flow_execution_variables: draft.flow_execution_variables, inbound_trigger_with: draft.inbound_trigger_with,
  }, ruleSteps);
  const byIndex: Record<string, FieldErrors> = {};
  for (const [j, e] of Object.entries(rules.steps)) byIndex[indexes[Number(j)]] = e;
  if (Object.keys(byIndex).length) errors = mergeErrors(errors, { steps: byIndex });
  return mergeErrors(errors, rules.flow);
}

/** A step with the fields that do not parse left out (their errors are reported apart), or null when even that does not parse. */
function readableStep(raw: Record<string, unknown>, parsed: ReturnType<typeof stepSchema.safeParse>): StepInput | null {
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const again = stepSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  return again.success ? again.data : null;
}

/** The draft, or the published flow as one when there is none. */
export async function workingCopy(db: Executor, f: FlowRecord): Promise<FlowDraft> {
  if (f.draft) return parseDraft(f.draft);
  const [v] = await db.select({ layout: flowVersions.layout }).from(flowVersions)
    .where(and(eq(flowVersions.flowId, f.id), eq(flowVersions.version, f.version)));
  return parseDraft({ ...(await currentBody(db, f)), layout: v?.layout ?? {} });
}

export async function getDraft(db: Db, accountId: number, id: string): Promise<DraftView> {
  const f = await findFlow(db, accountId, id);
  const body = await workingCopy(db, f);
  return {
    flow: f.id, status: f.status === 'DRAFT' ? 'DRAFT' : 'PUBLISHED', version: f.version, has_draft: f.draft !== null,
    updated_on: (f.draftUpdatedOn ?? f.updatedOn).toISOString(), body, problems: await draftProblems(db, accountId, f.id, body),
  };
}

/** Saves the draft (a whole body; only its shape is checked) and returns the flow as published. */
export async function saveDraft(db: Db, member: Member, id: string, input: unknown): Promise<SerializedFlow> {
  const body = parseDraft(input);
  const f = await findFlow(db, member.accountId, id);
  // An admin publishes drafts: an agent's draft may not slip a new end webhook past them.
  checkEndWebhookSetter(member, endWebhooksOf(f), body);
  await db.update(flows).set({ draft: body, status: 'DRAFT', draftUpdatedOn: new Date() })
    .where(and(eq(flows.accountId, member.accountId), eq(flows.id, id)));
  return getFlow(db, member.accountId, id);
}

/** A flow that exists only as a draft: version 0 until it is published (it cannot run before). */
export async function createDraftFlow(db: Db, member: Member, input: unknown): Promise<SerializedFlow> {
  const body = parseDraft(input);
  checkEndWebhookSetter(member, [], body);
  const name = body.name || 'Untitled flow';
  const [f] = await db.insert(flows).values({
    accountId: member.accountId, createdById: member.userId, ...columns({ ...body, name }), version: 0, status: 'DRAFT',
    draft: { ...body, name }, draftUpdatedOn: new Date(),
  }).returning();
  return getFlow(db, member.accountId, f.id);
}

/** The draft becomes the next version; refused (400, per step) while a problem remains. */
export async function publishDraft(db: Db, member: Member, id: string): Promise<SerializedFlow> {
  const f = await findFlow(db, member.accountId, id);
  // Nothing pending: the published version stays the latest, rather than being copied into another.
  if (!f.draft && f.version > 0) return getFlow(db, member.accountId, id);
  const draft = await workingCopy(db, f);
  const problems = await draftProblems(db, member.accountId, id, draft);
  if (Object.keys(problems).length) throw new ValidationError(problems);
  const body = flowBody.parse({ ...draft, status: undefined });
  checkEndWebhookSetter(member, endWebhooksOf(f).slice(0, 1), body);
  const steps: StepInput[] = checkSteps(body.steps, body.flow_execution_variables);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(flows).where(eq(flows.id, f.id)).for('update');
    const version = locked.version + 1;
    await tx.update(flows).set({ ...columns(body), version, status: 'PUBLISHED', draft: null, draftUpdatedOn: null, updatedOn: new Date() })
      .where(eq(flows.id, f.id));
    await publish(tx, f.id, version, steps, { userId: member.userId, layout: draft.layout });
  });
  return getFlow(db, member.accountId, id);
}

export type VersionView = { version: number; published_by: { id: number; first_name: string; last_name: string; email: string } | null; published_on: string; steps: number; is_current: boolean };

export async function listVersions(db: Db, accountId: number, id: string, url: URL, page: PageRequest) {
  const f = await findFlow(db, accountId, id);
  // Snapshots of a tried draft are numbered below zero and are not versions.
  const published = and(eq(flowVersions.flowId, f.id), gt(flowVersions.version, 0));
  const [rows, [{ count }]] = await Promise.all([
    db.select({
      version: flowVersions.version, publishedById: flowVersions.publishedById, createdOn: flowVersions.createdOn,
      steps: sql<number>`(select count(*)::int from flow_steps s where s.version_id = "flow_versions"."id")`,
    }).from(flowVersions).where(published).orderBy(desc(flowVersions.version)).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(flowVersions).where(published),
  ]);
  const users = await shortUsers(db, rows.map((r) => r.publishedById));
  const results: VersionView[] = rows.map((r) => ({
    version: r.version, published_by: r.publishedById === null ? null : users.get(r.publishedById) ?? null,
    published_on: r.createdOn.toISOString(), steps: Number(r.steps), is_current: r.version === f.version,
  }));
  return pageEnvelope(url, page, Number(count), results);
}

/** An earlier version's steps and layout become the draft (the flow's other fields stay as drafted). */
export async function restoreVersion(db: Db, member: Member, id: string, version: number): Promise<DraftView> {
  const { accountId } = member;
  const f = await findFlow(db, accountId, id);
  const [v] = await db.select().from(flowVersions).where(and(eq(flowVersions.flowId, f.id), eq(flowVersions.version, version)));
  if (!v) throw new NotFoundError();
  const steps = (await versionSteps(db, f.id, version)).map((s) => stepBody(serializeStep(s)));
  const base = await workingCopy(db, f);
  await saveDraft(db, member, id, { ...base, steps, layout: v.layout as Layout });
  return getDraft(db, accountId, id);
}

/** The flow as a body for `POST /api/flow` (its draft when it has one), with the layout. */
export async function exportFlow(db: Db, accountId: number, id: string): Promise<FlowDraft> {
  return workingCopy(db, await findFlow(db, accountId, id));
}

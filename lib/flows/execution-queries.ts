import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { flowExecutionContacts, flowExecutionContactSteps, flowExecutions, flows, flowSteps, flowVersions, messages } from '@/db/schema';
import { NotFoundError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { selectContacts } from '@/lib/contacts/queries';
import { serializeMessages } from '@/lib/messages/queries';
import { containsPattern } from '@/lib/sql/like';
import { iso } from '@/lib/serializers/iso';
import { shortUsers, withSteps } from './flows';
import {
  serializeExecution, serializeExecutionContact, serializeStep, type ExecutionContactRecord, type ExecutionRecord,
  type SerializedExecution,
} from './serializer';
import type { ExecutionContactListQuery, ExecutionListQuery } from './validation';

// Reading executions and execution contacts, scoped by account.

export async function findExecution(db: Executor, accountId: number, id: string): Promise<ExecutionRecord> {
  const [row] = await db.select().from(flowExecutions).where(and(eq(flowExecutions.accountId, accountId), eq(flowExecutions.id, id))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function withFlows(db: Executor, rows: ExecutionRecord[]): Promise<SerializedExecution[]> {
  if (!rows.length) return [];
  const versionIds = [...new Set(rows.map((e) => e.versionId))];
  const versions = await db.select().from(flowVersions).where(inArray(flowVersions.id, versionIds));
  const versionOf = new Map(versions.map((v) => [v.id, v]));
  const flowIds = [...new Set(rows.map((e) => e.flowId))];
  const flowRows = await db.select().from(flows).where(inArray(flows.id, flowIds));
  const creators = await shortUsers(db, rows.map((e) => e.createdById));
  // One flow per (flow, version) the executions run.
  const shown = new Map<string, Awaited<ReturnType<typeof withSteps>>[number]>();
  for (const e of rows) {
    const key = `${e.flowId}:${e.versionId}`;
    if (shown.has(key)) continue;
    const f = flowRows.find((x) => x.id === e.flowId)!;
    const [s] = await withSteps(db, [f], new Map([[f.id, versionOf.get(e.versionId)!.version]]));
    shown.set(key, s);
  }
  return rows.map((e) => serializeExecution(e, {
    flow: shown.get(`${e.flowId}:${e.versionId}`)!, version: versionOf.get(e.versionId)!.version,
    createdBy: e.createdById === null ? null : creators.get(e.createdById) ?? null,
  }));
}

export async function getExecution(db: Executor, accountId: number, id: string): Promise<SerializedExecution> {
  const [shown] = await withFlows(db, [await findExecution(db, accountId, id)]);
  return shown;
}

export async function listExecutions(db: Db, accountId: number, url: URL, page: PageRequest, q: ExecutionListQuery) {
  const where = and(
    eq(flowExecutions.accountId, accountId),
    q.flow ? eq(flowExecutions.flowId, q.flow) : undefined,
    q.status ? eq(flowExecutions.status, q.status) : undefined,
    q.execution_type ? eq(flowExecutions.executionType, q.execution_type) : undefined,
    q.search ? sql`exists (select 1 from flows f where f.id = ${flowExecutions.flowId} and lower(f.name) like lower(${containsPattern(q.search)}))` : undefined,
  );
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(flowExecutions).where(where).orderBy(desc(flowExecutions.createdOn), desc(flowExecutions.id)).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(flowExecutions).where(where),
  ]);
  return pageEnvelope(url, page, Number(count), await withFlows(db, rows));
}

async function withContacts(db: Executor, accountId: number, rows: ExecutionContactRecord[]) {
  if (!rows.length) return [];
  const ids = [...new Set(rows.map((r) => r.contactId))];
  const contacts = await selectContacts(db, accountId, sql`c.id = any(${sql.param(ids)}::uuid[])`);
  const names = await db.select({ id: flowExecutions.id, name: flows.name }).from(flowExecutions)
    .innerJoin(flows, eq(flows.id, flowExecutions.flowId))
    .where(inArray(flowExecutions.id, [...new Set(rows.map((r) => r.flowExecutionId))]));
  return rows.map((r) => serializeExecutionContact(r, {
    contact: contacts.find((c) => c.id === r.contactId)!, flowName: names.find((n) => n.id === r.flowExecutionId)?.name ?? '',
  }));
}

export async function findExecutionContact(db: Executor, accountId: number, id: string): Promise<ExecutionContactRecord> {
  const [row] = await db.select().from(flowExecutionContacts)
    .where(and(eq(flowExecutionContacts.accountId, accountId), eq(flowExecutionContacts.id, id))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listExecutionContacts(db: Db, accountId: number, url: URL, page: PageRequest, q: ExecutionContactListQuery) {
  const where: SQL = and(
    eq(flowExecutionContacts.accountId, accountId),
    q.contact ? eq(flowExecutionContacts.contactId, q.contact) : undefined,
    q.flow_execution ? eq(flowExecutionContacts.flowExecutionId, q.flow_execution) : undefined,
    q.flow_execution__flow
      ? sql`exists (select 1 from flow_executions e where e.id = ${flowExecutionContacts.flowExecutionId} and e.flow_id = ${q.flow_execution__flow})`
      : undefined,
    q.is_active === undefined ? undefined : eq(flowExecutionContacts.isActive, q.is_active),
    q.status ? eq(flowExecutionContacts.status, q.status) : undefined,
    q.search ? sql`exists (select 1 from contacts c where c.id = ${flowExecutionContacts.contactId}
      and (c.canonical_phone like ${containsPattern(q.search.replace(/[^\d+]/g, '') || q.search)}
        or lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) like lower(${containsPattern(q.search)})))` : undefined,
  )!;
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(flowExecutionContacts).where(where)
      .orderBy(desc(flowExecutionContacts.createdOn), desc(flowExecutionContacts.id)).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(flowExecutionContacts).where(where),
  ]);
  return pageEnvelope(url, page, Number(count), await withContacts(db, accountId, rows));
}

/** The execution contact with its execution and every executed step (the webhook events' `data` too). */
/** A contact's latest steps shown (oldest first): one looping on a menu for months stays one answer's worth. */
export const STEPS_SHOWN = 500;

export async function getExecutionContact(db: Executor, accountId: number, id: string) {
  const row = await findExecutionContact(db, accountId, id);
  const [[shown], execution, steps] = await Promise.all([
    withContacts(db, accountId, [row]),
    getExecution(db, accountId, row.flowExecutionId),
    db.select({ x: flowExecutionContactSteps, s: flowSteps }).from(flowExecutionContactSteps)
      .innerJoin(flowSteps, eq(flowSteps.id, flowExecutionContactSteps.stepId))
      .where(eq(flowExecutionContactSteps.flowExecutionContactId, id)).orderBy(desc(flowExecutionContactSteps.seq)).limit(STEPS_SHOWN)
      .then((latest) => latest.reverse()),
  ]);
  // The messages each step sent, as the API's message object (fetched together, in the account).
  const messageIds = [...new Set(steps.flatMap(({ x }) => x.messageIds))];
  const sent = new Map((messageIds.length ? await serializeMessages(db, await db.select().from(messages)
    .where(and(eq(messages.accountId, accountId), inArray(messages.id, messageIds)))) : []).map((m) => [m.id, m]));
  return {
    ...shown,
    flow_execution: execution,
    execution_steps: steps.map(({ x, s }) => ({
      id: x.id,
      step: serializeStep(s),
      status: x.status,
      last_error_detail: x.lastErrorDetail,
      has_error: x.hasError,
      execution_result: x.executionResult as Record<string, unknown>,
      request_data: x.requestData as Record<string, unknown>,
      messages: x.messageIds.flatMap((m) => (sent.has(m) ? [{ message: sent.get(m)! }] : [])),
      created_on: iso(x.createdOn),
    })),
  };
}

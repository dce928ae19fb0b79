import { and, eq, sql, type SQL } from 'drizzle-orm';
import { execRows, getDb, type Executor } from '@/db';
import { flowExecutions, flows, flowVersions } from '@/db/schema';
import type { FieldErrors } from '@/lib/api/errors';
import { itemErrors } from '@/lib/api/zod-to-drf';
import { accountCountry } from '@/lib/contacts/account-country';
import { countedTransaction } from '@/lib/contacts/counter';
import { mergeChange } from '@/lib/contacts/service';
import { upsertContacts } from '@/lib/contacts/upsert';
import { enqueue, enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { containsPattern } from '@/lib/sql/like';
import { CounterChanges, moveContacts } from './contact-status';
import type { ExecutionRecord } from './serializer';
import { FILTER_FIELDS_HINT, type ContactListEntry } from './validation';

// Starting an execution (a job, at `start_on`): its contacts are gathered (the list's entries
// upserted as contacts with the contact API's rules, an upload's contacts, the filters' matches,
// or all), each gets an execution contact READY (or CANCELED with the reason when it is busy and
// the execution has no priority), and each READY one a run of its own.

export const IN_FLOW = 'In another running flow.';
export const WITH_AGENT = 'In an open conversation with an agent.';
export const TAKEN_OVER = 'Another flow with priority took over.';

type StoredList = { source: 'LIST' | 'FILE'; contact_file?: { upload_group_id: string } | null; contact_list: ContactListEntry[] };
type Filter = { field: string; comparison: string; value: string };

const COLUMNS: Record<string, string> = {
  first_name: 'c.first_name', last_name: 'c.last_name', email: 'c.email', phone: 'c.canonical_phone',
  external_id: 'c.external_id', source: 'c.source',
};

// Own properties only: `in` and a plain lookup would also find what every object inherits (`constructor`, `toString`).
function contactColumn(field: string): string | null {
  return Object.hasOwn(COLUMNS, field) ? COLUMNS[field] : null;
}

export function filterFieldKnown(field: string): boolean {
  return contactColumn(field) !== null || field === 'tags' || /^meta\.[^.]+$/.test(field);
}

/** The filters naming no field a contact has, as the list's item errors; null when every one is known. */
export function filterFieldErrors(filters: { field: string }[]): FieldErrors[] | null {
  const errors: Record<number, FieldErrors> = {};
  filters.forEach((f, i) => {
    if (!filterFieldKnown(f.field)) errors[i] = { field: [`Unknown field "${f.field}". ${FILTER_FIELDS_HINT}`] };
  });
  return Object.keys(errors).length ? itemErrors(errors) : null;
}

function compareSql(column: SQL, comparison: string, value: string): SQL {
  const numeric = /^-?\d+(\.\d+)?$/.test(value.trim());
  const asNumber = sql`(case when ${column} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (${column})::numeric end)`;
  switch (comparison) {
    case 'exact': return sql`lower(${column}) = lower(${value})`;
    case '!exact': return sql`coalesce(lower(${column}) <> lower(${value}), true)`;
    case 'icontains': return sql`lower(${column}) like lower(${containsPattern(value)})`;
    case '!icontains': return sql`coalesce(lower(${column}) not like lower(${containsPattern(value)}), true)`;
    case 'isnull': return sql`coalesce(${column}, '') = ''`;
    case '!isnull': return sql`coalesce(${column}, '') <> ''`;
    case 'gt': return numeric ? sql`${asNumber} > ${Number(value)}` : sql`${column} > ${value}`;
    case 'gte': return numeric ? sql`${asNumber} >= ${Number(value)}` : sql`${column} >= ${value}`;
    case 'lt': return numeric ? sql`${asNumber} < ${Number(value)}` : sql`${column} < ${value}`;
    case 'lte': return numeric ? sql`${asNumber} <= ${Number(value)}` : sql`${column} <= ${value}`;
    default: return sql`false`;
  }
}

/** The contacts (alias `c`) a filter matches. */
export function filterSql(f: Filter): SQL {
  if (f.field === 'tags') {
    const tagMatch = compareSql(sql`t.name`, f.comparison.replace('!', ''), f.value);
    const any = sql`exists (select 1 from contact_tags ct join tags t on t.id = ct.tag_id where ct.contact_id = c.id and ${tagMatch})`;
    if (f.comparison === 'isnull') return sql`not exists (select 1 from contact_tags ct where ct.contact_id = c.id)`;
    if (f.comparison === '!isnull') return sql`exists (select 1 from contact_tags ct where ct.contact_id = c.id)`;
    return f.comparison.startsWith('!') ? sql`not ${any}` : any;
  }
  if (f.field.startsWith('meta.')) return compareSql(sql`(c.meta ->> ${f.field.slice(5)})`, f.comparison, f.value);
  const column = contactColumn(f.field);
  // A field no contact has (stored before names such as `constructor` were refused) matches no one, negated or not, never everyone.
  return column === null ? sql`false` : compareSql(sql.raw(column), f.comparison, f.value);
}

export function filtersWhere(accountId: number, filters: Filter[]): SQL {
  return sql.join([sql`c.account_id = ${accountId} and not c.is_deleted`, ...filters.map(filterSql)], sql` and `);
}

async function gatherContacts(tx: Executor, e: ExecutionRecord): Promise<string[]> {
  if (e.executeFor === 'ALL' || e.executeFor === 'FILTERS') {
    const filters = e.executeFor === 'ALL' ? [] : (e.contactFilters as Filter[]);
    const rows = await execRows<{ id: string }>(tx, sql`select c.id from contacts c where ${filtersWhere(e.accountId, filters)} order by c.created_on, c.id`);
    return rows.map((r) => r.id);
  }
  const country = await accountCountry(tx, e.accountId);
  const ids: string[] = [];
  for (const list of e.contactLists as StoredList[]) {
    const entries = list.contact_list.map((c) => ({ c, phone: canonicalizePhone(c.phone, country) }))
      .filter((x): x is { c: ContactListEntry; phone: { ok: true; e164: string } } => x.phone.ok);
    const written = await upsertContacts(tx, entries.map(({ c, phone }) => ({
      actor: { accountId: e.accountId, userId: e.createdById }, canonicalPhone: phone.e164, phone: c.phone, onExisting: 'merge' as const,
      sourceIfNew: 'flow',
      change: mergeChange({
        ...c, overwrite_meta: c.overwrite_meta ?? false, overwrite_tags: c.overwrite_tags ?? false,
        overwrite_default_assignees: c.overwrite_default_assignees ?? false,
      }),
    })));
    ids.push(...written.map((w) => w.id));
    if (list.contact_file?.upload_group_id) {
      const rows = await execRows<{ id: string }>(tx, sql`select id from contacts
        where account_id = ${e.accountId} and contact_import = ${list.contact_file.upload_group_id} and not is_deleted order by created_on, id`);
      ids.push(...rows.map((r) => r.id));
    }
  }
  return [...new Set(ids)];
}

/** Why each busy contact is passed over (in another running flow, or with an agent). */
async function busyContacts(tx: Executor, executionId: string, contactIds: string[]): Promise<Map<string, string>> {
  if (!contactIds.length) return new Map();
  const rows = await execRows<{ id: string; in_flow: boolean; with_agent: boolean }>(tx, sql`
    select c.id,
      exists (select 1 from flow_execution_contacts f where f.contact_id = c.id and f.is_active and f.status <> 'READY'
        and f.flow_execution_id <> ${executionId}) as in_flow,
      exists (select 1 from conversations v where v.contact_id = c.id and v.status in ('NEW', 'IN_PROGRESS')) as with_agent
    from unnest(${sql.param(contactIds)}::uuid[]) as c(id)`);
  const out = new Map<string, string>();
  for (const r of rows) {
    if (r.in_flow) out.set(r.id, IN_FLOW);
    else if (r.with_agent) out.set(r.id, WITH_AGENT);
  }
  return out;
}

/**
 * Adds the contacts to a RUNNING execution and starts a run for each. With priority, their other
 * active flows end (CANCELED); without, busy ones are CANCELED here with the reason. With
 * `counters` (a batch of runs starting a flow), the executions' counters move when the caller
 * applies them.
 */
export async function startForContacts(
  tx: Executor, e: Pick<ExecutionRecord, 'id' | 'accountId' | 'hasPriority'>, contactIds: string[],
  { checkBusy = true, chain = 0, counters }: { checkBusy?: boolean; chain?: number; counters?: CounterChanges } = {},
): Promise<string[]> {
  if (!contactIds.length) return [];
  let busy = new Map<string, string>();
  if (e.hasPriority) {
    // Locked, as every other mover of contacts locks them, so that a run in progress is waited for.
    const others = await execRows<{ id: string }>(tx, sql`select id from flow_execution_contacts
      where contact_id = any(${sql.param(contactIds)}::uuid[]) and is_active and flow_execution_id <> ${e.id} order by id for update`);
    await moveContacts(tx, others.map((o) => o.id), 'CANCELED', TAKEN_OVER, counters);
  } else if (checkBusy) {
    busy = await busyContacts(tx, e.id, contactIds);
  }
  const inserted = await execRows<{ id: string; status: string }>(tx, sql`
    insert into flow_execution_contacts (account_id, flow_execution_id, contact_id, status, reason, is_active, completed_on, trigger_chain)
    select ${e.accountId}, ${e.id}, x.contact, x.status::flow_execution_contact_status, x.reason, x.status = 'READY',
      case when x.status = 'READY' then null else now() end, ${chain}
    from jsonb_to_recordset(${JSON.stringify(contactIds.map((id) => ({
      contact: id, status: busy.has(id) ? 'CANCELED' : 'READY', reason: busy.get(id) ?? '',
    })))}::jsonb) as x(contact uuid, status text, reason text)
    on conflict (flow_execution_id, contact_id) do nothing
    returning id, status::text`);
  const ready = inserted.filter((r) => r.status === 'READY').map((r) => r.id);
  const changes = counters ?? new CounterChanges();
  changes.add(e.id, 'pending', ready.length);
  changes.add(e.id, 'canceled', inserted.length - ready.length);
  if (!counters) await changes.apply(tx);
  const CHUNK = 1000;
  for (let i = 0; i < ready.length; i += CHUNK) {
    await enqueueMany(tx, ready.slice(i, i + CHUNK).map((fecId) => ({ name: QUEUES.flowAdvance.name, data: { fecId } })));
  }
  return ready;
}

async function startExecution(executionId: string): Promise<void> {
  const db = await getDb();
  await countedTransaction(db, async (tx) => {
    const [e] = await tx.select().from(flowExecutions).where(eq(flowExecutions.id, executionId)).for('update');
    if (!e || !['PROCESSING', 'READY'].includes(e.status)) return;
    if (e.startOn && e.startOn.getTime() > Date.now() + 1000) {
      if (e.status !== 'READY') await tx.update(flowExecutions).set({ status: 'READY' }).where(eq(flowExecutions.id, e.id));
      await enqueue(tx, QUEUES.flowStart.name, { executionId }, { startAfter: e.startOn });
      return;
    }
    const contactIds = e.executionType === 'INBOUND' ? [] : await gatherContacts(tx, e);
    await tx.update(flowExecutions).set({ status: 'RUNNING', startedOn: new Date() }).where(eq(flowExecutions.id, e.id));
    await startForContacts(tx, e, contactIds);
    // Nobody to run: an outbound execution is over at once.
    if (!contactIds.length && e.executionType !== 'INBOUND') {
      await tx.update(flowExecutions).set({ status: 'COMPLETED', completedOn: new Date() }).where(eq(flowExecutions.id, e.id));
    }
  });
}

export const flowStartJob = defineJob<{ executionId: string }>({
  name: QUEUES.flowStart.name,
  concurrency: 1,
  handle: async ({ executionId }) => startExecution(executionId),
});

/**
 * A TRIGGER_FLOW step: an execution of the other flow for this contact, at once. Its id, or null.
 * The counters it moves are the run's batch's (applied as the batch ends).
 */
export async function triggerFlow(
  tx: Executor, accountId: number, flowId: string, contactId: string, variables: Record<string, string>, chain: number, counters: CounterChanges,
): Promise<string | null> {
  const [target] = await tx.select({ f: flows, v: flowVersions }).from(flows)
    .innerJoin(flowVersions, and(eq(flowVersions.flowId, flows.id), eq(flowVersions.version, flows.version)))
    .where(and(eq(flows.accountId, accountId), eq(flows.id, flowId))).limit(1);
  if (!target) return null;
  const [e] = await tx.insert(flowExecutions).values({
    accountId, flowId, versionId: target.v.id, status: 'RUNNING', executeFor: 'LIST', executionType: 'API',
    flowExecutionVariables: variables, startedOn: new Date(),
  }).returning();
  await startForContacts(tx, e, [contactId], { checkBusy: false, chain, counters });
  return e.id;
}

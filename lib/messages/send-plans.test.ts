import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// The send pipeline's statements that find messages by id (the claim, the accepted write) find
// them by the primary key, even as the generic plan a prepared statement keeps, when thousands of
// messages were queued after the statistics were taken: never by reading every queued message
// (the partial index of queued messages) or every unsent one (the provider-id index).

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { createSandboxChannel } = await import('@/lib/channels/service');
const { stopQueue } = await import('@/lib/jobs/queue');
const { claimStatement } = await import('./send-claim');
const { acceptedStatement, failedStatement } = await import('./send-job');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let ids: string[];

beforeAll(async () => {
  db = await getDb();
  const [account] = await db.insert(accounts).values({ name: `plans ${Date.now()}`, country: 'MX' }).returning();
  const channel = await db.transaction((tx) => createSandboxChannel(tx, account.id));
  const queue = (count: number, prefix: string) => db.execute(sql`
    with c as (insert into contacts (account_id, phone, canonical_phone, search_text)
      select ${account.id}, ${prefix} || n, ${prefix} || n, '' from generate_series(1, ${count}) n returning id),
    v as (insert into conversations (account_id, contact_id, channel_id, status, source)
      select ${account.id}, id, ${channel.id}, 'CREATED', 'API' from c returning id, contact_id)
    insert into messages (account_id, conversation_id, contact_id, channel_id, direction, source, status, to_number, from_number, queued_on)
      select ${account.id}, v.id, v.contact_id, ${channel.id}, 'OUTBOUND', 'API', 'queued', '+1', '+2', now() from v`);
  await queue(5, '+5255');
  await db.execute(sql`analyze messages`);
  // Queued after the statistics were taken: a queue that filled faster than autovacuum analyses.
  await queue(3000, '+5266');
  ids = (await execRows<{ id: string }>(db, sql`select id from messages where account_id = ${account.id} order by seq desc limit 10`)).map((r) => r.id);
});

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

function literal(value: unknown): string {
  const text = Array.isArray(value) ? `{${value.join(',')}}` : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The generic plan of `query`, as a prepared statement keeps it (run and rolled back). */
async function genericPlan(query: SQL): Promise<PlanNode> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`prepare send_plan as ${text}`));
    try {
      const [row] = await execRows<{ 'QUERY PLAN': unknown }>(tx, sql.raw(`explain (format json) execute send_plan(${params.map(literal).join(', ')})`));
      const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
      return (plan as { Plan: PlanNode }[])[0].Plan;
    } finally {
      await tx.execute(sql.raw('deallocate send_plan'));
    }
  });
}

/**
 * Messages are read only through the primary key, or through the queued index for one
 * conversation's earlier messages: never a scan of the table or of another index.
 */
function expectFoundByKey(plan: PlanNode) {
  const all = nodes(plan);
  expect(all.some((n) => n['Index Name'] === 'messages_pkey')).toBe(true);
  for (const node of all) {
    const index = node['Index Name'];
    if (index?.startsWith('messages_')) {
      if (index === 'messages_queued_conversation_idx') expect(node['Index Cond']).toContain('conversation_id');
      else expect(index).toBe('messages_pkey');
    } else if (node['Relation Name'] === 'messages' && node['Node Type'] !== 'ModifyTable') {
      expect(node['Node Type']).toMatch(/^(Bitmap Heap Scan|Index Scan)$/);
    }
  }
}

describe('the send pipeline\'s statements by message id', () => {
  it('claim by the primary key', async () => {
    expectFoundByKey(await genericPlan(claimStatement(ids)));
  });

  it('write accepted sends by the primary key', async () => {
    expectFoundByKey(await genericPlan(acceptedStatement(ids.map((id, i) => ({ id, provider_id: `wamid.${i}` })))));
  });

  it('fail queued messages by the primary key', async () => {
    expectFoundByKey(await genericPlan(failedStatement(ids.map((id) => ({ id, attempts: 1, code: 'x', message: 'y' })))));
  });

  it('claim what they are asked to, once', async () => {
    const claimed = await execRows<{ id: string }>(db, claimStatement(ids.slice(0, 3)));
    expect(claimed.map((c) => c.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect(await execRows(db, claimStatement(ids.slice(0, 3)))).toEqual([]);
    const accepted = await execRows<{ id: string }>(db, acceptedStatement([{ id: ids[0], provider_id: 'wamid.plan' }]));
    expect(accepted.map((a) => a.id)).toEqual([ids[0]]);
    expect(await execRows(db, acceptedStatement([{ id: ids[0], provider_id: 'wamid.again' }]))).toEqual([]);
    const failed = await execRows<{ id: string }>(db, failedStatement([ids[0], ids[5]].map((id) => ({ id, attempts: 1, code: 'x', message: 'y' }))));
    expect(failed.map((f) => f.id)).toEqual([ids[5]]); // the accepted one stays accepted
  });
});

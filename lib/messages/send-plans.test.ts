import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db';
import { genericPlan, planNodes, type PlanNode } from '@/lib/test-support/generic-plan';
import { rolledBack } from '@/lib/test-support/rolled-back';

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
let account: { id: number };
let channel: { id: number };

beforeAll(async () => {
  db = await getDb();
  [account] = await db.insert(accounts).values({ name: `plans ${Date.now()}`, country: 'MX' }).returning();
  channel = await db.transaction((tx) => createSandboxChannel(tx, account.id));
});

/**
 * Runs `check` over 3,000 messages queued after the statistics were taken (a queue that filled
 * faster than autovacuum analyses), with the ids of the ten newest; all of it rolled back, so that
 * neither the rows nor the statistics stay for other tests.
 */
function withQueue(check: (tx: Executor, ids: string[]) => Promise<void>): Promise<void> {
  const queue = (tx: Executor, count: number, prefix: string) => tx.execute(sql`
    with c as (insert into contacts (account_id, phone, canonical_phone, search_text)
      select ${account.id}, ${prefix} || n, ${prefix} || n, '' from generate_series(1, ${count}) n returning id),
    v as (insert into conversations (account_id, contact_id, channel_id, status, source)
      select ${account.id}, id, ${channel.id}, 'CREATED', 'API' from c returning id, contact_id)
    insert into messages (account_id, conversation_id, contact_id, channel_id, direction, source, status, to_number, from_number, queued_on)
      select ${account.id}, v.id, v.contact_id, ${channel.id}, 'OUTBOUND', 'API', 'queued', '+1', '+2', now() from v`);
  return rolledBack(db, async (tx) => {
    await queue(tx, 5, '+5255');
    await tx.execute(sql`analyze messages`);
    await queue(tx, 3000, '+5266');
    const ids = (await execRows<{ id: string }>(tx, sql`select id from messages where account_id = ${account.id} order by seq desc limit 10`)).map((r) => r.id);
    await check(tx, ids);
  });
}

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

/**
 * Messages are read only through the primary key, or through the queued index for one
 * conversation's earlier messages: never a scan of the table or of another index.
 */
function expectFoundByKey(plan: PlanNode) {
  const all = planNodes(plan);
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
  it('claim by the primary key', () => withQueue(async (tx, ids) => {
    expectFoundByKey(await genericPlan(tx, claimStatement(ids)));
  }));

  it('write accepted sends by the primary key', () => withQueue(async (tx, ids) => {
    expectFoundByKey(await genericPlan(tx, acceptedStatement(ids.map((id, i) => ({ id, provider_id: `wamid.${i}` })))));
  }));

  it('fail queued messages by the primary key', () => withQueue(async (tx, ids) => {
    expectFoundByKey(await genericPlan(tx, failedStatement(ids.map((id) => ({ id, attempts: 1, code: 'x', message: 'y' })))));
  }));

  it('claim what they are asked to, once', () => withQueue(async (tx, ids) => {
    const claimed = await execRows<{ id: string }>(tx, claimStatement(ids.slice(0, 3)));
    expect(claimed.map((c) => c.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect(await execRows(tx, claimStatement(ids.slice(0, 3)))).toEqual([]);
    const accepted = await execRows<{ id: string }>(tx, acceptedStatement([{ id: ids[0], provider_id: 'wamid.plan' }]));
    expect(accepted.map((a) => a.id)).toEqual([ids[0]]);
    expect(await execRows(tx, acceptedStatement([{ id: ids[0], provider_id: 'wamid.again' }]))).toEqual([]);
    const failed = await execRows<{ id: string }>(tx, failedStatement([ids[0], ids[5]].map((id) => ({ id, attempts: 1, code: 'x', message: 'y' }))));
    expect(failed.map((f) => f.id)).toEqual([ids[5]]); // the accepted one stays accepted
  }));
});

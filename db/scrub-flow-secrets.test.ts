import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';

// Migration 0026 takes the flow's signing key out of the webhook events recorded while the flow
// object carried it, and leaves every other event as it was. Run here again over rows of both kinds.

const { closeDatabase, getDb } = await import('@/db');
const { accounts, webhookEvents } = await import('@/db/schema');
const { stopQueue } = await import('@/lib/jobs/queue');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let accountId: number;
const MIGRATION = fs.readFileSync(path.join(__dirname, 'migrations/0026_scrub_flow_secrets.sql'), 'utf8');

beforeAll(async () => {
  db = await getDb();
  [{ id: accountId }] = await db.insert(accounts).values({ name: 'Scrub', country: 'MX' }).returning();
});
afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

it('removes flow_end_webhook_secret from stored flow events and nothing else', async () => {
  const flow = { id: 'f', name: 'Flow', flow_end_webhook_url: 'https://example.com/end', flow_end_webhook_secret: 'whsec_x' };
  const withSecret = { type: 'flow_execution_contact.completed', timestamp: 't', data: { id: 'c', flow_execution: { id: 'e', flow } } };
  const other = { type: 'contact.created', timestamp: 't', data: { id: 'k', flow_end_webhook_secret: 'not a flow object' } };
  const rows = await db.insert(webhookEvents).values([
    { accountId, type: 'flow_execution_contact.completed', resourceId: 'c', payload: withSecret },
    { accountId, type: 'contact.created', resourceId: 'k', payload: other },
  ]).returning();
  await db.execute(MIGRATION);
  const after = new Map((await db.select().from(webhookEvents)).map((r) => [r.id, r.payload]));
  const { flow_end_webhook_secret: _gone, ...kept } = flow;
  expect(after.get(rows[0].id)).toEqual({ ...withSecret, data: { id: 'c', flow_execution: { id: 'e', flow: kept } } });
  expect(after.get(rows[1].id)).toEqual(other);
});

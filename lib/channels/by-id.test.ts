import { afterAll, describe, expect, it, vi } from 'vitest';
import '@/lib/test-support/unit-database';

// The channel a provider calls back on, read through the per-process cache against a real database
// (the embedded engine in memory, or the scratch Postgres database in TEST_DATABASE_URL): served
// without a query once cached, and never stale after a change made here or by another writer.

const { closeDatabase, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { notifiedCache } = await import('@/lib/cache/notified-cache');
const { channelById } = await import('./by-id');
const { createCloudChannel, markWebhookSet, patchChannel } = await import('./service');
const { channelSettings } = await import('./settings');
const { changeElsewhere, untilCached } = await import('@/lib/test-support/elsewhere');
const { stopQueue } = await import('@/lib/jobs/queue'); // a new channel's template sync is a job

let seq = 0;
async function cloudChannel() {
  const db = await getDb();
  const n = `${Date.now()}${++seq}`;
  const [account] = await db.insert(accounts).values({ name: `by-id ${n}`, country: 'MX' }).returning();
  const channel = await createCloudChannel(db, account.id, {
    name: 'Cloud', phone_number_id: `PN${n}`, business_account_id: `WABA${n}`, access_token: 'token', app_secret: 'first-secret',
    verify_token: 'verify', app_id: '', base_url: 'http://127.0.0.1:9', api_version: 'v21.0', rate_limit: 80,
  } as never);
  await untilCached(db, () => channelById(db, channel.id));
  return { db, account, channel };
}

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

describe('channel by id', () => {
  it('is served from the cache, as a copy, and a missing channel is null', async () => {
    const { db, channel } = await cloudChannel();
    const select = vi.spyOn(db, 'select');
    const first = await channelById(db, channel.id);
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
    expect(first).toMatchObject({ id: channel.id, name: 'Cloud', status: 'NEW' });
    first!.name = 'changed by a caller';
    expect((await channelById(db, channel.id))!.name).toBe('Cloud');
    expect(await channelById(db, 2_000_000_000)).toBeNull();
  });

  it('follows changes made in this process at once: new settings, the handshake, the status', async () => {
    const { db, account, channel } = await cloudChannel();
    await patchChannel(db, account.id, channel.id, { app_secret: 'second-secret' } as never);
    const patched = (await channelById(db, channel.id))!;
    expect(channelSettings(patched)!.app_secret).toBe('second-secret');
    await untilCached(db, () => channelById(db, channel.id));
    await markWebhookSet(db, patched);
    const marked = (await channelById(db, channel.id))!;
    expect(marked.status).toBe('ACTIVE');
    expect(channelSettings(marked)!.webhook_set).toBe(true);
  });

  it('follows changes made by another writer', async () => {
    const { db, channel } = await cloudChannel();
    await changeElsewhere(notifiedCache('channels'), `update channels set status = 'INACTIVE' where id = ${channel.id}`);
    expect((await channelById(db, channel.id))!.status).toBe('INACTIVE');
    await untilCached(db, () => channelById(db, channel.id));
    await changeElsewhere(notifiedCache('channels'), `delete from channels where id = ${channel.id}`);
    expect(await channelById(db, channel.id)).toBeNull();
  });
});

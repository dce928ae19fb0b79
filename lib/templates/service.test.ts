import { afterAll, describe, expect, it, vi } from 'vitest';
import '@/lib/test-support/unit-database';

// A template and its channel, read through the per-process cache against a real database (the
// embedded engine in memory, or the scratch Postgres database in TEST_DATABASE_URL): served without
// a query once cached, and never stale after a change of the template or of its channel, made here
// or by another writer.

const { closeDatabase, getDb } = await import('@/db');
const { accounts } = await import('@/db/schema');
const { notifiedCache } = await import('@/lib/cache/notified-cache');
const { createSandboxChannel } = await import('@/lib/channels/service');
const { findTemplate, saveTemplate } = await import('./service');
const { changeElsewhere, untilCached } = await import('@/lib/test-support/elsewhere');

let seq = 0;
async function sandboxTemplate() {
  const db = await getDb();
  const [account] = await db.insert(accounts).values({ name: `templates ${Date.now()}${++seq}`, country: 'MX' }).returning();
  const channel = await createSandboxChannel(db, account.id);
  const saved = await saveTemplate(db, account.id, channel.id, {
    name: 'cached_hello', language: 'en', category: 'UTILITY', status: 'approved', components: [{ type: 'BODY', text: 'Hi {{1}}' }],
  } as never);
  await untilCached(db, () => findTemplate(db, account.id, saved.id));
  return { db, account, channel, id: saved.id as string };
}

const templates = () => notifiedCache('templates', 'channels');

afterAll(async () => {
  await closeDatabase();
});

describe('templates read through the cache', () => {
  it('are served without a query, as copies, and only to their account', async () => {
    const { db, account, id } = await sandboxTemplate();
    const select = vi.spyOn(db, 'select');
    const found = await findTemplate(db, account.id, id);
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
    expect(found!.template).toMatchObject({ id, name: 'cached_hello', status: 'approved' });
    found!.template.status = 'rejected';
    expect((await findTemplate(db, account.id, id))!.template.status).toBe('approved');
    expect(await findTemplate(db, account.id + 1_000_000, id)).toBeNull();
  });

  it('follow a template saved again in this process', async () => {
    const { db, account, channel, id } = await sandboxTemplate();
    await saveTemplate(db, account.id, channel.id, {
      name: 'cached_hello', language: 'en', category: 'UTILITY', status: 'rejected', components: [{ type: 'BODY', text: 'Hi {{1}}' }],
    } as never);
    expect((await findTemplate(db, account.id, id))!.template.status).toBe('rejected');
  });

  it('follow changes of the template and of its channel by another writer', async () => {
    const { db, account, channel, id } = await sandboxTemplate();
    await changeElsewhere(templates(), `update chat_templates set status = 'disabled' where id = '${id}'`);
    expect((await findTemplate(db, account.id, id))!.template.status).toBe('disabled');
    await untilCached(db, () => findTemplate(db, account.id, id));
    await changeElsewhere(templates(), `update channels set status = 'INACTIVE' where id = ${channel.id}`);
    expect((await findTemplate(db, account.id, id))!.channel.status).toBe('INACTIVE');
  });
});

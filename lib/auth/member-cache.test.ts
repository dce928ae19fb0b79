import { afterAll, describe, expect, it, vi } from 'vitest';
import '@/lib/test-support/unit-database';

// The per-process member cache against a real database (the embedded engine in memory, or the
// scratch Postgres database in TEST_DATABASE_URL): keys resolve from it without a query, and any
// change that could refuse a credential, made by this process or by another connection, is
// honoured on the very next request.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { sql } = await import('drizzle-orm');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { resolveMember } = await import('./resolve');
const { memberCache } = await import('./member-cache');
const { hashApiKey } = await import('./api-key-format');
const { endpoint, json } = await import('@/lib/api/handler');
const { revokeApiKey } = await import('@/lib/api-keys/service');
const { changeElsewhere, untilCached } = await import('@/lib/test-support/elsewhere');

const withKey = (key: string) => new Request('http://test/api/contact', { headers: { Authorization: `Token ${key}` } });

/** Resolves until the cache is listening and holds the key (the listener starts on first use). */
async function warm(key: string) {
  await untilCached(await getDb(), () => resolveMember(withKey(key)));
}

async function keyId(key: string) {
  const [row] = await execRows<{ id: number }>(await getDb(), sql`select id from api_keys where prefix = ${key.slice(0, 11)}`);
  return row.id;
}

const elsewhere = (text: string) => changeElsewhere(memberCache, text);

afterAll(async () => {
  await closeDatabase();
});

describe('member cache', () => {
  it('serves a resolved key without a query, and still records its use', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    await warm(seeded.admin.key);
    const db = await getDb();
    const select = vi.spyOn(db, 'select');
    const member = await resolveMember(withKey(seeded.admin.key));
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
    expect(member).toEqual({ userId: seeded.admin.id, accountId: seeded.account_id, role: 'ADMIN', via: 'key' });
    member.accountId = -1; // callers get a copy: the cached member cannot be changed through one
    expect((await resolveMember(withKey(seeded.admin.key))).accountId).toBe(seeded.account_id);
    const [used] = await execRows<{ last_used_on: string | null }>(db, sql`select last_used_on from api_keys where id = ${await keyId(seeded.admin.key)}`);
    expect(used.last_used_on).not.toBeNull();
  });

  it('refuses a key revoked by this process on the next request', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    await warm(seeded.admin.key);
    await revokeApiKey(await getDb(), seeded.account_id, await keyId(seeded.admin.key));
    await expect(resolveMember(withKey(seeded.admin.key))).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a key revoked, or a member deactivated, by another writer on the next request', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    await warm(seeded.admin.key);
    await warm(seeded.agent.key);
    await elsewhere(`update api_keys set revoked_on = now() where id = ${await keyId(seeded.admin.key)}`);
    await expect(resolveMember(withKey(seeded.admin.key))).rejects.toMatchObject({ status: 401 });
    await elsewhere(`update users set is_active = false where id = ${seeded.agent.id}`);
    await expect(resolveMember(withKey(seeded.agent.key))).rejects.toMatchObject({ status: 401 });
  });

  it('follows a role changed elsewhere', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    await warm(seeded.agent.key);
    expect((await resolveMember(withKey(seeded.agent.key))).role).toBe('AGENT');
    await elsewhere(`update users set role = 'MANAGER' where id = ${seeded.agent.id}`);
    expect((await resolveMember(withKey(seeded.agent.key))).role).toBe('MANAGER');
  });

  it('authorises a role-gated request against the database while the cache still holds the old role', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    await warm(seeded.admin.key);
    const cacheKey = `key:${hashApiKey(seeded.admin.key)}`;
    const before = memberCache.get(cacheKey);
    expect(before).not.toBeNull();
    // The other web process of the race: its notification not yet heard, so the old entry is still served.
    await elsewhere(`update users set role = 'AGENT' where id = ${seeded.admin.id}`);
    memberCache.set(cacheKey, before, memberCache.ticket());
    expect((await resolveMember(withKey(seeded.admin.key))).role).toBe('ADMIN');
    expect((await resolveMember(withKey(seeded.admin.key), { fresh: true })).role).toBe('AGENT');
    const adminsOnly = endpoint({ roles: ['ADMIN'], handle: async () => json({ ok: true }) });
    const anyone = endpoint({ handle: async ({ member }) => json({ role: member.role }) });
    expect((await adminsOnly(withKey(seeded.admin.key), undefined as never)).status).toBe(403);
    expect(await (await anyone(withKey(seeded.admin.key), undefined as never)).json()).toEqual({ role: 'ADMIN' });
  });

  it('does not store a lookup that began before an invalidation', async () => {
    const ticket = memberCache.ticket();
    memberCache.invalidate();
    memberCache.set('key:stale', { stale: true }, ticket);
    expect(memberCache.get('key:stale')).toBeNull();
    const fresh = memberCache.ticket();
    memberCache.set('key:fresh', { fresh: true }, fresh);
    expect(memberCache.get('key:fresh')).toEqual({ fresh: true });
  });

  it('trusts nothing while not listening, and starts again with a reopened database', async () => {
    await warm((await seedTestAccount(await getDb(), { country: 'MX' })).admin.key);
    await closeDatabase(); // closes the listener: a process that cannot hear changes must not cache
    memberCache.set('key:closed', { closed: true }, memberCache.ticket());
    expect(memberCache.get('key:closed')).toBeNull();
    // A reopened database (an embedded one in memory starts empty) is listened to again.
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    await warm(seeded.admin.key);
    await elsewhere(`update api_keys set revoked_on = now() where id = ${await keyId(seeded.admin.key)}`);
    await expect(resolveMember(withKey(seeded.admin.key))).rejects.toMatchObject({ status: 401 });
  });
});

import { afterAll, describe, expect, it, vi } from 'vitest';
import postgres from 'postgres';

// The per-process member cache against a real database (the embedded engine in memory, or the
// scratch Postgres database in TEST_DATABASE_URL): keys resolve from it without a query, and any
// change that could refuse a credential, made by this process or by another connection, is
// honoured on the very next request.
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
if (POSTGRES_URL) process.env.DATABASE_URL = POSTGRES_URL;
else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = 'memory://';
}
process.env.WORKERS_IN_WEB = 'false';

const { closeDatabase, database, execRows, getDb } = await import('@/db');
const { sql } = await import('drizzle-orm');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { resolveMember } = await import('./resolve');
const { memberCache } = await import('./member-cache');
const { revokeApiKey } = await import('@/lib/api-keys/service');
const { postgresTarget } = await import('@/db/postgres-url');

const withKey = (key: string) => new Request('http://test/api/contact', { headers: { Authorization: `Token ${key}` } });

/** Resolves until the cache is listening and holds the key (the listener starts on first use). */
async function warm(key: string) {
  for (let i = 0; i < 200; i++) {
    await resolveMember(withKey(key));
    const db = await getDb();
    const select = vi.spyOn(db, 'select');
    await resolveMember(withKey(key));
    const queried = select.mock.calls.length;
    select.mockRestore();
    if (queried === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the member cache never started serving');
}

async function keyId(key: string) {
  const [row] = await execRows<{ id: number }>(await getDb(), sql`select id from api_keys where prefix = ${key.slice(0, 11)}`);
  return row.id;
}

/**
 * A statement run the way another process would run it: on Postgres, over a connection of its own;
 * on the embedded engine (one process by construction), through the same engine but outside the
 * application's code paths. Returns once this process has heard the change's notification: across
 * processes that takes as long as Postgres takes to deliver it (well under a millisecond on one
 * machine, but not nothing), and a request served in between is the documented window.
 */
async function elsewhere(text: string) {
  const before = memberCache.ticket().generation;
  if (!POSTGRES_URL) {
    await (await database()).pglite!.exec(text);
  } else {
    const target = postgresTarget(POSTGRES_URL);
    const other = postgres(target.url, { host: target.host, max: 1, onnotice: () => {} });
    try {
      await other.unsafe(text);
    } finally {
      await other.end();
    }
  }
  for (let waited = 0; memberCache.ticket().generation === before; waited += 5) {
    if (waited > 2_000) throw new Error('no auth_changed notification within 2 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

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

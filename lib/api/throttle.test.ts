import { afterAll, afterEach, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';

// Throttling through the handler wrapper, against a real database (the embedded engine, or the
// scratch Postgres database of TEST_DATABASE_URL): per member, keys sharing their member's
// allowance, DRF's 429 body with Retry-After, the allowance headers, and fixed windows.

const { closeDatabase, getDb } = await import('@/db');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { createApiKey } = await import('@/lib/api-keys/service');
const { endpoint, json } = await import('./handler');
const { countRequest, parseRate, ThrottledError } = await import('./throttle');

const route = endpoint({ handle: async ({ member }) => json({ user: member.userId }) });
const noAuth = endpoint({ auth: false, handle: async () => json({ ok: true }) });
const call = (handler: typeof route, key?: string) => handler(
  new Request('http://test/api/thing', { headers: key ? { Authorization: `Token ${key}` } : {} }),
  { params: Promise.resolve({}) },
);
const allowance = (res: Response) => ({
  limit: res.headers.get('x-ratelimit-limit'), remaining: res.headers.get('x-ratelimit-remaining'),
});

afterEach(() => {
  delete process.env.API_RATE_LIMIT;
});

afterAll(async () => {
  await closeDatabase();
});

describe('parseRate', () => {
  it('reads "N/period" with the periods DRF accepts, and every way of saying off', () => {
    expect(parseRate('600/minute')).toEqual({ limit: 600, periodSeconds: 60, text: '600/minute' });
    expect(parseRate(' 10 / s ')).toMatchObject({ limit: 10, periodSeconds: 1 });
    expect(parseRate('5000/Hour')).toMatchObject({ limit: 5000, periodSeconds: 3600 });
    expect(parseRate('100000/day')).toMatchObject({ limit: 100000, periodSeconds: 86400 });
    for (const off of [undefined, '', '0', 'off', 'OFF', 'none']) expect(parseRate(off)).toBeNull();
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['600', '600/fortnight', 'lots/minute', '0/minute', '-5/minute', '600 per minute']) {
      expect(() => parseRate(bad)).toThrow(/API_RATE_LIMIT must look like "600\/minute"/);
    }
  });
});

describe('throttling', () => {
  it('is off by default: no counting, no allowance headers', async () => {
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    for (let i = 0; i < 5; i++) {
      const res = await call(route, seeded.admin.key);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('answers 429 with DRF\'s body and Retry-After once a member has spent the window\'s allowance', async () => {
    process.env.API_RATE_LIMIT = '3/day';
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(route, seeded.admin.key);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ user: seeded.admin.id });
      remaining.push(allowance(res).remaining);
      expect(allowance(res).limit).toBe('3');
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const refused = await call(route, seeded.admin.key);
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(Object.keys(body)).toEqual(['detail']);
    const wait = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(wait) && wait >= 1 && wait <= 86_400).toBe(true);
    expect(body.detail).toBe(`Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`);
    expect(allowance(refused)).toEqual({ limit: '3', remaining: '0' });
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(wait));
  });

  it('counts per member: a second key of the same member shares the allowance, another member has its own', async () => {
    process.env.API_RATE_LIMIT = '2/day';
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const other = await seedTestAccount(db, { country: 'MX' });
    const second = await createApiKey(db, seeded.account_id, { name: 'second', userId: seeded.admin.id, createdById: seeded.admin.id });

    expect((await call(route, seeded.admin.key)).status).toBe(200);
    expect((await call(route, second.key)).status).toBe(200);
    expect((await call(route, second.key)).status).toBe(429);
    expect((await call(route, seeded.admin.key)).status).toBe(429);
    // The agent of the same account, and a member of another account, are untouched.
    const agent = await call(route, seeded.agent.key);
    expect([agent.status, allowance(agent).remaining]).toEqual([200, '1']);
    const stranger = await call(route, other.admin.key);
    expect([stranger.status, allowance(stranger).remaining]).toEqual([200, '1']);
  });

  it('leaves unauthenticated requests and routes without auth alone', async () => {
    process.env.API_RATE_LIMIT = '1/day';
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    expect((await call(route, seeded.admin.key)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const anonymous = await call(route);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('x-ratelimit-limit')).toBeNull();
      const open = await call(noAuth);
      expect(open.status).toBe(200);
      expect(open.headers.get('x-ratelimit-limit')).toBeNull();
    }
    const badKey = await call(route, 'ek_not-a-real-key');
    expect(badKey.status).toBe(401);
  });

  it('starts afresh in the next window or when the window\'s length changes, and keeps a window a clock behind counts into', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    const user = seeded.admin.id;
    const rate = parseRate('2/minute')!;
    const start = Math.ceil(Date.now() / 60_000) * 60_000 + 600_000; // a window of its own, in the future
    const at = (ms: number) => new Date(start + ms);
    expect(await countRequest(db, user, rate, at(1_000))).toEqual({ limit: 2, remaining: 1, resetSeconds: 59 });
    expect(await countRequest(db, user, rate, at(50_500))).toEqual({ limit: 2, remaining: 0, resetSeconds: 10 });
    const refused = await countRequest(db, user, rate, at(59_999)).catch((error) => error);
    expect(refused).toBeInstanceOf(ThrottledError);
    expect(refused.allowance).toEqual({ limit: 2, remaining: 0, resetSeconds: 1 });

    expect(await countRequest(db, user, rate, at(60_000))).toEqual({ limit: 2, remaining: 1, resetSeconds: 60 });
    // A clock 2 s behind (a database failover, say) still sees the window that began at start + 60 s.
    expect(await countRequest(db, user, rate, at(58_000))).toEqual({ limit: 2, remaining: 0, resetSeconds: 62 });
    await expect(countRequest(db, user, rate, at(61_000))).rejects.toBeInstanceOf(ThrottledError);
    // Another length of window (API_RATE_LIMIT changed) starts afresh, aligned to its own length.
    const hourly = parseRate('5/hour')!;
    const hourStart = Math.floor((start + 61_000) / 3_600_000) * 3_600_000;
    expect(await countRequest(db, user, hourly, at(61_000))).toEqual({ limit: 5, remaining: 4, resetSeconds: Math.ceil((hourStart + 3_600_000 - start - 61_000) / 1000) });
  });

  it('counts requests arriving together as they would have been counted one by one', async () => {
    const db = await getDb();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const rate = parseRate('5/day')!;
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => countRequest(db, i % 2 ? seeded.admin.id : seeded.agent.id, rate)
      .then((a) => a.remaining, (error) => (error instanceof ThrottledError ? 'throttled' : error))));
    const agent = outcomes.filter((_, i) => i % 2 === 0);
    const admin = outcomes.filter((_, i) => i % 2 === 1);
    expect(agent).toEqual([4, 3, 2, 1]);
    expect(admin).toEqual([4, 3, 2, 1]);
    const more = await Promise.all(Array.from({ length: 3 }, () => countRequest(db, seeded.admin.id, rate)
      .then((a) => a.remaining, (error) => (error instanceof ThrottledError ? 'throttled' : error))));
    expect(more).toEqual([0, 'throttled', 'throttled']);
  });

  it('spends no allowance on a request its role refuses', async () => {
    process.env.API_RATE_LIMIT = '1/day';
    const seeded = await seedTestAccount(await getDb(), { country: 'MX' });
    const adminsOnly = endpoint({ roles: ['ADMIN'], handle: async () => json({ ok: true }) });
    for (let i = 0; i < 3; i++) expect((await call(adminsOnly, seeded.agent.key)).status).toBe(403);
    expect((await call(route, seeded.agent.key)).status).toBe(200);
    expect((await call(route, seeded.agent.key)).status).toBe(429);
  });
});

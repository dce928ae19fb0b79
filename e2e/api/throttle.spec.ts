import type http from 'node:http';
import { expect, test } from '@playwright/test';
import { OwnServer } from './own-server';
import { rawRequest } from './raw-http';

// API_RATE_LIMIT on a real server: one allowance per member however its requests spread over
// connections and web processes (two on Postgres, counted in the database they share), DRF's 429
// with Retry-After, the allowance headers, and a mistyped value refused at start-up.

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

// Each request on a connection of its own, so the server spreads them over its web processes.
async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await rawRequest(base, path, { headers, agent: false });
  return { ...res, body: res.body.toString('utf8') };
}

test('a member is throttled once its allowance is spent, across connections and web processes', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const kind = testInfo.project.name === 'api-postgres' ? 'postgres' : 'pglite';
  // A day's window: a shorter one could end in the middle of the test and start the count afresh.
  const server = await OwnServer.create(kind, 3520 + testInfo.workerIndex, {
    API_RATE_LIMIT: '6/day', ...(kind === 'postgres' ? { WEB_CONCURRENCY: '2' } : {}),
  });
  try {
    await server.start();
    expect(server.output()).toContain('API requests limited to 6/day per member');
    if (kind === 'postgres') {
      // Connections of their own are spread over the two web processes, so the requests below are
      // counted by both, each adding to the one count in the database.
      const pids = new Set<number>();
      for (let i = 0; i < 40 && pids.size < 2; i++) pids.add(JSON.parse((await get(server.baseURL, '/api/test/web-process')).body).pid);
      expect(pids.size).toBe(2);
    }
    const account = await (await fetch(`${server.baseURL}/api/test/account`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"country":"MX"}',
    })).json();
    const admin = { Authorization: `Token ${account.admin.key}` };

    const remaining: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await get(server.baseURL, i % 2 ? '/api/contact' : '/api/user/', admin);
      expect(res.status, res.body).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('6');
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['5', '4', '3', '2', '1', '0']);

    const refused = await get(server.baseURL, '/api/contact', admin);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait >= 1 && wait <= 86_400).toBe(true);
    expect(JSON.parse(refused.body)).toEqual({ detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.` });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');

    // Another member has an allowance of its own; unauthenticated routes are not counted.
    const agent = await get(server.baseURL, '/api/contact', { Authorization: `Token ${account.agent.key}` });
    expect([agent.status, agent.headers['x-ratelimit-remaining']]).toEqual([200, '5']);
    const health = await get(server.baseURL, '/api/health');
    expect(health.status).toBe(200);
    expect(health.headers['x-ratelimit-limit']).toBeUndefined();
    const anonymous = await get(server.baseURL, '/api/contact');
    expect(anonymous.status).toBe(401);
  } finally {
    await server.dispose();
  }
});

test('a mistyped API_RATE_LIMIT stops the server at start-up, saying why', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const kind = testInfo.project.name === 'api-postgres' ? 'postgres' : 'pglite';
  const printed = await OwnServer.startRefused(kind, 3520 + testInfo.workerIndex, { API_RATE_LIMIT: '600 a minute' });
  expect(printed).toContain('API_RATE_LIMIT must look like "600/minute"');
});

import http from 'node:http';
import { expect, test } from '@playwright/test';
import { OwnServer } from './own-server';
import { rawRequest } from './raw-http';

// On Postgres the server runs several web processes behind one port (scripts/server.mjs): the
// supervising process accepts each connection and hands it to the next web process in turn, so
// long-lived keep-alive connections are spread evenly, and a web process that dies is replaced
// while the others keep serving. Run by the api-postgres project only (playwright.config.ts): the
// embedded database is one process's, so there is nothing to spread.

type Served = { web_process: number; pid: number };
const NO_ANSWER = 'no answer within 10 s';

async function get(base: string, agent: http.Agent | false): Promise<Served> {
  const res = await rawRequest(base, '/api/test/web-process', { agent, timeoutMs: 10_000 });
  const text = res.body.toString('utf8');
  if (res.status !== 200) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
}

test.describe('web processes', () => {
  // A failed or timed-out run shows where it was and what the server printed (a timeout abandons
  // the test's own finally block).
  let current: OwnServer | null = null;
  const steps: string[] = [];
  const step = (what: string) => {
    steps.push(`${new Date().toISOString()} ${what}`);
    if (process.env.WEB_PROCESSES_STEPS) console.log(`[web-processes] ${what}`);
  };
  test.afterEach(async ({}, testInfo) => {
    if (current && testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('steps and server output', { body: `${steps.join('\n')}\n--- server output ---\n${current.output()}` });
      console.log(`[web-processes] steps:\n${steps.join('\n')}\n[web-processes] server output (end):\n${current.output().slice(-8000)}`);
      await current.dispose();
    }
    current = null;
  });

  test('connections are handed to the web processes in turn, and a dead process is replaced', async ({}, testInfo) => {
    test.setTimeout(240_000);
    const server = await OwnServer.create('postgres', 3470 + testInfo.workerIndex, { WEB_CONCURRENCY: '2' });
    current = server;
    steps.length = 0;
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 32 });
    try {
      step('starting');
      await server.start();
      step('started');

      // One new connection after another: each goes to the other process.
      const sequence: number[] = [];
      for (let i = 0; i < 6; i++) sequence.push((await get(server.baseURL, false)).web_process);
      expect(new Set(sequence)).toEqual(new Set([0, 1]));
      sequence.slice(1).forEach((slot, i) => expect(slot).not.toBe(sequence[i]));

      step('alternated');
      // 32 keep-alive connections opened at once: 16 each, and each stays with its process.
      const first = await Promise.all(Array.from({ length: 32 }, () => get(server.baseURL, keepAlive)));
      expect(first.filter((s) => s.web_process === 0)).toHaveLength(16);
      expect(first.filter((s) => s.web_process === 1)).toHaveLength(16);
      const again = await Promise.all(Array.from({ length: 32 }, () => get(server.baseURL, keepAlive)));
      expect(again.filter((s) => s.web_process === 0)).toHaveLength(16);
      keepAlive.destroy();

      // Kill web process 1 while requests keep coming, each on a new connection, as fast as they
      // can: the other process serves them, and none is left unanswered (a connection handed to
      // the dying process goes to the other, or is closed at once; requests in it fail with it).
      const victim = first.find((s) => s.web_process === 1)!.pid;
      const outcomes: (Served | { error: string })[] = [];
      let stop = false;
      const loops = Array.from({ length: 4 }, async () => {
        while (!stop) outcomes.push(await get(server.baseURL, false).catch((error: Error) => ({ error: error.message })));
      });
      await new Promise((r) => setTimeout(r, 300));
      const before = outcomes.length;
      step(`killing ${victim}`);
      process.kill(victim, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 2000));
      stop = true;
      await Promise.all(loops);
      const after = outcomes.slice(before);
      const failures = new Map<string, number>();
      for (const o of after) if ('error' in o) failures.set(o.error, (failures.get(o.error) ?? 0) + 1);
      step(`loops done: ${after.length} requests since the kill, failed: ${[...failures].map(([e, n]) => `${e} ×${n}`).join(', ') || 'none'}`);
      expect(after.filter((o) => 'pid' in o && o.web_process === 0).length).toBeGreaterThan(0);
      expect(after.filter((o) => 'error' in o && o.error === NO_ANSWER)).toEqual([]);

      // A new process takes slot 1, and its turn, once it has started (polled gently: a busy CI
      // machine starts it slowly enough without requests competing for the cores).
      await expect.poll(async () => {
        try {
          const served = [await get(server.baseURL, false), await get(server.baseURL, false)];
          step(`polled: ${served.map((s) => `${s.web_process}/${s.pid}`).join(' ')}`);
          return served.some((s) => s.web_process === 1 && s.pid !== victim);
        } catch (error) {
          step(`poll failed: ${(error as Error).message}`);
          throw error;
        }
      }, { timeout: 90_000, intervals: [500] }).toBe(true);
    } finally {
      keepAlive.destroy();
      await server.dispose();
    }
  });
});

import http from 'node:http';
import { expect, test } from '@playwright/test';
import { OwnServer } from './own-server';
import { rawRequest } from './raw-http';

// On Postgres the server runs several web processes behind one port (scripts/server.mjs):
// node:cluster workers sharing the listening socket, so new connections are spread over them and
// both cores serve requests; a web process that dies is replaced while the others keep serving,
// and no connection is left unanswered. Run by the api-postgres project only
// (playwright.config.ts): the embedded database is one process's, so there is nothing to spread.

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

  test('connections are spread over the web processes, and a dead process is replaced', async ({}, testInfo) => {
    test.setTimeout(240_000);
    const server = await OwnServer.create('postgres', 3470 + testInfo.workerIndex, { WEB_CONCURRENCY: '2' });
    current = server;
    steps.length = 0;
    let keepAlive = new http.Agent({ keepAlive: true, maxSockets: 32 });
    try {
      step('starting');
      await server.start();
      step('started');

      // One new connection after another: both processes take some. The kernel hands each to
      // whichever process is waiting in accept, so a process busy for a moment (its job workers
      // starting) can miss a run of them: up to 200 are made, until both have served.
      const sequence: number[] = [];
      while (sequence.length < 200 && new Set(sequence).size < 2) sequence.push((await get(server.baseURL, false)).web_process);
      step(`${sequence.length} connections one after another went to: ${sequence.join(' ')}`);
      expect(new Set(sequence)).toEqual(new Set([0, 1]));

      // 32 keep-alive connections opened at once: both processes take some (not always 16 each, for
      // the same reason; up to five tries), and each stays with its process.
      let first: Served[] = [];
      let onFirst = 0;
      for (let round = 0; round < 5 && (onFirst === 0 || onFirst === 32); round++) {
        keepAlive.destroy();
        keepAlive = new http.Agent({ keepAlive: true, maxSockets: 32 });
        first = await Promise.all(Array.from({ length: 32 }, () => get(server.baseURL, keepAlive)));
        onFirst = first.filter((s) => s.web_process === 0).length;
        step(`32 keep-alive connections: ${onFirst} to process 0, ${32 - onFirst} to process 1`);
      }
      expect(onFirst).toBeGreaterThan(0);
      expect(onFirst).toBeLessThan(32);
      const again = await Promise.all(Array.from({ length: 32 }, () => get(server.baseURL, keepAlive)));
      expect(again.filter((s) => s.web_process === 0)).toHaveLength(onFirst);
      keepAlive.destroy();

      // Kill web process 1 while requests keep coming, each on a new connection, as fast as they
      // can: the other process serves them, and none is left unanswered (a connection the dying
      // process had not accepted yet goes to the other; one it had is closed with it, and its
      // request fails).
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

      // A new process takes slot 1, and its share of the connections, once it has started (polled gently: a busy CI
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

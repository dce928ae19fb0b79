import { afterEach, describe, expect, it } from 'vitest';
import { workedQueues } from './workers';

describe('workedQueues', () => {
  afterEach(() => { delete process.env.WORKER_QUEUES; });

  it('is every job kind when WORKER_QUEUES is unset or blank', () => {
    expect(workedQueues()).toContain('webhook-deliver');
    expect(workedQueues()).toContain('contact-import');
    process.env.WORKER_QUEUES = ' ';
    expect(workedQueues().size).toBeGreaterThanOrEqual(5);
  });

  it('narrows to the listed queues', () => {
    process.env.WORKER_QUEUES = 'webhook-deliver, contact-import';
    expect([...workedQueues()].sort()).toEqual(['contact-import', 'webhook-deliver']);
  });

  it('refuses a name that is not a queue, naming the known ones', () => {
    process.env.WORKER_QUEUES = 'webhook-deliver,webhooks';
    expect(() => workedQueues()).toThrow(/unknown queues: webhooks \(known: .*webhook-deliver/);
  });
});

import { sql } from 'drizzle-orm';
import { execRows, getDb, type Executor } from '@/db';
import { countedTransaction } from '@/lib/contacts/counter';
import { enqueue, enqueueMany } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { enqueueSendJob } from '@/lib/messages/outbound';
import { CounterChanges, moveContacts, type ContactStatus } from '../contact-status';
import { queueEndWebhook } from '../end-webhook';
import { contactsFinished } from '../events';
import { loadExecution, NoChannelError, stepsOfVersion, type RunContext } from './context';
import { readState, writeState, type State } from './state';
import { endConversation, resumeAction, resumeDelay, resumeQuestion, resumeTemplateTap, runStep, type Outcome } from './steps';

// One run moves one contact as far as it can go: from where it stands through every step that
// needs nothing from outside, up to a wait (an answer, a delay) or the end. The contact's row is
// locked from its run until its batch commits, so its messages are handled one at a time and in
// order, whatever the number of workers; other batches run beside it. Everything a run does (step logs, queued
// messages, the new position, counters, events) commits together, with the other runs of its
// batch: a worker killed mid-batch leaves no trace, and the jobs' retry runs the same steps again
// without sending twice.

/**
 * Between two waits (an answer read, a delay, an ACTION), a run that comes back to one step this
 * many times, or goes through this many steps (far more than the 200 a flow can have), is in a loop
 * that would never end: the contact fails instead.
 */
export const MAX_VISITS_WITHOUT_WAIT = 10;
export const MAX_STEPS_WITHOUT_WAIT = 1000;
export const ENDLESS_LOOP_REASON = 'The flow went round a loop without waiting for anything (an answer, a delay or an ACTION): it would never end.';
/** Steps per run (reading many waiting replies at once): more go on in a new job; above the limit, which one run must be able to reach. */
const MAX_HOPS = 2 * MAX_STEPS_WITHOUT_WAIT;
/** Waits ending within this get a run scheduled at their end; later ones are left to the sweep. */
const SCHEDULED_WAIT_MS = 10 * 60_000;

/**
 * Runs these contacts, one after another in one transaction (a batch of the queue's jobs): their
 * messages go out in one send job and their executions' counters move once, at the end.
 */
export async function advanceContacts(fecIds: string[]): Promise<void> {
  const db = await getDb();
  await countedTransaction(db, async (tx) => {
    const batch: Batch = { tx, sends: [], counters: new CounterChanges(), finished: [] };
    // Contacts locked in id order, as pause and cancel lock them, and executions last (every
    // counter change of the batch, a flow it starts included, waits for the end). Two
    // transactions can still deadlock on other rows (a tag both create, another execution's
    // contacts a start takes over): Postgres then ends one, and a failed batch runs again job by
    // job (lib/jobs/workers.ts).
    for (const fecId of [...new Set(fecIds)].sort()) await advanceOne(batch, fecId);
    // The runs' messages go out in one job, in the order queued.
    await enqueueSendJob(tx, batch.sends, 'FLOW');
    // Last, as it locks the executions' rows (which every batch updates) until the commit; the
    // events of contacts that finished come after it, as their `data` shows the counters.
    await batch.counters.apply(tx);
    for (const f of batch.finished) await contactsFinished(tx, f.accountId, [f.fecId], f.status);
  });
}

export function advanceContact(fecId: string): Promise<void> {
  return advanceContacts([fecId]);
}

type Batch = {
  tx: Executor; sends: string[]; counters: CounterChanges;
  finished: { accountId: number; fecId: string; status: ContactStatus }[];
};

async function advanceOne({ tx, sends, counters, finished }: Batch, fecId: string): Promise<void> {
  // Every run updates its execution's counters, so batches of one execution wait for each other's
  // commit: it need not wait for the disk (loadExecution turns that off). Nothing outside sees the
  // run before a later synchronous commit (the fetch of a job it queued, its own job's
  // completion) has flushed it, and a run lost with the database is run again by its job.
  const loaded = await loadExecution(tx, fecId);
  if (!loaded) return;
  const { fec, execution, flow, contact } = loaded;
  if (!fec.isActive || fec.status === 'PAUSED' || execution.status !== 'RUNNING') return;
  const ctx: RunContext = {
    tx, fec, execution, flow, steps: await stepsOfVersion(tx, execution.versionId), contact, now: new Date(), seen: { channels: new Map() }, sends, counters,
    // A run resuming a wait has waited: a chain of flows started from it begins afresh.
    chain: fec.status === 'READY' ? fec.triggerChain : 0,
  };
  const wasReady = fec.status === 'READY';
  const s = readState(ctx, loaded);
  if (s.idx === null) s.idx = 0;
  let outcome: Outcome = { kind: 'wait' };
  let hops = 0;
  let sinceWait = 0;
  const visits = new Map<number, number>();
  try {
    for (; hops < MAX_HOPS; hops++) {
      // Steps entered afresh count as visits; resuming a wait is the same visit.
      const visit = (visits.get(s.idx!) ?? 0) + (s.waiting ? 0 : 1);
      visits.set(s.idx!, visit);
      if (++sinceWait > MAX_STEPS_WITHOUT_WAIT || visit > MAX_VISITS_WITHOUT_WAIT) {
        outcome = { kind: 'end', status: 'FAILED', reason: ENDLESS_LOOP_REASON };
        break;
      }
      const step = ctx.steps.get(s.idx!);
      if (!step) {
        outcome = { kind: 'end', status: 'COMPLETED', reason: '' };
        break;
      }
      if (s.waiting === 'ANSWER') outcome = step.step_type === 'TEMPLATE' ? resumeTemplateTap(ctx, s, step) : await resumeQuestion(ctx, s, step);
      else if (s.waiting === 'DELAY') outcome = await resumeDelay(ctx, s, step);
      else if (s.waiting === 'ACTION') outcome = await resumeAction(ctx, s, step);
      else outcome = await runStep(ctx, s, step);
      if (outcome.kind === 'go') {
        if (outcome.idx === null) {
          outcome = { kind: 'end', status: 'COMPLETED', reason: '' };
          break;
        }
        s.idx = outcome.idx;
        continue;
      }
      // A question asked while replies were already waiting reads them at once.
      if (outcome.kind === 'wait' && s.waiting === 'ANSWER' && s.inbox.length) {
        sinceWait = 0;
        visits.clear();
        ctx.chain = 0;
        continue;
      }
      // A DELAY already over (working hours open now, a date past) goes on in this run: it waited for nothing.
      if (outcome.kind === 'wait' && s.waiting === 'DELAY' && s.waitUntil && s.waitUntil <= ctx.now) continue;
      break;
    }
  } catch (error) {
    if (!(error instanceof NoChannelError)) throw error;
    outcome = { kind: 'end', status: 'FAILED', reason: error.message };
  }
  if (outcome.kind === 'end') {
    s.idx = null;
    s.waiting = '';
    s.waitUntil = null;
    await writeState(ctx, s);
    await moveContacts(tx, [fec.id], outcome.status, outcome.reason || undefined, counters);
    if (!outcome.handedOver) await endConversation(ctx);
    if (outcome.status === 'COMPLETED') await queueEndWebhook(tx, ctx, s.variables);
    finished.push({ accountId: fec.accountId, fecId: fec.id, status: outcome.status });
    return;
  }
  await writeState(ctx, s);
  if (hops >= MAX_HOPS) await enqueue(tx, QUEUES.flowAdvance.name, { fecId });
  // A wait that ends soon gets a run at its end; a longer one (a question's 24-hour expiry, a
  // delay of days) is found by the sweep, at most a minute late, instead of a job per contact.
  else if (s.waitUntil && s.waitUntil.getTime() - Date.now() <= SCHEDULED_WAIT_MS) {
    await enqueue(tx, QUEUES.flowAdvance.name, { fecId }, { startAfter: s.waitUntil });
  }
  if (wasReady) await moveContacts(tx, [fec.id], 'RUNNING', undefined, counters);
}

export type { State };

// Runs are fetched and run several at a time: each fetch sorts every run that is due, which with
// thousands of contacts started at once cost more than the runs themselves when fetched one by one.
// A batch that fails is run again one contact at a time (lib/jobs/workers.ts).
export const flowAdvanceJob = defineJob<{ fecId: string }>({
  name: QUEUES.flowAdvance.name,
  concurrency: Number(process.env.FLOW_WORKERS || 2),
  batchSize: Number(process.env.FLOW_BATCH || 50),
  handle: async ({ fecId }) => advanceContact(fecId),
  handleBatch: async (jobs) => advanceContacts(jobs.map((j) => j.data.fecId)),
});

/**
 * An execution contact whose wait is over and who may go on: a paused one goes on when its
 * execution is resumed (which runs every paused contact), not at each sweep meanwhile.
 */
export const WAIT_OVER = sql`is_active and status <> 'PAUSED' and wait_until is not null and wait_until <= now()`;

/** Every minute: contacts whose wait is over (a long wait has no scheduled run; a scheduled one may have been lost in a crash). */
export const flowSweepJob = defineJob<Record<string, never>>({
  name: QUEUES.flowSweep.name,
  concurrency: 1,
  schedule: '* * * * *',
  handle: async () => {
    const db = await getDb();
    const due = await execRows<{ id: string }>(db, sql`select id from flow_execution_contacts where ${WAIT_OVER} limit 5000`);
    await enqueueMany(db, due.map((d) => ({ name: QUEUES.flowAdvance.name, data: { fecId: d.id } })));
  },
});

import { queue } from './queue';
import { workerIds } from './wake';
import { jobs } from './jobs';

const holder = globalThis as unknown as { __engageWorkersStarted?: boolean };

/** Starts pollers for every job kind in this process. Several processes may do this at once. */
export async function startWorkers(): Promise<void> {
  if (holder.__engageWorkersStarted) return;
  holder.__engageWorkersStarted = true;
  const boss = await queue();
  for (const job of jobs) {
    const ids: string[] = [];
    for (let i = 0; i < job.concurrency; i++) {
      const batchSize = job.batchSize ?? 1;
      ids.push(await boss.work(job.name, { batchSize, pollingIntervalSeconds: 0.5 }, async (items) => {
        if (batchSize === 1) return job.handle(items[0].data as never, items[0] as never);
        const results = await Promise.allSettled(items.map((item) => job.handle(item.data as never, item as never)));
        for (const [i, result] of results.entries()) {
          if (result.status === 'rejected') {
            console.error(`[jobs] ${job.name} failed, retrying alone:`, (result.reason as Error)?.message);
            await boss.send(job.name, items[i].data as object, { startAfter: 5 });
          }
        }
      }));
    }
    workerIds.set(job.name, ids);
    if (job.schedule) await boss.schedule(job.name, job.schedule);
  }
}

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
      ids.push(await boss.work(job.name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([item]) => {
        await job.handle(item.data as never, item as never);
      }));
    }
    workerIds.set(job.name, ids);
  }
}

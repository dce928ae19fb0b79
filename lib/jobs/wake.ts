import { queue } from './queue';

// Worker ids by queue name, for this process. pg-boss polls at most every 0.5 s; after an enqueue
// the local workers are poked so that a job starts within milliseconds instead.
const holder = globalThis as unknown as { __engageWorkerIds?: Map<string, string[]> };
export const workerIds: Map<string, string[]> = (holder.__engageWorkerIds ??= new Map());

export function wakeWorkers(name: string): void {
  const ids = workerIds.get(name);
  if (!ids?.length) return;
  void queue().then((boss) => { for (const id of ids) boss.notifyWorker(id); }).catch(() => {});
}

import { defineJob } from '@/lib/jobs/registry';
import { deliverWebhook, deliverWebhooks } from './deliver';

// Deliveries wait mostly on the network: a batch is sent side by side and the outcomes of the
// whole batch recorded in one transaction; two batches may run at once per process.
export const webhookDeliverJob = defineJob<{ deliveryId: string }>({
  name: 'webhook-deliver',
  concurrency: 2,
  batchSize: Number(process.env.WEBHOOK_WORKER_BATCH || 50),
  handle: async ({ deliveryId }) => deliverWebhook(deliveryId),
  handleBatch: async (jobs) => deliverWebhooks(jobs.map((j) => j.data.deliveryId)),
});

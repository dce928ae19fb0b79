import { defineJob } from '@/lib/jobs/registry';
import { deliverWebhook, deliverWebhooks } from './deliver';

// Deliveries wait mostly on the network: each poller takes a batch, sends it side by side and
// records the outcomes of the whole batch in one transaction.
export const webhookDeliverJob = defineJob<{ deliveryId: string }>({
  name: 'webhook-deliver',
  concurrency: 2,
  batchSize: Number(process.env.WEBHOOK_WORKER_BATCH || 50),
  handle: async ({ deliveryId }) => deliverWebhook(deliveryId),
  handleBatch: async (jobs) => deliverWebhooks(jobs.map((j) => j.data.deliveryId)),
});

import { defineJob } from '@/lib/jobs/registry';
import { deliverWebhook } from './deliver';

// Deliveries wait mostly on the network, so each poller takes a batch and sends it side by side.
export const webhookDeliverJob = defineJob<{ deliveryId: string }>({
  name: 'webhook-deliver',
  concurrency: 2,
  batchSize: Number(process.env.WEBHOOK_WORKER_BATCH || 25),
  handle: async ({ deliveryId }) => deliverWebhook(deliveryId),
});

import type { JobDefinition } from './registry';
import { contactImportJob } from '@/lib/contacts/import/job';
import { webhookDeliverJob } from '@/lib/webhooks/job';
import { messageSendJob, messageSendSweepJob } from '@/lib/messages/send-job';
import { sandboxStatusJob } from '@/lib/messages/sandbox-status-job';
import { templateSyncAllJob, templateSyncJob } from '@/lib/templates/sync-job';
import { importResumeJob, uploadSweepJob } from '@/lib/contacts/import/sweep-job';
import { autocloseJob } from '@/lib/conversations/autoclose-job';
import { broadcastRunJob, broadcastSweepJob } from '@/lib/broadcasts/run';
import { flowAdvanceJob, flowSweepJob } from '@/lib/flows/engine/run';
import { flowEndWebhookJob } from '@/lib/flows/end-webhook';
import { flowActionJob } from '@/lib/flows/engine/action-job';
import { flowStartJob } from '@/lib/flows/start';

/** Every kind of background job the product runs. */
export const jobs: JobDefinition<never>[] = [
  contactImportJob as JobDefinition<never>,
  webhookDeliverJob as JobDefinition<never>,
  messageSendJob as JobDefinition<never>,
  messageSendSweepJob as JobDefinition<never>,
  sandboxStatusJob as JobDefinition<never>,
  templateSyncAllJob as JobDefinition<never>,
  templateSyncJob as JobDefinition<never>,
  uploadSweepJob as JobDefinition<never>,
  importResumeJob as JobDefinition<never>,
  broadcastRunJob as JobDefinition<never>,
  broadcastSweepJob as JobDefinition<never>,
  autocloseJob as JobDefinition<never>,
  flowAdvanceJob as JobDefinition<never>,
  flowEndWebhookJob as JobDefinition<never>,
  flowActionJob as JobDefinition<never>,
  flowStartJob as JobDefinition<never>,
  flowSweepJob as JobDefinition<never>,
];

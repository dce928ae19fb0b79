import type { JobDefinition } from './registry';
import { contactImportJob } from '@/lib/contacts/import/job';
import { webhookDeliverJob } from '@/lib/webhooks/job';

/** Every kind of background job the product runs. */
export const jobs: JobDefinition<never>[] = [
  contactImportJob as JobDefinition<never>,
  webhookDeliverJob as JobDefinition<never>,
];

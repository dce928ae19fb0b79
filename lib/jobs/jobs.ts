import type { JobDefinition } from './registry';
import { contactImportJob } from '@/lib/contacts/import/job';

/** Every kind of background job the product runs. */
export const jobs: JobDefinition<never>[] = [contactImportJob as JobDefinition<never>];

import { defineJob } from '@/lib/jobs/registry';

export const contactImportJob = defineJob<{ importId: string }>({
  name: 'contact-import',
  concurrency: 1,
  handle: async () => { throw new Error('not yet'); },
});

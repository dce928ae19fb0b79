import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { stopExecutionContact } from '@/lib/flows/executions';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/flow-execution-contact/{id}/stop — the contact leaves the flow (CANCELED); its conversation goes to the inbox as NEW.
  POST: endpoint({
    params: { id: 'uuid' },
    handle: async ({ member, params }) => json(await stopExecutionContact(await getDb(), member, params.id)),
  }),
});

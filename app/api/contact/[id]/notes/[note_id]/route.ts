import { getDb } from '@/db';
import { endpoint, methods, noContent } from '@/lib/api/handler';
import { deleteContactNote } from '@/lib/contacts/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // DELETE /api/contact/{id}/notes/{note_id} — remove one note (the dashboard's remove button).
  DELETE: endpoint({
    params: { id: 'uuid', note_id: 'int' },
    handle: async ({ member, params }) => {
      await deleteContactNote(await getDb(), member.accountId, params.id, params.note_id);
      return noContent();
    },
  }),
});

import { getDb } from '@/db';
import { endpoint, json, methods, noContent, type Lookup } from '@/lib/api/handler';
import { selectContact } from '@/lib/contacts/queries';
import { deleteContact, getContact, patchContact, replaceContact } from '@/lib/contacts/service';
import { accountContactSchemas } from '@/lib/contacts/account-country';
import { contactPatchSchema, contactReplaceSchema } from '@/lib/contacts/validation';
import { memberActor } from '@/lib/contacts/write';

const params = { id: 'uuid' } as const;
// Another account's contact is a 404 whatever the body (`lookup` in lib/api/handler.ts).
const lookup: Lookup<typeof params> = async ({ member, params }) => selectContact(await getDb(), member.accountId, params.id);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/contact/{id}
  GET: endpoint({
    params,
    handle: async ({ member, params }) => json(await getContact(await getDb(), member.accountId, params.id)),
  }),
  // PUT /api/contact/{id} — full update; an empty meta or notes removes them.
  PUT: endpoint({
    params,
    lookup,
    body: contactReplaceSchema,
    bodyFor: async (member) => (await accountContactSchemas(member)).replace,
    handle: async ({ member, params, body }) => json(await replaceContact(await getDb(), memberActor(member), params.id, body)),
  }),
  // PATCH /api/contact/{id} — partial update; meta, notes, tags and assignees are added to.
  PATCH: endpoint({
    params,
    lookup,
    body: contactPatchSchema,
    bodyFor: async (member) => (await accountContactSchemas(member)).patch,
    handle: async ({ member, params, body }) => json(await patchContact(await getDb(), memberActor(member), params.id, body)),
  }),
  // DELETE /api/contact/{id} — soft delete.
  DELETE: endpoint({
    params,
    handle: async ({ member, params }) => {
      await deleteContact(await getDb(), memberActor(member), params.id);
      return noContent();
    },
  }),
});

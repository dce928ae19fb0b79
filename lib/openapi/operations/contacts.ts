import { contactBulkSchema, contactListQuery, contactPatchSchema, contactReplaceSchema, contactUpsertSchema } from '@/lib/contacts/validation';
import { paginated } from '../schemas/common';
import { Contact, ContactBulkResult } from '../schemas/contacts';
import { csvDownload, type PathParam, type ResourceDoc } from '../operation';

const contactId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Contact id.' } };
const tags = ['Contacts'];

const OVERWRITE = 'With `overwrite_meta`, `overwrite_tags` or `overwrite_default_assignees` set to true, the sent '
  + 'value replaces the stored one instead of being merged into it.';

export const contactsDoc: ResourceDoc = {
  tags: [{
    name: 'Contacts',
    description: 'The people the account messages: phone (unique per account by its canonical E.164 form), profile, '
      + 'free-form `meta` attributes, tags, notes and default assignees.',
  }],
  operations: [
    {
      method: 'get', path: '/api/contact', operationId: 'contact_list', tags,
      summary: 'List contacts',
      description: 'The account\'s contacts that are not deleted (or, with `is_deleted=true`, those that are), newest first.',
      query: contactListQuery,
      queryDescriptions: {
        search: 'Case- and accent-insensitive match on phone digits, names, email and external URL.',
        tag: 'Only contacts carrying the tag with this name (any case).',
        is_deleted: '`true` lists the deleted contacts instead (each can be restored by `PATCH` with `is_deleted: false`).',
      },
      paginated: true,
      responses: { 200: { description: 'A page of contacts.', schema: paginated(Contact, 'Contact') } },
    },
    {
      method: 'get', path: '/api/contact/export', operationId: 'contact_export', tags,
      summary: 'Export contacts as CSV',
      description: 'Every contact the list would show with the same `search` and `tag`, newest first, as one CSV file '
        + 'in the columns the CSV upload reads: `phone` (E.164), `first_name`, `last_name`, `email`, `external_id`, '
        + '`external_url`, `source`, `tags` (joined with `; `), then one column per `meta` attribute. Edited and uploaded '
        + 'again, it updates the same contacts.',
      query: contactListQuery,
      queryDescriptions: {
        search: 'As in the list.',
        tag: 'As in the list.',
        is_deleted: 'As in the list.',
      },
      responses: {
        200: csvDownload('one row per contact, newest first.',
          'phone,first_name,last_name,email,external_id,external_url,source,tags,plan\r\n+525512345678,Ana,López,ana@example.com,,,import,vip; lead,gold\r\n',
          'contacts-<date>.csv'),
      },
    },
    {
      method: 'post', path: '/api/contact/bulk', operationId: 'contact_bulk', tags,
      summary: 'Change many contacts at once',
      description: 'One change (`add_tag`, `remove_tag`, `set_attribute`, `delete`, `restore`) to the contacts named by `ids`, '
        + 'or to every contact the list shows with `filter` (all its pages, at most 10,000: more is a 400 on `filter`). Each contact changes as an edit of it would, '
        + 'with its `contact.updated` (or `contact.deleted`) event; one the change would leave as it is is not written.',
      body: {
        schema: contactBulkSchema, name: 'ContactBulkRequest', required: true,
        example: { action: 'add_tag', tag: 'fair-2026', filter: { search: 'lopez' } },
      },
      responses: { 200: { description: 'How many contacts matched and how many changed.', schema: ContactBulkResult } },
    },
    {
      method: 'post', path: '/api/contact', operationId: 'contact_create', tags,
      summary: 'Create or update contact',
      description: 'Creates a contact, or when a contact with the same canonical phone exists, partially updates that '
        + 'contact instead of creating a duplicate: received `meta` and `notes` are appended to the current ones. '
        + OVERWRITE,
      body: {
        schema: contactUpsertSchema, name: 'ContactUpsertRequest', required: true,
        example: { phone: '+52 55 1234 5678', first_name: 'Ana', last_name: 'López', email: 'ana@example.com', meta: { plan: 'gold' }, tags: [{ name: 'vip' }] },
      },
      responses: { 201: { description: 'The created or updated contact.', schema: Contact } },
    },
    {
      method: 'get', path: '/api/contact/{id}', operationId: 'contact_retrieve', tags,
      summary: 'Get contact',
      params: contactId,
      responses: { 200: { description: 'The contact.', schema: Contact } },
    },
    {
      method: 'put', path: '/api/contact/{id}', operationId: 'contact_update', tags,
      summary: 'Update contact',
      description: 'Full update (`phone` required). An empty `meta` or `notes` removes them: this is the way to delete '
        + 'a key inside `meta` or a note (send all fields).',
      params: contactId,
      body: { schema: contactReplaceSchema, name: 'ContactReplaceRequest', required: true },
      responses: { 200: { description: 'The updated contact.', schema: Contact } },
    },
    {
      method: 'patch', path: '/api/contact/{id}', operationId: 'contact_partial_update', tags,
      summary: 'Partial update contact',
      description: 'Any subset of the fields. `meta`, `notes`, `tags` and `default_assignees` are added to the '
        + `current ones. ${OVERWRITE}`,
      params: contactId,
      body: { schema: contactPatchSchema, name: 'ContactPatchRequest', required: true },
      responses: { 200: { description: 'The updated contact.', schema: Contact } },
    },
    {
      method: 'delete', path: '/api/contact/{id}', operationId: 'contact_destroy', tags,
      summary: 'Delete contact',
      description: 'Soft delete: the contact gets `is_deleted` and leaves the list; its history and messages are kept. '
        + 'Fires the `contact.deleted` event.',
      params: contactId,
      responses: { 204: { description: 'Deleted.' } },
    },
    {
      method: 'delete', path: '/api/contact/{id}/notes/{note_id}', operationId: 'contact_notes_destroy', tags,
      summary: 'Delete a note of a contact',
      params: { ...contactId, note_id: { kind: 'int', description: 'Note id.' } },
      responses: { 204: { description: 'Deleted.' } },
    },
  ],
};

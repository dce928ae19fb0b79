import { z } from 'zod';
import { contactImportStatuses, phoneStatuses } from '@/db/schema/enum-values';
import { AssignedUser, dateTime, id, ShortUser, Tag, uuid } from './common';
import { named } from './named';

// Response shapes of contacts and their CSV uploads: lib/contacts/serializer.ts (SQL) and
// lib/contacts/import/serializer.ts are typed with them (see common.ts); response-shapes.test.ts
// holds what the database renders to them.

export const Note = named('Note', z.object({
  id: id(),
  notes: z.string(),
  contact: uuid(),
  created_on: dateTime(),
  created_by: ShortUser.nullable(),
}));

export const Contact = named('Contact', z.object({
  id: uuid(),
  phone: z.string().meta({ description: 'As sent by the client.' }),
  canonical_phone: z.string().meta({ description: 'E.164; read only. The upsert key: one contact per canonical phone.', example: '+5255123456789' }),
  first_name: z.string().max(100).nullable(),
  last_name: z.string().max(100).nullable(),
  email: z.email().max(254).nullable(),
  meta: z.record(z.string(), z.string()).meta({ description: 'Free-form attributes; values are strings. At most 200 keys '
    + 'of up to 200 characters, values of up to 10,000 characters (an object or list sent as a value is stored as '
    + 'its JSON text, nested at most 32 levels).' }),
  external_url: z.url().max(200).nullable(),
  external_id: z.string().nullable(),
  is_deleted: z.boolean(),
  source: z.string().meta({ example: 'website' }),
  created_on: dateTime(),
  last_updated_on: dateTime(),
  created_by: id().nullable().meta({ description: 'Id of the member who created the contact.' }),
  notes: z.array(Note),
  tags: z.array(Tag),
  last_conversation: uuid().nullable(),
  default_assignees: z.array(AssignedUser),
  phone_status: z.enum(phoneStatuses),
  contact_import: uuid().nullable().meta({ description: '`upload_group_id` of the last CSV upload that created or updated the contact (a flow run for that upload takes it).' }),
  opted_out: z.boolean().meta({ description: 'The contact opted out of marketing messages: MARKETING templates are not sent to them (docs/opt-out.md).' }),
  opted_out_on: dateTime().nullable().meta({ description: 'When they opted out (a keyword such as STOP, or a member); null when they have not.' }),
}));

export const ContactUploadCreated = named('ContactUploadCreated', z.object({
  upload_group_id: uuid().meta({
    description: 'Id of the upload: poll `GET /api/contact/upload/{upload_group_id}` for progress; also usable as '
      + '`contact_file.upload_group_id` when creating a flow execution for a list.',
  }),
}));

export const RejectedRow = named('RejectedRow', z.object({
  line: z.int().positive().meta({ description: 'Line number in the uploaded file.' }),
  reason: z.string(),
  row: z.record(z.string(), z.string()).meta({ description: 'The row as read, by column header.' }),
}));

export const ContactUpload = named('ContactUpload', z.object({
  upload_group_id: uuid(),
  status: z.enum(contactImportStatuses),
  byte_size: z.int().min(0).meta({ description: 'Size of the uploaded file in bytes.' }),
  processed_bytes: z.int().min(0).meta({ description: 'Bytes of the file processed so far (progress).' }),
  rows: z.int().min(0).meta({ description: 'Data rows read so far.' }),
  created: z.int().min(0),
  updated: z.int().min(0),
  unchanged: z.int().min(0).meta({ description: 'Rows whose contact already held everything they give: nothing was written and no contact.updated announced.' }),
  rejected: z.int().min(0),
  error: z.string().nullable().meta({ description: 'Why the whole upload failed (status FAILED), else null.' }),
  created_on: dateTime(),
  started_on: dateTime().nullable(),
  finished_on: dateTime().nullable(),
  rejected_rows: z.array(RejectedRow).meta({
    description: 'Rows that were not imported and why; the complete list is also served as CSV by '
      + '`GET /api/contact/upload/{upload_group_id}/rejected`.',
  }),
}));

export const ContactUploadSummary = named('ContactUploadSummary', ContactUpload.omit({ rejected_rows: true }).meta({
  description: 'An upload as the list of uploads shows it: its counters, without its rejected rows.',
}));


export const ContactBulkResult = named('ContactBulkResult', z.object({
  matched: z.int().min(0).meta({ description: 'Contacts the ids or the filter named.' }),
  changed: z.int().min(0).meta({ description: 'Of those, the ones the change changed (the others already were so): each gets its contact.updated event.' }),
}));

import { REJECTED_IN_DETAIL, uploadDetailQuery } from '@/lib/contacts/import/validation';
import { UPLOAD_LIMIT } from '@/lib/contacts/import/upload';
import { paginated } from '../schemas/common';
import { ContactUpload, ContactUploadCreated, ContactUploadSummary } from '../schemas/contacts';
import { csvDownload, type PathParam, type ResourceDoc } from '../operation';

const uploadId: Record<string, PathParam> = {
  upload_group_id: { kind: 'uuid', description: 'The `upload_group_id` returned by the upload.' },
};
const tags = ['Contact uploads'];

export const contactUploadsDoc: ResourceDoc = {
  tags: [{
    name: 'Contact uploads',
    description: 'Bulk import of contacts from a CSV file, processed in the background; each row is an upsert by '
      + 'canonical phone, like `POST /api/contact`.',
  }],
  operations: [
    {
      method: 'get', path: '/api/contact/upload', operationId: 'contact_upload_list', tags,
      summary: 'List CSV uploads',
      description: 'The account\'s uploads, newest first, with their status and counters (each one\'s rejected rows are in its detail).',
      paginated: true,
      responses: { 200: { description: 'A page of uploads.', schema: paginated(ContactUploadSummary, 'ContactUploadSummary') } },
    },
    {
      method: 'post', path: '/api/contact/upload', operationId: 'contact_upload_create', tags,
      summary: 'Upload contacts CSV',
      description: 'The body is the CSV file itself (`Content-Type: text/csv`; `application/csv`, `text/x-csv`, '
        + '`text/plain` and `application/vnd.ms-excel` are accepted too). The first line is the header and needs a '
        + '`phone` column; `first_name`, `last_name`, `email`, `external_id`, `external_url`, `tags` and `source` '
        + 'columns fill those fields (any case and spacing), every other column becomes a `meta` attribute. The header '
        + 'is checked before the answer; rows are imported afterwards: poll the upload for progress.',
      body: {
        contentType: 'text/csv',
        required: true,
        schema: { type: 'string', maxLength: UPLOAD_LIMIT, description: `At most ${UPLOAD_LIMIT / 1024 / 1024} MB.` },
        description: 'The CSV file.',
        example: 'phone,first_name,last_name,email,plan\n+525512345678,Ana,López,ana@example.com,gold\n',
      },
      errors: [400, 413, 415],
      responses: { 200: { description: 'The upload was accepted and queued.', schema: ContactUploadCreated } },
    },
    {
      method: 'get', path: '/api/contact/upload/{upload_group_id}', operationId: 'contact_upload_retrieve', tags,
      summary: 'Progress and rejected rows of a CSV upload',
      description: `Status, counters and the first ${REJECTED_IN_DETAIL} rejected rows (in file order). A progress `
        + 'poll passes `rejected_rows=0` for the counters alone; every rejected row is in the CSV below.',
      params: uploadId,
      query: uploadDetailQuery,
      queryDescriptions: { rejected_rows: `How many rejected rows to include, 0 to ${REJECTED_IN_DETAIL} (default ${REJECTED_IN_DETAIL}).` },
      errors: [400],
      responses: { 200: { description: 'The upload.', schema: ContactUpload } },
    },
    {
      method: 'get', path: '/api/contact/upload/{upload_group_id}/rejected', operationId: 'contact_upload_rejected_retrieve', tags,
      summary: 'Rejected rows of a CSV upload, as CSV',
      description: 'Every rejected row as a CSV download: columns `line`, `reason`, then the row\'s own columns.',
      params: uploadId,
      responses: {
        200: csvDownload('one row per rejected row, in file order.',
          'line,reason,phone,first_name\n3,"""12ab"" is not a valid phone number.",12ab,Luis\n', 'rejected-<upload_group_id>.csv'),
      },
    },
  ],
};

import { broadcastCreateSchema, broadcastListQuery, recipientListQuery } from '@/lib/broadcasts/validation';
import { Broadcast, BroadcastRecipient } from '../schemas/broadcasts';
import { paginated } from '../schemas/common';
import { csvDownload, type Operation, type PathParam, type ResourceDoc } from '../operation';

const broadcastId: Record<string, PathParam> = { id: { kind: 'int', description: 'Broadcast id.' } };
const tags = ['Broadcasts'];

const control = (action: 'pause' | 'resume' | 'cancel', summary: string, description: string): Operation => ({
  method: 'post', path: `/api/broadcast/{id}/${action}`, operationId: `broadcast_${action}`, tags, params: broadcastId,
  summary, description, errors: [400],
  responses: { 200: { description: 'The broadcast.', schema: Broadcast } },
});

export const broadcastsDoc: ResourceDoc = {
  tags: [{
    name: 'Broadcasts',
    description: 'One approved template to many contacts, each with its own variables: paced within the channel\'s '
      + 'messages-per-second limit, tracked per recipient (pending, sent, delivered, read, answered, failed, skipped), '
      + 'and never sent twice to a recipient.',
  }],
  operations: [
    {
      method: 'get', path: '/api/broadcast', operationId: 'broadcast_list', tags,
      summary: 'List broadcasts', description: 'Newest first.',
      query: broadcastListQuery, paginated: true,
      queryDescriptions: {
        search: 'Matches the name (contains, case-insensitive).',
        status: 'Only broadcasts in this status.',
        include_recipients: 'false leaves out each broadcast\'s `recipients` ids (default true).',
      },
      responses: { 200: { description: 'A page of broadcasts.', schema: paginated(Broadcast, 'Broadcast') } },
    },
    {
      method: 'post', path: '/api/broadcast', operationId: 'broadcast_create', tags,
      summary: 'Create broadcast',
      description: 'Everything is checked before anything is stored: the template (the account\'s, approved, on a channel '
        + 'that is switched on), and each recipient\'s phone and values (exactly as many non-blank values as the template '
        + 'has variables). Errors name recipients by index: `{"recipients": {"17": {"data": ["Expected 2 values, got 1."]}}}`. '
        + 'A phone given twice counts once, with the first one\'s values. Up to 100,000 recipients (a body of up to 32 MB). '
        + 'Sending starts at `start_on` (at once when absent or past): each recipient is upserted as a contact (firing '
        + 'contact.created / contact.updated), tagged with `contact_tags`, and sent its template message on a conversation '
        + 'of source BROADCAST. Without `has_priority`, contacts in a running flow or an open conversation with an agent '
        + 'are skipped.',
      body: {
        schema: broadcastCreateSchema, name: 'BroadcastCreateRequest', required: true,
        example: {
          name: 'November promo', chat_template: '7d7c3b0e-6f3a-4d53-9f4e-1c2b3a4d5e6f', start_on: null, has_priority: false,
          contact_tags: [{ name: 'promo-nov' }],
          recipients: [{ phone: '+525512345678', data: ['Ana', 'NOV10'] }, { phone: '+525587654321', data: ['Luis', 'NOV10'] }],
        },
      },
      responses: { 201: { description: 'The broadcast, PENDING.', schema: Broadcast } },
    },
    {
      method: 'get', path: '/api/broadcast/{id}', operationId: 'broadcast_retrieve', tags, params: broadcastId,
      summary: 'Get broadcast detail',
      responses: { 200: { description: 'The broadcast with its counters.', schema: Broadcast } },
    },
    {
      method: 'get', path: '/api/broadcast/{id}/recipients', operationId: 'broadcast_recipients', tags, params: broadcastId,
      summary: 'List a broadcast\'s recipients', description: 'In the order they were given, each with its status and reason.',
      query: recipientListQuery, paginated: true,
      queryDescriptions: { status: 'Only recipients in this status.', search: 'Matches the phone\'s digits.' },
      responses: { 200: { description: 'A page of recipients.', schema: paginated(BroadcastRecipient, 'BroadcastRecipient') } },
    },
    {
      method: 'get', path: '/api/broadcast/{id}/recipients/export', operationId: 'broadcast_recipients_export', tags, params: broadcastId,
      summary: 'Export a broadcast\'s recipients as CSV',
      responses: {
        200: csvDownload('one row per recipient, its variables last.',
          'phone,canonical_phone,status,reason,contact,message,sent_on,delivered_on,read_on,answered_on,failed_on,variable_1\r\n',
          'broadcast-<id>-recipients.csv'),
      },
    },
    control('pause', 'Pause a broadcast', 'Stops sending (messages already under way finish). A paused broadcast can be resumed or canceled.'),
    control('resume', 'Resume a broadcast', 'Sending goes on where it stopped.'),
    control('cancel', 'Cancel a broadcast', 'Nothing more is sent: every recipient not reached yet is skipped, with the reason.'),
    {
      method: 'post', path: '/api/broadcast/{id}/retry-failed', operationId: 'broadcast_retry_failed', tags, params: broadcastId,
      summary: 'Send again to the failed recipients',
      description: 'A new broadcast, linked to this one by `retry_of`, to its failed recipients with the same values, '
        + 'template and tags, starting at once. Once the broadcast has finished (COMPLETED, CANCELED or FAILED), and once only '
        + '(`retried_by` names the retry). A 400 when none failed, while it still runs, or when it was already retried.',
      errors: [400],
      responses: { 201: { description: 'The new broadcast.', schema: Broadcast } },
    },
  ],
};

import { ATTACHMENT_MEDIA_TYPES, MEDIA_LIMITS, megabytes } from '@/lib/attachments/media-types';
import { attachmentUploadQuery } from '@/lib/attachments/validation';
import { quickReplyListQuery, quickReplyPatchSchema, quickReplySchema } from '@/lib/quick-replies/validation';
import { paginated } from '../schemas/common';
import { Attachment, QuickReply } from '../schemas/composer';
import type { PathParam, ResourceDoc } from '../operation';

// What the inbox composer uses beside the message send: quick replies (app/api/quick-reply/**)
// and attachments (app/api/inbox/attachment, app/api/media/{token}).

const QR = 'Quick replies';
const FILES = 'Attachments';
const quickReplyId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Quick reply id.' } };
const EXAMPLE = { shortcut: 'greeting', body: 'Hi {{contact.first_name}}, thanks for writing! {{agent.first_name}} here.' };
const FIELDS = '`shortcut` (letters, digits, `-` and `_`, at most 64, unique in the account whatever the case) and `body` '
  + '(at most 4096 characters; `{{…}}` variables must start with `contact.` or `agent.`, else a 400 on `body`).';
const LIMITS = `Images ${megabytes(MEDIA_LIMITS.image)}; audio, video and documents ${megabytes(MEDIA_LIMITS.document)}.`;

export const composerDoc: ResourceDoc = {
  tags: [
    {
      name: QR,
      description: 'Saved snippets shared by the account\'s agents. In the dashboard\'s composer `/` opens a picker; on '
        + 'insert, `{{contact.first_name}}` (any contact field, or a meta key: `{{contact.city}}`, `{{contact.meta.city}}`) '
        + 'and `{{agent.first_name}}` are filled from the conversation\'s contact and the agent. A variable without a value '
        + 'becomes empty. Any member may manage them.',
    },
    {
      name: FILES,
      description: 'Files sent in a conversation: upload the file, then send a message with its `attachment` id '
        + '(`POST /api/inbox/conversation/{id}/messages`). The file is kept in the database and served at its `url` '
        + 'without credentials (the id in it is random and unguessable) so that the provider can fetch it.',
    },
  ],
  operations: [
    {
      method: 'get', path: '/api/quick-reply', operationId: 'quick_reply_list', tags: [QR],
      summary: 'List quick replies',
      description: 'By shortcut; with `search`, the shortcuts that start with it first.',
      query: quickReplyListQuery,
      queryDescriptions: { search: 'Case-insensitive match on shortcut and body; a leading `/` is ignored.' },
      paginated: true,
      responses: { 200: { description: 'A page of quick replies.', schema: paginated(QuickReply, 'QuickReply') } },
    },
    {
      method: 'post', path: '/api/quick-reply', operationId: 'quick_reply_create', tags: [QR],
      summary: 'Create quick reply',
      description: `Required: ${FIELDS}`,
      body: { schema: quickReplySchema, name: 'QuickReplyRequest', required: true, example: EXAMPLE },
      responses: { 201: { description: 'The quick reply.', schema: QuickReply } },
    },
    {
      method: 'get', path: '/api/quick-reply/{id}', operationId: 'quick_reply_retrieve', tags: [QR], params: quickReplyId,
      summary: 'Get quick reply',
      responses: { 200: { description: 'The quick reply.', schema: QuickReply } },
    },
    {
      method: 'put', path: '/api/quick-reply/{id}', operationId: 'quick_reply_update', tags: [QR], params: quickReplyId,
      summary: 'Update quick reply',
      description: `Required: ${FIELDS}`,
      body: { schema: quickReplySchema, name: 'QuickReplyRequest', required: true, example: EXAMPLE },
      responses: { 200: { description: 'The quick reply.', schema: QuickReply } },
    },
    {
      method: 'patch', path: '/api/quick-reply/{id}', operationId: 'quick_reply_partial_update', tags: [QR], params: quickReplyId,
      summary: 'Partial update quick reply',
      body: { schema: quickReplyPatchSchema, name: 'QuickReplyPatchRequest', required: true, example: { body: 'Hello {{contact.first_name}}!' } },
      responses: { 200: { description: 'The quick reply.', schema: QuickReply } },
    },
    {
      method: 'delete', path: '/api/quick-reply/{id}', operationId: 'quick_reply_destroy', tags: [QR], params: quickReplyId,
      summary: 'Delete quick reply',
      responses: { 204: { description: 'Deleted.' } },
    },
    {
      method: 'post', path: '/api/inbox/attachment', operationId: 'inbox_attachment_create', tags: [FILES],
      summary: 'Upload an attachment',
      description: 'The body is the file itself, its media type the `Content-Type`, its name the `filename` query '
        + `parameter. Accepted: ${ATTACHMENT_MEDIA_TYPES.map((t) => `\`${t}\``).join(', ')}; any other type is a 415. `
        + `Size limits: ${LIMITS} Beyond, a 413. An empty file is a 400.`,
      query: attachmentUploadQuery,
      queryDescriptions: { filename: 'The file\'s name, shown to the contact for documents.' },
      body: {
        contentType: 'application/octet-stream', required: true,
        schema: { type: 'string', contentMediaType: 'application/octet-stream', description: LIMITS },
        description: 'The file, with its own media type as `Content-Type` (e.g. `image/png`).',
      },
      errors: [400, 413, 415],
      responses: { 201: { description: 'The stored file.', schema: Attachment } },
    },
    {
      method: 'get', path: '/api/media/{token}', operationId: 'media_retrieve', tags: [FILES], auth: false,
      params: { token: { kind: 'uuid', description: 'The random part of an attachment\'s `url`.' } },
      summary: 'Download an attachment',
      description: 'The file, with its media type. No credentials: this is the URL the provider fetches.',
      responses: { 200: { description: 'The file.', content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } } },
    },
  ],
};

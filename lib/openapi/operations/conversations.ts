import { conversationListQuery, conversationPatchSchema, conversationUpdateSchema, freeFormMessageSchema } from '@/lib/conversations/validation';
import { paginated } from '../schemas/common';
import { Conversation, Message } from '../schemas/messaging';
import type { PathParam, ResourceDoc } from '../operation';

const conversationId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Conversation id.' } };
const tags = ['Conversations'];
const REPLACE = '`assigned` (members of the account only) and `tags`, when sent, replace the current ones; `contact` must be '
  + 'the conversation\'s own.';

export const conversationsDoc: ResourceDoc = {
  tags: [{
    name: 'Conversations',
    description: 'A contact\'s exchanges with the account; a contact has at most one open conversation (not RESOLVED or CLOSED).',
  }],
  operations: [
    {
      method: 'get', path: '/api/inbox/conversation', operationId: 'inbox_conversation_list', tags,
      summary: 'List conversations',
      query: conversationListQuery, paginated: true,
      queryDescriptions: {
        contact: 'Only this contact\'s conversations.',
        search: 'Matches the contact\'s phone digits, names and email, or the text of any of the conversation\'s messages (3 characters or more).',
        status: 'One status or several, comma-separated.',
        assigned: 'A member\'s id (conversations assigned to them), `me` (to the caller), `none` (unassigned) or `any` (assigned to someone).',
        team: 'A team\'s id (conversations in its queue) or `none` (in no team\'s).',
        tag: 'A tag name, or several comma-separated: conversations with any of them (case-insensitive).',
        unread: '`true`: conversations with messages from the contact that no agent has read or answered; `false`: the others.',
        archived: '`false` (the default without `contact`): conversations not archived; `true`: only archived ones; `any` '
          + '(the default with `contact`, so a contact\'s history is whole): both.',
        ordering: 'created_on or last_message_on, `-` for descending. Default `-created_on`.',
      },
      responses: { 200: { description: 'A page of conversations, newest first.', schema: paginated(Conversation, 'Conversation') } },
    },
    {
      method: 'get', path: '/api/inbox/conversation/{id}', operationId: 'inbox_conversation_retrieve', tags, params: conversationId,
      summary: 'Get conversation',
      responses: { 200: { description: 'The conversation.', schema: Conversation } },
    },
    {
      method: 'put', path: '/api/inbox/conversation/{id}/update', operationId: 'inbox_conversation_update', tags, params: conversationId,
      summary: 'Update conversation',
      description: `\`id\`, \`contact\` and \`assigned\` are required. ${REPLACE}`,
      body: { schema: conversationUpdateSchema, name: 'ConversationUpdateRequest', required: true },
      responses: { 200: { description: 'The conversation.', schema: Conversation } },
    },
    {
      method: 'patch', path: '/api/inbox/conversation/{id}/update', operationId: 'inbox_conversation_partial_update', tags,
      params: conversationId,
      summary: 'Partially update conversation',
      description: `Any subset. ${REPLACE}`,
      body: { schema: conversationPatchSchema, name: 'ConversationPatchRequest', required: true, example: { status: 'RESOLVED' } },
      responses: { 200: { description: 'The conversation.', schema: Conversation } },
    },
    {
      method: 'get', path: '/api/inbox/conversation/{id}/messages', operationId: 'inbox_conversation_messages_list', tags,
      params: conversationId, paginated: true,
      summary: 'Messages of a conversation',
      responses: { 200: { description: 'A page of messages, oldest first.', schema: paginated(Message, 'Message') } },
    },
    {
      method: 'post', path: '/api/inbox/conversation/{id}/messages', operationId: 'inbox_conversation_messages_create', tags,
      params: conversationId,
      summary: 'Send a free-form message',
      description: 'A text message, allowed only within 24 hours of the contact\'s last message (see `free_form_until`); '
        + 'outside that window only templates may be sent and the answer is a 400 saying so. An agent\'s reply moves a '
        + 'NEW conversation to IN_PROGRESS, marks it read, and assigns it to the sender when it had no assignee. With '
        + '`internal: true` it is a note for the agents instead (`msg_type` `note`): allowed at any time, never sent to the '
        + 'contact, its status stays `new`. With `attachment` (an id from `POST /api/inbox/attachment`) the file is sent '
        + 'by URL as an image, document, audio or video message by its media type, `body` (optional then) being its caption.',
      body: { schema: freeFormMessageSchema, name: 'FreeFormMessageRequest', required: true, example: { body: 'How can I help?' } },
      responses: { 201: { description: 'The queued message.', schema: Message } },
    },
    {
      method: 'post', path: '/api/inbox/conversation/{id}/read', operationId: 'inbox_conversation_read', tags, params: conversationId,
      summary: 'Mark a conversation read',
      description: 'An agent read the conversation: `unread_count` goes back to 0 (shared by every agent of the account).',
      responses: { 200: { description: 'The conversation.', schema: Conversation } },
    },
    {
      method: 'get', path: '/api/inbox/events', operationId: 'inbox_events', tags,
      summary: 'Follow the inbox live (server-sent events)',
      description: 'A `text/event-stream` that stays open. Events: `ready` (`{"listening": bool}`: when false, changes may '
        + 'be missed until `resync`), `change` (`{"conversations": [ids]}`: these conversations, their messages, assignees '
        + 'or tags changed; `null` when a change touched more than 100 at once: reload the list), `resync` (the server '
        + 'follows changes again after a gap: reload what you show), `lost` (the server stopped following changes: poll '
        + 'until `resync`). A `: keep-alive` comment comes every 15 seconds; reconnect after a second when the stream ends, '
        + 'then reload what you show. Changes made by any process (web, worker) reach every stream within a second.',
      responses: {
        200: {
          description: 'The event stream.',
          content: { 'text/event-stream': { schema: { type: 'string' }, example: 'retry: 1000\n\nevent: ready\ndata: {"listening":true}\n\nevent: change\ndata: {"conversations":["3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a"]}\n\n' } },
        },
      },
    },
  ],
};

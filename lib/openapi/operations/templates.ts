import { templateDraftSchema, templateListQuery, templateSendSchema } from '@/lib/templates/validation';
import { paginated } from '../schemas/common';
import { ChatTemplate, TemplateSendResult } from '../schemas/messaging';
import type { PathParam, ResourceDoc } from '../operation';

const templateId: Record<string, PathParam> = { id: { kind: 'uuid', description: 'Chat template id.' } };
const tags = ['Chat templates'];

export const templatesDoc: ResourceDoc = {
  tags: [{
    name: 'Chat templates',
    description: 'Message templates of the account\'s channels (read only: synced from the provider, or the sandbox\'s), '
      + 'and sending one to a phone.',
  }],
  operations: [
    {
      method: 'get', path: '/api/channels/chat/template', operationId: 'chat_template_list', tags,
      summary: 'List chat templates',
      query: templateListQuery, paginated: true,
      queryDescriptions: {
        category: 'One category or several, comma-separated.',
        category__in: 'Alias of `category`.',
        status: 'One status or several, comma-separated.',
        status__in: 'Alias of `status`.',
        search: 'Matches the name and the status (contains, case-insensitive).',
        ordering: 'name, language, category, status, created_on or updated_on; `-` for descending; comma-separated. Default `-created_on`.',
        channel: 'Only templates of this channel (integer id).',
      },
      responses: { 200: { description: 'A page of templates, each with its channel.', schema: paginated(ChatTemplate, 'ChatTemplate') } },
    },
    {
      method: 'post', path: '/api/channels/chat/template', operationId: 'chat_template_create', tags, roles: ['ADMIN'],
      summary: 'Create a chat template',
      description: 'On a cloud_api channel the template is submitted to the provider\'s `message_templates` endpoint and '
        + 'stored with the status it answers (usually `pending`); later statuses, and `rejected_reason`, come with the '
        + 'template sync. On the sandbox it is approved at once. A provider\'s refusal, or a provider that cannot be '
        + 'reached, is a 400 with the reason. ADMIN only.',
      body: {
        schema: templateDraftSchema, name: 'ChatTemplateCreateRequest', required: true,
        example: { channel: 1, name: 'order_ready', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi {{1}}, your order {{2}} is ready.' }] },
      },
      responses: { 201: { description: 'The template.', schema: ChatTemplate } },
    },
    {
      method: 'delete', path: '/api/channels/chat/template/{id}', operationId: 'chat_template_destroy', tags, roles: ['ADMIN'],
      params: { id: { kind: 'uuid', description: 'Template id.' } },
      summary: 'Delete a chat template',
      description: 'Deleted at the provider (every language of the name, as the provider does) and marked `deleted` here. ADMIN only.',
      responses: { 204: { description: 'Deleted.' } },
    },
    {
      method: 'get', path: '/api/channels/chat/template/{id}', operationId: 'chat_template_retrieve', tags, params: templateId,
      summary: 'Get chat template',
      responses: { 200: { description: 'The template.', schema: ChatTemplate } },
    },
    {
      method: 'post', path: '/api/channels/chat/template/{id}/send', operationId: 'chat_template_send', tags, params: templateId,
      summary: 'Send a template message',
      description: 'Only approved templates send: any other status, or an unknown id, is a 404. `variables` fill the '
        + 'placeholders in order (HEADER, then BODY, then URL buttons); another count is a 400 saying how many are needed. '
        + 'The phone is canonicalised and upserted as a contact, and the message joins the contact\'s open conversation '
        + '(or opens one, CREATED). The answer comes at once; the send runs in the background and the message moves '
        + 'through its statuses (see the conversation\'s messages).',
      body: { schema: templateSendSchema, name: 'TemplateSendRequest', required: true, example: { phone: '+525512345678', variables: ['Ana', 'Acme'] } },
      responses: { 201: { description: 'The message and its conversation.', schema: TemplateSendResult } },
    },
  ],
};

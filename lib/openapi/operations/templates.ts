import { templateListQuery, templateSendSchema } from '@/lib/templates/validation';
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

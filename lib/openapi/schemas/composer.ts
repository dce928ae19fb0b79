import { z } from 'zod';
import { dateTime, id, uuid } from './common';
import { named } from './named';

// Quick replies and attachments: lib/quick-replies/serializer.ts and lib/attachments/serializer.ts return them.

export const QuickReply = named('QuickReply', z.object({
  id: uuid(),
  shortcut: z.string().meta({ description: 'What the agent types after `/` in the composer; unique in the account, whatever the case.' }),
  body: z.string().meta({
    description: 'The text inserted. `{{contact.<field>}}` (any contact field, or a meta key), `{{contact.meta.<key>}}` '
      + 'and `{{agent.<field>}}` are filled from the conversation\'s contact and the agent when inserted.',
  }),
  created_by: id().nullable(),
  created_on: dateTime(),
  updated_on: dateTime(),
}));

export const Attachment = named('Attachment', z.object({
  id: uuid(),
  filename: z.string(),
  mime_type: z.string(),
  size: z.int().meta({ description: 'Bytes.' }),
  msg_type: z.enum(['image', 'document', 'audio', 'video']).meta({ description: 'How the file is sent, from its media type.' }),
  url: z.string().meta({ description: 'Where the file is served, without authentication, for the provider to fetch.' }),
  created_on: dateTime(),
}));

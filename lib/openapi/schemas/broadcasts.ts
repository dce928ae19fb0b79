import { z } from 'zod';
import { broadcastRecipientStatuses, broadcastStatuses } from '@/db/schema/enum-values';
import { dateTime, id, uuid } from './common';
import { ChatTemplate } from './messaging';
import { named } from './named';

// Broadcasts and their recipients: lib/broadcasts/serializer.ts returns them.

const counter = (description: string) => z.int().nonnegative().meta({ description });

export const Broadcast = named('Broadcast', z.object({
  id: id(),
  name: z.string().max(100),
  created_by: z.string().nullable().meta({ description: 'Email of the member who created it (null once removed).' }),
  is_active: z.boolean(),
  start_on: dateTime().nullable().meta({ description: 'When sending starts; null: at once.' }),
  status: z.enum(broadcastStatuses).meta({
    description: '`PENDING` (waiting for `start_on`), `RUNNING`, `PAUSED`, `COMPLETED`, `CANCELED`, or `FAILED` '
      + '(could not start: see `status_reason`).',
  }),
  status_reason: z.string().meta({ description: 'Why the broadcast failed or stopped sending; empty otherwise.' }),
  recipients: z.array(id()).optional().meta({ description: 'The recipients\' ids (left out with `include_recipients=false`).' }),
  template_body: z.string().meta({ description: 'The template\'s body text, with its placeholders.' }),
  created_on: dateTime(),
  started_on: dateTime().nullable(),
  completed_on: dateTime().nullable(),
  total: counter('Recipients (duplicates of a phone count once).'),
  sent: counter('Recipients whose message the provider accepted (including those delivered, read and answered).'),
  delivered: counter('Recipients whose message was delivered (including read and answered).'),
  read: counter('Recipients who read the message (including answered).'),
  answered: counter('Recipients who wrote after the message.'),
  failed: counter('Recipients whose message failed before it was sent.'),
  pending: counter('Recipients not reached yet.'),
  skipped: counter('Recipients passed over (in a flow or with an agent without `has_priority`; canceled).'),
  chat_template: ChatTemplate.nullable(),
  contact_tags: z.array(id()).meta({ description: 'Ids of the tags added to every recipient\'s contact.' }),
  has_priority: z.boolean().meta({ description: 'Also send to contacts in a running flow or an open conversation with an agent.' }),
  retry_of: id().nullable().meta({ description: 'The broadcast whose failed recipients this one sends to again.' }),
  retried_by: id().nullable().meta({ description: 'The broadcast that sends to this one\'s failed recipients again (one per broadcast).' }),
}));

export const BroadcastRecipient = named('BroadcastRecipient', z.object({
  id: id(),
  broadcast: id(),
  phone: z.string().meta({ description: 'The number as given.' }),
  canonical_phone: z.string(),
  contact: uuid().nullable().meta({ description: 'The contact, once the broadcast reached the recipient.' }),
  data: z.array(z.string()).meta({ description: 'This recipient\'s template variables, in order.' }),
  status: z.enum(broadcastRecipientStatuses),
  reason: z.string().meta({ description: 'Why it failed or was skipped (or a note on how it was sent); empty otherwise.' }),
  message: uuid().nullable(),
  sent_on: dateTime().nullable(),
  delivered_on: dateTime().nullable(),
  read_on: dateTime().nullable(),
  answered_on: dateTime().nullable(),
  failed_on: dateTime().nullable(),
  updated_on: dateTime(),
}));

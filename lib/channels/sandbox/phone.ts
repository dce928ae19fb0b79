import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { channels, contacts, messages } from '@/db/schema';
import { ValidationError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { accountCountry } from '@/lib/contacts/account-country';
import type { CloudInboundMessage, CloudWebhookPayload } from '@/lib/messages/cloud-payload';
import { processWebhook } from '@/lib/messages/inbound';
import { getMessage, pageOfMessages } from '@/lib/messages/queries';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { createSandboxChannel } from '../service';
import type { SandboxInbound } from './validation';

// The sandbox phone: a person acts as a contact, sees what that number received, and replies. A
// reply is built as a Cloud API webhook payload and goes through the same inbound processor as a
// real provider's callback.

async function canonical(db: Db, accountId: number, phone: string): Promise<string> {
  const result = canonicalizePhone(phone, await accountCountry(db, accountId));
  if (!result.ok) throw ValidationError.field('phone', 'Enter a valid phone number.');
  return result.e164;
}

/** The account's sandbox channel, created when it has none yet. */
export async function sandboxChannel(db: Db, accountId: number) {
  const [channel] = await db.select().from(channels).where(and(eq(channels.accountId, accountId), eq(channels.isSandbox, true))).limit(1);
  return channel ?? db.transaction((tx) => createSandboxChannel(tx, accountId));
}

export function sandboxMessage(input: SandboxInbound, from: string): CloudInboundMessage {
  // Milliseconds kept (the Cloud API sends whole seconds), so a quick reply sorts after what it answers.
  const base = { id: `sandbox.in.${randomUUID()}`, from, timestamp: String(Date.now() / 1000) };
  switch (input.type) {
    case 'text': return { ...base, type: 'text', text: { body: input.text! } };
    case 'button': return { ...base, type: 'button', button: { text: input.button!.title, payload: input.button!.id ?? input.button!.title } };
    case 'interactive': {
      const kind = input.interactive_type ?? 'button_reply';
      return { ...base, type: 'interactive', interactive: { type: kind, [kind]: { id: input.button!.id ?? input.button!.title, title: input.button!.title } } };
    }
    case 'location': return { ...base, type: 'location', location: input.location };
    default: {
      const m = input.media!;
      return { ...base, type: input.type, [input.type]: { id: randomUUID(), link: m.link, mime_type: m.mime_type, filename: m.filename, caption: m.caption } };
    }
  }
}

export async function receiveSandboxMessage(db: Db, accountId: number, input: SandboxInbound) {
  const phone = await canonical(db, accountId, input.phone);
  const channel = await sandboxChannel(db, accountId);
  // Switched off, the sandbox neither sends nor takes messages, as a provider's number would not.
  if (channel.status === 'INACTIVE') throw ValidationError.nonField('The sandbox channel is switched off: switch it on under Channels to use the sandbox phone.');
  const from = phone.replace(/\D/g, '');
  const payload: CloudWebhookPayload = {
    object: 'whatsapp_business_account',
    entry: [{
      id: `sandbox-${accountId}`,
      changes: [{
        field: 'messages',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: channel.channelId.replace(/\D/g, ''), phone_number_id: channel.channelId },
          contacts: [{ profile: { name: input.name ?? '' }, wa_id: from }],
          messages: [sandboxMessage(input, from)],
        },
      }],
    }],
  };
  const result = await processWebhook(db, channel, payload);
  return (await getMessage(db, accountId, result.messageIds[0]))!;
}

/** What the number sent and received on the sandbox channel, oldest first. */
/**
 * What the number received and sent on the sandbox. `visible` (visibility.ts) limits it to the
 * conversations the member may see, so the phone is no way around the inbox's visibility.
 */
export async function sandboxPhoneMessages(db: Db, accountId: number, phone: string, url: URL, page: PageRequest, visible: SQL | null = null) {
  const canonicalPhone = await canonical(db, accountId, phone);
  const channel = await sandboxChannel(db, accountId);
  const [contact] = await db.select({ id: contacts.id }).from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.canonicalPhone, canonicalPhone))).limit(1);
  if (!contact) return pageEnvelope(url, page, 0, []);
  const seen = visible
    ? sql`${messages.conversationId} in (select cv.id from conversations cv where cv.account_id = ${accountId} and ${visible})`
    : undefined;
  const { total, results } = await pageOfMessages(db, and(eq(messages.accountId, accountId), eq(messages.contactId, contact.id),
    eq(messages.channelId, channel.id), seen)!, page.pageSize, page.offset);
  return pageEnvelope(url, page, total, results);
}

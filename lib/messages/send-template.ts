import type { Db } from '@/db';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import { accountCountry } from '@/lib/contacts/account-country';
import { openConversation } from '@/lib/conversations/open';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { Coalescer, coalescerFor } from '@/lib/sql/coalescer';
import { findTemplate } from '@/lib/templates/service';
import type { TemplateSend } from '@/lib/templates/validation';
import { renderTemplate, variableCount, wireTemplate } from '@/lib/templates/variables';
import { queueOutbound } from './outbound';
import { recipientContact } from './recipient';
import { queueSendsTogether, type QueuedSend, type TemplateSendRequest } from './send-together';

// Operation 5: only approved templates send (any other status, or an unknown id, is a 404); the
// phone is canonicalised and its contact used as it is (only an unknown number becomes a new
// contact, see recipient.ts); the answer comes at once while the send itself runs as a job.
// Sends arriving together are queued in one transaction (send-together.ts).

/** One send in its own transaction: the path of a send queued alone. */
async function queueSendAlone(db: Db, s: TemplateSendRequest): Promise<QueuedSend> {
  const contact = await recipientContact(db, s.member, s.phone);
  return db.transaction(async (tx) => {
    const { conversation } = await openConversation(tx, {
      accountId: s.member.accountId, contactId: contact.id, channelId: s.channel.id, source: 'API', status: 'CREATED',
    });
    const message = await queueOutbound(tx, {
      accountId: s.member.accountId, channel: s.channel, conversation, contact, source: s.member.via === 'session' ? 'INBOX' : 'API',
      sentById: s.member.userId, kind: 'template', templateId: s.templateId, template: s.wire, variables: s.variables, body: s.body,
    });
    return { id: message.id, conversation: conversation.id };
  });
}

const coalescers = new WeakMap<Db, Coalescer<TemplateSendRequest, QueuedSend>>();

export async function sendTemplateMessage(db: Db, member: Member, templateId: string, input: TemplateSend): Promise<QueuedSend> {
  const found = await findTemplate(db, member.accountId, templateId);
  if (!found || found.template.status !== 'approved' || found.template.isDeleted) throw new NotFoundError();
  const { template, channel } = found;
  const needed = variableCount(template.components);
  if (input.variables.length !== needed) {
    throw ValidationError.field('variables',
      `This template needs exactly ${needed} variable${needed === 1 ? '' : 's'}; ${input.variables.length} given.`);
  }
  if (channel.status === 'INACTIVE') throw ValidationError.nonField('The template\'s channel is inactive.');
  const canonical = canonicalizePhone(input.phone, await accountCountry(db, member.accountId));
  if (!canonical.ok) throw ValidationError.field('phone', 'Enter a valid phone number.');
  const request: TemplateSendRequest = {
    member, channel, templateId: template.id, phone: input.phone, canonicalPhone: canonical.e164, variables: input.variables,
    wire: wireTemplate(template, input.variables), body: renderTemplate(template.components, input.variables),
  };
  return coalescerFor(coalescers, db, () => new Coalescer<TemplateSendRequest, QueuedSend>(
    'template-send', (sends) => queueSendsTogether(db, sends), (one) => queueSendAlone(db, one),
  )).store(request);
}

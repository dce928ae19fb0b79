import type { Db } from '@/db';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import { openConversation } from '@/lib/conversations/open';
import { findTemplate } from '@/lib/templates/service';
import type { TemplateSend } from '@/lib/templates/validation';
import { renderTemplate, variableCount, wireTemplate } from '@/lib/templates/variables';
import { queueOutbound } from './outbound';
import { recipientContact } from './recipient';

// Operation 5: only approved templates send (any other status, or an unknown id, is a 404); the
// phone is canonicalised and its contact used as it is (only an unknown number becomes a new
// contact, see recipient.ts); the answer comes at once while the send itself runs as a job.

export async function sendTemplateMessage(db: Db, member: Member, templateId: string, input: TemplateSend) {
  const found = await findTemplate(db, member.accountId, templateId);
  if (!found || found.template.status !== 'approved' || found.template.isDeleted) throw new NotFoundError();
  const { template, channel } = found;
  const needed = variableCount(template.components);
  if (input.variables.length !== needed) {
    throw ValidationError.field('variables',
      `This template needs exactly ${needed} variable${needed === 1 ? '' : 's'}; ${input.variables.length} given.`);
  }
  if (channel.status === 'INACTIVE') throw ValidationError.nonField('The template\'s channel is inactive.');
  const contact = await recipientContact(db, member, input.phone);
  return db.transaction(async (tx) => {
    const { conversation } = await openConversation(tx, {
      accountId: member.accountId, contactId: contact.id, channelId: channel.id, source: 'API', status: 'CREATED',
    });
    const message = await queueOutbound(tx, {
      accountId: member.accountId, channel, conversation, contact, source: member.via === 'session' ? 'INBOX' : 'API',
      sentById: member.userId, kind: 'template', templateId: template.id,
      template: wireTemplate(template, input.variables), variables: input.variables,
      body: renderTemplate(template.components, input.variables),
    });
    return { id: message.id, conversation: conversation.id };
  });
}

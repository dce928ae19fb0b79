import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { contacts } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import { upsertContact } from '@/lib/contacts/service';
import { openConversation } from '@/lib/conversations/open';
import { findTemplate } from '@/lib/templates/service';
import type { TemplateSend } from '@/lib/templates/validation';
import { renderTemplate, variableCount, wireTemplate } from '@/lib/templates/variables';
import { queueOutbound } from './outbound';

// Operation 5: only approved templates send (any other status, or an unknown id, is a 404); the
// phone is canonicalised and upserted as a contact; the answer comes at once while the send
// itself runs as a job.

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
  const { contact } = await upsertContact(db, { accountId: member.accountId, userId: member.userId }, {
    phone: input.phone, overwrite_meta: false, overwrite_tags: false, overwrite_default_assignees: false,
  });
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(contacts)
      .where(and(eq(contacts.accountId, member.accountId), eq(contacts.id, contact.id))).limit(1);
    const { conversation } = await openConversation(tx, {
      accountId: member.accountId, contactId: locked.id, channelId: channel.id, source: 'API', status: 'CREATED',
    });
    const message = await queueOutbound(tx, {
      accountId: member.accountId, channel, conversation, contact: locked, source: member.via === 'session' ? 'INBOX' : 'API',
      sentById: member.userId, kind: 'template', templateId: template.id,
      template: wireTemplate(template, input.variables), variables: input.variables,
      body: renderTemplate(template.components, input.variables),
    });
    return { id: message.id, conversation: conversation.id };
  });
}

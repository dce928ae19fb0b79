import type { Db } from '@/db';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import { accountCountry } from '@/lib/contacts/account-country';
import { countedTransaction } from '@/lib/contacts/counter';
import { memberActor } from '@/lib/contacts/write';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { Coalescer, coalescerFor, GATHER_MS } from '@/lib/sql/coalescer';
import { findTemplate } from '@/lib/templates/service';
import type { TemplateSend } from '@/lib/templates/validation';
import { renderTemplate, sendProblem, variableCountProblem, wireTemplate } from '@/lib/templates/variables';
import { queueTemplateSends, type QueuedSend, type TemplateSendRequest } from './template-sends';
import { channelUnusable } from '@/lib/channels/usable';
import { isMarketing, optedOutOn } from '@/lib/opt-out/marketing';

// The send API: only approved templates send (any other status, or an unknown id, is a 404); the
// phone is canonicalised and its contact used as it is (an unknown number becomes a new contact);
// the answer comes at once while the send itself runs as a job. Sends arriving while others are
// being queued are queued with them, as one batch (lib/sql/coalescer.ts).

const coalescers = new WeakMap<Db, Coalescer<TemplateSendRequest, QueuedSend>>();

export async function sendTemplateMessage(db: Db, member: Member, templateId: string, input: TemplateSend): Promise<{ id: string; conversation: string }> {
  const found = await findTemplate(db, member.accountId, templateId);
  if (!found || found.template.status !== 'approved' || found.template.isDeleted) throw new NotFoundError();
  const { template, channel } = found;
  const unsendable = sendProblem(template.components);
  if (unsendable) throw ValidationError.nonField(unsendable);
  const countProblem = variableCountProblem(template.components, input.variables.length);
  if (countProblem) throw ValidationError.field('variables', countProblem);
  const off = channelUnusable(channel);
  if (off) throw ValidationError.nonField(`The template's channel ${off}: nothing can be sent through it.`);
  const canonical = canonicalizePhone(input.phone, await accountCountry(db, member.accountId));
  if (!canonical.ok) throw ValidationError.field('phone', 'Enter a valid phone number.');
  if (isMarketing(template)) {
    const since = await optedOutOn(db, member.accountId, canonical.e164);
    if (since) throw ValidationError.field('phone', `The contact opted out of marketing messages on ${since}: a MARKETING template is not sent to them.`);
  }
  const request: TemplateSendRequest = {
    actor: memberActor(member), channel, templateId: template.id,
    phone: input.phone, canonicalPhone: canonical.e164, variables: input.variables,
    wire: wireTemplate(template, input.variables), body: renderTemplate(template.components, input.variables),
    messageSource: member.via === 'session' ? 'INBOX' : 'API', conversationSource: 'API',
  };
  // Under load, a batch of sends waits a moment for the requests behind it to share its statements.
  const { id, conversation } = await coalescerFor(coalescers, db, () => new Coalescer<TemplateSendRequest, QueuedSend>(
    'template-send', (sends) => countedTransaction(db, (tx) => queueTemplateSends(tx, sends)), { gatherMs: GATHER_MS },
  )).store(request);
  return { id, conversation };
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { execRows, type Db, type Executor } from '@/db';
import { broadcastContactTags, broadcastRecipients, broadcasts } from '@/db/schema';
import { ValidationError, type FieldErrors } from '@/lib/api/errors';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import type { Member } from '@/lib/auth/member';
import { accountCountry } from '@/lib/contacts/account-country';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { upsertTags } from '@/lib/tags/service';
import { findTemplate } from '@/lib/templates/service';
import { componentList, sendProblem, variableCount } from '@/lib/templates/variables';
import { FINAL_STATUSES } from './control';
import { findBroadcast, withExtras } from './queries';
import type { SerializedBroadcast } from './serializer';
import { recipientSchema, type BroadcastCreate } from './validation';

// Creating a broadcast: everything is checked before anything is stored (the template, every
// recipient's phone and values, errors named by the recipient's index), then the broadcast and
// its recipients are stored in one transaction with the job that starts it at `start_on`. The
// sending itself happens in jobs (run.ts).

type Recipient = { phone: string; canonicalPhone: string; data: string[] };

/**
 * The template a broadcast may use: the account's, approved, on a channel that is switched on.
 * Refused on `chat_template`, or as the request's error as a whole when it names no template (a retry).
 */
async function usableTemplate(db: Db, accountId: number, id: string, field: 'chat_template' | null = 'chat_template') {
  const refuse = (message: string) => (field ? ValidationError.field(field, message) : ValidationError.nonField(message));
  const found = await findTemplate(db, accountId, id);
  if (!found) throw refuse(`Invalid pk "${id}" - object does not exist.`);
  const { template, channel } = found;
  if (template.isDeleted || template.status !== 'approved') {
    throw refuse(`Only approved templates can be broadcast; this one is ${template.isDeleted ? 'deleted' : template.status}.`);
  }
  if (channel.status === 'INACTIVE') throw refuse('The template\'s channel is switched off.');
  const unsendable = sendProblem(template.components);
  if (unsendable) throw refuse(unsendable);
  return found;
}

/** Every recipient checked; duplicates (by canonical phone) collapse into the first one. */
function checkRecipients(items: unknown[], country: string, needed: number): Recipient[] {
  const errors: Record<string, FieldErrors> = {};
  const out: Recipient[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const parsed = recipientSchema.safeParse(item);
    if (!parsed.success) {
      errors[index] = zodToDrf(parsed.error);
      return;
    }
    const found: FieldErrors = {};
    const phone = canonicalizePhone(parsed.data.phone, country);
    if (!phone.ok) found.phone = ['Enter a valid phone number.'];
    const given = parsed.data.data;
    const filled = given.filter((v) => v.trim() !== '').length;
    const expected = `Expected ${needed} value${needed === 1 ? '' : 's'}`;
    if (given.length !== needed) found.data = [`${expected}, got ${given.length}.`];
    else if (filled !== needed) found.data = [`${expected}, got ${filled}: values may not be blank.`];
    if (Object.keys(found).length) {
      errors[index] = found;
      return;
    }
    if (!phone.ok || seen.has(phone.e164)) return;
    seen.add(phone.e164);
    out.push({ phone: parsed.data.phone, canonicalPhone: phone.e164, data: parsed.data.data });
  });
  if (Object.keys(errors).length) throw new ValidationError({ recipients: errors });
  return out;
}

function bodyText(components: unknown): string {
  return componentList(components).find((c) => String(c.type).toUpperCase() === 'BODY')?.text ?? '';
}

type Definition = {
  name: string; templateId: string; startOn: Date | null; hasPriority: boolean; tagNames: string[]; retryOf: number | null;
};

async function store(db: Db, member: Member, def: Definition, recipients: Recipient[], body: string): Promise<SerializedBroadcast> {
  const row = await db.transaction(async (tx) => {
    if (def.retryOf !== null) await refuseSecondRetry(tx, def.retryOf);
    const [b] = await tx.insert(broadcasts).values({
      accountId: member.accountId, name: def.name, createdById: member.userId, startOn: def.startOn, status: 'PENDING',
      chatTemplateId: def.templateId, templateBody: body, hasPriority: def.hasPriority, retryOfId: def.retryOf,
      total: recipients.length, pending: recipients.length,
    }).returning();
    await tx.execute(sql`insert into broadcast_recipients (broadcast_id, phone, canonical_phone, data)
      select ${b.id}, x.phone, x.canonical_phone, x.data
      from jsonb_to_recordset(${JSON.stringify(recipients.map((r) => ({ phone: r.phone, canonical_phone: r.canonicalPhone, data: r.data })))}::jsonb)
        as x(phone text, canonical_phone text, data text[])`);
    const tagIds = [...(await upsertTags(tx, member.accountId, def.tagNames)).values()];
    if (tagIds.length) await tx.insert(broadcastContactTags).values(tagIds.map((tagId) => ({ broadcastId: b.id, tagId }))).onConflictDoNothing();
    await enqueue(tx, QUEUES.broadcastRun.name, { broadcastId: b.id }, def.startOn && def.startOn > new Date() ? { startAfter: def.startOn } : {});
    return b;
  });
  const [shown] = await withExtras(db, [row], true);
  return shown;
}

export async function createBroadcast(db: Db, member: Member, input: BroadcastCreate): Promise<SerializedBroadcast> {
  const { template } = await usableTemplate(db, member.accountId, input.chat_template);
  const recipients = checkRecipients(input.recipients, await accountCountry(db, member.accountId), variableCount(template.components));
  return store(db, member, {
    name: input.name, templateId: template.id, startOn: input.start_on ? new Date(input.start_on) : null,
    hasPriority: input.has_priority, tagNames: input.contact_tags, retryOf: null,
  }, recipients, bodyText(template.components));
}

/**
 * A broadcast's failed recipients are retried once: a second retry would send to them again
 * (the first may have reached them). The source row is locked so two retries at once cannot both pass.
 */
async function refuseSecondRetry(tx: Executor, sourceId: number): Promise<void> {
  await tx.select({ id: broadcasts.id }).from(broadcasts).where(eq(broadcasts.id, sourceId)).for('update');
  const [earlier] = await tx.select({ id: broadcasts.id }).from(broadcasts).where(eq(broadcasts.retryOfId, sourceId)).orderBy(asc(broadcasts.id)).limit(1);
  if (earlier) throw ValidationError.nonField(`The failed recipients were already retried, as broadcast #${earlier.id}: retry that broadcast's failures instead.`);
}

/** "Promo" → "Promo (retry)" → "Promo (retry 2)" …, within the 100 characters a name may have. */
function retryName(name: string): string {
  const m = /^(.*) \(retry(?: (\d+))?\)$/.exec(name);
  const [base, suffix] = m ? [m[1], ` (retry ${Number(m[2] ?? 1) + 1})`] : [name, ' (retry)'];
  return base.slice(0, 100 - suffix.length) + suffix;
}

/** A new broadcast, linked to this one, to its failed recipients with the same values. */
export async function retryFailed(db: Db, member: Member, id: number): Promise<SerializedBroadcast> {
  const source = await findBroadcast(db, member.accountId, id);
  if (!FINAL_STATUSES.includes(source.status)) {
    throw ValidationError.nonField(`Retry the failed recipients once the broadcast has finished: it is ${source.status}, and more of them may still fail.`);
  }
  const failed = await db.select().from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.broadcastId, id), eq(broadcastRecipients.status, 'failed'))).orderBy(asc(broadcastRecipients.id));
  if (!failed.length) throw ValidationError.nonField('This broadcast has no failed recipients.');
  if (!source.chatTemplateId) throw ValidationError.nonField('The broadcast\'s template no longer exists.');
  const { template } = await usableTemplate(db, member.accountId, source.chatTemplateId, null);
  const tagNames = (await execRows<{ name: string }>(db, sql`
    select t.name from broadcast_contact_tags bt join tags t on t.id = bt.tag_id where bt.broadcast_id = ${id}`)).map((t) => t.name);
  return store(db, member, {
    name: retryName(source.name), templateId: template.id, startOn: null,
    hasPriority: source.hasPriority, tagNames, retryOf: source.id,
  }, failed.map((r) => ({ phone: r.phone, canonicalPhone: r.canonicalPhone, data: r.data })), bodyText(template.components));
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { chatTemplates } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { ProviderError } from '@/lib/channels/provider';
import { providerFor } from '@/lib/channels/providers';
import { findChannel } from '@/lib/channels/service';
import { channelUnusable } from '@/lib/channels/usable';
import { findTemplate, forgetTemplates, getTemplate } from './service';
import { providerStatus } from './sync';
import type { TemplateDraftInput } from './validation';
import { namedPlaceholders } from './variables';

/**
 * A template made in the dashboard or the API: submitted to the channel's provider (cloud_api:
 * its `message_templates` endpoint, status as it answers, then followed by the template sync; the
 * sandbox approves at once) and stored. A provider's refusal is a 400 with its reason.
 */
export async function createTemplate(db: Db, accountId: number, input: TemplateDraftInput) {
  const channel = await findChannel(db, accountId, input.channel).catch((error) => {
    if (error instanceof NotFoundError) throw ValidationError.field('channel', `Invalid pk "${input.channel}" - object does not exist.`);
    throw error;
  });
  const off = channelUnusable(channel);
  if (off) throw ValidationError.field('channel', `This channel ${off}.`);
  const [taken] = await db.select({ id: chatTemplates.id }).from(chatTemplates).where(and(
    eq(chatTemplates.channelId, channel.id), eq(chatTemplates.name, input.name), eq(chatTemplates.language, input.language),
    eq(chatTemplates.isDeleted, false),
  )).limit(1);
  if (taken) throw ValidationError.field('name', 'This channel already has a template with this name and language.');
  let submitted: { id: string | null; status: string };
  try {
    submitted = await providerFor(channel).submitTemplate({
      name: input.name, language: input.language, category: input.category, components: input.components,
      ...(namedPlaceholders(input.components) ? { parameter_format: 'NAMED' as const } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderError) throw ValidationError.nonField(error.message);
    throw error;
  }
  const status = providerStatus(submitted.status);
  const values = {
    providerTemplateId: submitted.id, category: input.category, status, components: input.components,
    rejectedReason: '', isDeleted: false, updatedOn: new Date(),
  };
  const [row] = await db.insert(chatTemplates).values({ accountId, channelId: channel.id, name: input.name, language: input.language, ...values })
    .onConflictDoUpdate({ target: [chatTemplates.channelId, chatTemplates.name, chatTemplates.language], set: values })
    .returning({ id: chatTemplates.id });
  forgetTemplates();
  return getTemplate(db, accountId, row.id);
}

/**
 * Deletes a template at the provider (the hosted API's DELETE) and marks it deleted here; on a
 * cloud_api channel with its other languages, as the provider deletes a template by name.
 */
export async function deleteTemplate(db: Db, accountId: number, id: string): Promise<void> {
  const found = await findTemplate(db, accountId, id);
  if (!found || found.template.isDeleted) throw new NotFoundError();
  if (!found.channel.deletedOn) {
    try {
      await providerFor(found.channel).removeTemplate(found.template.name);
    } catch (error) {
      if (error instanceof ProviderError) throw ValidationError.nonField(error.message);
      throw error;
    }
  }
  // A provider that deletes by name (the Cloud API) took every language; the sandbox only this one.
  const byName = found.channel.channelProvider === 'PROVIDER_CLOUD_API';
  await db.update(chatTemplates).set({ status: 'deleted', isDeleted: true, updatedOn: new Date() })
    .where(and(eq(chatTemplates.accountId, accountId), byName
      ? and(eq(chatTemplates.channelId, found.channel.id), eq(chatTemplates.name, found.template.name))
      : eq(chatTemplates.id, id)));
  forgetTemplates();
}

import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db';
import { accounts, channels, chatTemplates } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { enqueue } from '@/lib/jobs/enqueue';
import { BlockedTargetError, CHANNEL_BASE_URLS, checkOutboundUrl } from '@/lib/net/outbound-guard';
import { queue } from '@/lib/jobs/queue';
import { QUEUES } from '@/lib/jobs/queues';
import { syncChannelTemplates } from '@/lib/templates/sync';
import { forgetChannels } from './by-id';
import { ProviderError, type ChannelRecord, type CloudApiSettings } from './provider';
import { providerFor } from './providers';
import { SANDBOX_TEMPLATES } from './sandbox/templates';
import { serializeChannel } from './serializer';
import { channelSettings, encryptSettings } from './settings';
import type { ChannelCreate, ChannelPatch } from './validation';

// Channels of an account: the sandbox one every account gets, and cloud_api channels added by an
// admin or an operator. Every query is scoped by the account.

/** The sandbox's pretend number: +1 555 0… plus the account id (555-01xx numbers are fictional). */
export function sandboxNumber(accountId: number): string {
  return `+15550${String(accountId).padStart(6, '0')}`;
}

/** Creates the account's sandbox channel and its approved templates (idempotent). */
export async function createSandboxChannel(tx: Executor, accountId: number): Promise<ChannelRecord> {
  const [existing] = await tx.select().from(channels).where(and(eq(channels.accountId, accountId), eq(channels.isSandbox, true))).limit(1);
  if (existing) return existing;
  const number = sandboxNumber(accountId);
  const [channel] = await tx.insert(channels).values({
    accountId, channelId: number, channelProvider: 'PROVIDER_SANDBOX', name: 'Sandbox', status: 'ACTIVE', isSandbox: true,
  }).returning();
  await tx.insert(chatTemplates).values(SANDBOX_TEMPLATES.map((t) => ({
    accountId, channelId: channel.id, name: t.name, language: t.language, category: t.category, status: 'approved' as const,
    components: t.components,
  }))).onConflictDoNothing();
  await tx.update(accounts).set({ sandboxNumber: number }).where(eq(accounts.id, accountId));
  return channel;
}

/** A channel of the account; a deleted one is "Not found." (its messages keep pointing at it). */
export async function findChannel(db: Executor, accountId: number, id: number): Promise<ChannelRecord> {
  const [row] = await db.select().from(channels)
    .where(and(eq(channels.accountId, accountId), eq(channels.id, id), isNull(channels.deletedOn))).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listChannels(db: Db, accountId: number, url: URL, page: PageRequest, origin = url.origin) {
  const where = and(eq(channels.accountId, accountId), isNull(channels.deletedOn));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(channels).where(where).orderBy(asc(channels.id)).limit(page.pageSize).offset(page.offset),
    db.select({ total: count() }).from(channels).where(where),
  ]);
  return pageEnvelope(url, page, Number(total), rows.map((c) => serializeChannel(c, origin)));
}

/**
 * Lists the channel's templates at once (templateSyncJob), when `tx` commits. The queue must have
 * been started before `tx` was opened (`await queue()`): on the embedded database, one connection,
 * starting it inside the transaction would wait for the transaction's end. The server starts it at
 * boot; `manage createchannel` and tests do not.
 */
async function syncSoon(tx: Executor, channelId: number): Promise<void> {
  await enqueue(tx, QUEUES.templateSync.name, { channelId });
}

/**
 * A provider base URL on a non-public address is refused unless its host is listed in
 * CHANNEL_ALLOW_PRIVATE_BASE_URLS. A host that does not resolve now is kept: every call to the
 * provider checks the address it connects to.
 */
async function guardBaseUrl(baseUrl: string | undefined): Promise<void> {
  if (baseUrl === undefined) return;
  try {
    await checkOutboundUrl(baseUrl, CHANNEL_BASE_URLS, 'accept');
  } catch (error) {
    if (error instanceof BlockedTargetError) throw ValidationError.field('base_url', error.message);
    throw error;
  }
}

/** One number, one channel: a second channel of the account's on it would split its conversations. */
async function guardNumberFree(db: Db, accountId: number, phoneNumberId: string | undefined, except: number | null) {
  if (phoneNumberId === undefined) return;
  const [taken] = await db.select({ id: channels.id, name: channels.name }).from(channels).where(and(
    eq(channels.accountId, accountId), eq(channels.channelId, phoneNumberId), isNull(channels.deletedOn), ne(channels.status, 'INACTIVE'),
    except === null ? undefined : ne(channels.id, except),
  )).limit(1);
  if (taken) throw ValidationError.field('phone_number_id', `The channel "${taken.name}" already uses this number: switch it off or delete it first.`);
}

/** A cloud_api channel; its templates are synced as soon as it is committed. */
export async function createCloudChannel(db: Db, accountId: number, input: ChannelCreate): Promise<ChannelRecord> {
  await guardBaseUrl(input.base_url);
  await guardNumberFree(db, accountId, input.phone_number_id, null);
  const settings: CloudApiSettings = {
    phone_number_id: input.phone_number_id, business_account_id: input.business_account_id, access_token: input.access_token,
    app_secret: input.app_secret, verify_token: input.verify_token, app_id: input.app_id, base_url: input.base_url,
    api_version: input.api_version,
  };
  await queue(); // see syncSoon
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(channels).values({
      accountId, channelId: input.phone_number_id, channelProvider: 'PROVIDER_CLOUD_API', name: input.name,
      status: 'NEW', isSandbox: false, settingsEncrypted: encryptSettings(settings), rateLimitPerSecond: input.rate_limit,
    }).returning();
    await syncSoon(tx, row.id);
    return row;
  });
}

const SETTING_KEYS = ['phone_number_id', 'business_account_id', 'access_token', 'app_secret', 'verify_token', 'app_id', 'base_url', 'api_version'] as const;
/** The settings the template list is fetched with: a change of one syncs the templates at once. */
const TEMPLATE_LIST_KEYS: readonly (typeof SETTING_KEYS)[number][] = ['business_account_id', 'access_token', 'base_url', 'api_version'];

export async function patchChannel(db: Db, accountId: number, id: number, input: ChannelPatch): Promise<ChannelRecord> {
  const channel = await findChannel(db, accountId, id);
  const changed = SETTING_KEYS.filter((k) => input[k] !== undefined);
  if (channel.isSandbox && changed.length) {
    throw new ValidationError(Object.fromEntries(changed.map((k) => [k, ['The sandbox channel has no provider settings.']])));
  }
  await guardBaseUrl(input.base_url);
  // Changing the number, or switching a channel back on, must not make two active channels of one number.
  const activates = input.status !== undefined && input.status !== 'INACTIVE' && channel.status === 'INACTIVE';
  if (!channel.isSandbox && (input.phone_number_id !== undefined || activates)) {
    await guardNumberFree(db, accountId, input.phone_number_id ?? channel.channelId, id);
  }
  let settingsEncrypted = channel.settingsEncrypted;
  if (changed.length) {
    const current = channelSettings(channel)!;
    const next = { ...current, ...Object.fromEntries(changed.map((k) => [k, input[k]])) } as CloudApiSettings;
    // New credentials or number: the handshake has to be done again.
    if (changed.some((k) => k === 'verify_token' || k === 'app_secret')) next.webhook_set = false;
    settingsEncrypted = encryptSettings(next);
  }
  const listedAnew = changed.some((k) => TEMPLATE_LIST_KEYS.includes(k));
  if (listedAnew) await queue(); // see syncSoon
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(channels).set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.rate_limit !== undefined ? { rateLimitPerSecond: input.rate_limit } : {}),
      ...(input.phone_number_id !== undefined ? { channelId: input.phone_number_id } : {}),
      settingsEncrypted,
    }).where(and(eq(channels.accountId, accountId), eq(channels.id, id))).returning();
    if (listedAnew) await syncSoon(tx, id);
    return updated;
  });
  forgetChannels();
  return row;
}

/**
 * Deletes a channel for good, keeping its messages' history: the row stays, switched off and
 * hidden, so sends through it are refused with a reason and its messages still name it. The
 * sandbox channel, which every account has, cannot be deleted (it can be switched off).
 */
export async function deleteChannel(db: Db, accountId: number, id: number): Promise<void> {
  const channel = await findChannel(db, accountId, id);
  if (channel.isSandbox) throw ValidationError.nonField('The sandbox channel cannot be deleted; switch it off instead.');
  await db.transaction(async (tx) => {
    await tx.update(channels).set({ deletedOn: new Date(), status: 'INACTIVE' }).where(eq(channels.id, id));
    // Its templates can no longer be sent: they leave the template list.
    await tx.update(chatTemplates).set({ isDeleted: true, updatedOn: new Date() }).where(eq(chatTemplates.channelId, id));
  });
  forgetChannels();
}

/** The provider's refusal is an answer ({ok: false, detail}), not an error; nothing is caught here. */
export async function testChannelCredentials(db: Db, accountId: number, id: number) {
  const channel = await findChannel(db, accountId, id);
  const result = await providerFor(channel).testCredentials();
  if (result.ok && channel.status === 'NEW') {
    await db.update(channels).set({ status: 'ACTIVE' }).where(eq(channels.id, channel.id));
    forgetChannels();
  }
  return result;
}

/**
 * A provider's refusal is the caller's to fix (credentials, account id): a 400 with its message.
 * Anything else (a database error, whose message holds SQL and parameters) propagates to the
 * handler wrapper's plain 500.
 */
export async function syncTemplatesNow(db: Db, accountId: number, id: number) {
  const channel = await findChannel(db, accountId, id);
  try {
    return await syncChannelTemplates(db, channel);
  } catch (error) {
    if (error instanceof ProviderError) throw ValidationError.nonField(error.message);
    throw error;
  }
}

/**
 * Marks the callback handshake done (shown as `webhook_set`). A NEW channel becomes ACTIVE; one an
 * admin switched off stays INACTIVE (the provider's handshake is no say on that).
 */
export async function markWebhookSet(db: Db, channel: ChannelRecord): Promise<void> {
  const settings = channelSettings(channel);
  if (!settings || settings.webhook_set) return;
  await db.update(channels).set({
    settingsEncrypted: encryptSettings({ ...settings, webhook_set: true }),
    status: sql`case when ${channels.status} = 'NEW' then 'ACTIVE'::channel_status else ${channels.status} end`,
  }).where(eq(channels.id, channel.id));
  forgetChannels();
}

export { serializeChannel };

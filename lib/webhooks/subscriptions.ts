import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { webhookSubscriptions } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { pageEnvelope, type PageRequest } from '@/lib/api/pagination';
import { serializeSubscription, type SerializedNewSubscription, type SerializedSecret, type SerializedSubscription } from './serializer';
import { generateSecret } from './signing';
import { BlockedTargetError, checkTarget } from './target-guard';
import type { Role } from '@/lib/auth/member';
import type { SubscriptionInput, SubscriptionPatch } from './validation';
import { containsPattern } from '@/lib/sql/like';

// Webhook subscriptions: list, create, get, update, delete, and the signing secret. Every query
// is scoped by the caller's account.

const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

async function guardTarget(target: string | undefined) {
  if (target === undefined) return;
  try {
    await checkTarget(target);
  } catch (error) {
    if (error instanceof BlockedTargetError) throw ValidationError.field('target', error.message);
    throw error;
  }
}

function scoped(accountId: number, id: string) {
  return and(eq(webhookSubscriptions.accountId, accountId), eq(webhookSubscriptions.id, id));
}

export async function listSubscriptions(db: Db, accountId: number, viewer: Role, url: URL, page: PageRequest, search?: string) {
  // The search reads the target without the password of its URL, which no one looks for and an
  // agent may not read (serializer.ts).
  const where = and(eq(webhookSubscriptions.accountId, accountId),
    search ? sql`regexp_replace(${webhookSubscriptions.target}, '^([a-z][a-z0-9+.-]*://[^/?#@:]*):[^/?#@]*@', '\\1@', 'i') ilike ${containsPattern(search)}` : undefined);
  const [rows, [{ count }]] = await Promise.all([
    db.select().from(webhookSubscriptions).where(where)
      .orderBy(desc(webhookSubscriptions.createdOn), desc(webhookSubscriptions.id)).limit(page.pageSize).offset(page.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(webhookSubscriptions).where(where),
  ]);
  return pageEnvelope(url, page, Number(count), rows.map((row) => serializeSubscription(row, viewer)));
}

export async function getSubscriptionRow(db: Db, accountId: number, id: string) {
  const [row] = await db.select().from(webhookSubscriptions).where(scoped(accountId, id)).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** The create answer is the only API response that carries the signing secret. */
export async function createSubscription(db: Db, accountId: number, input: SubscriptionInput): Promise<SerializedNewSubscription> {
  await guardTarget(input.target);
  const [row] = await db.insert(webhookSubscriptions).values({
    accountId, target: input.target, events: input.events, isActive: input.is_active, secret: generateSecret(),
  }).returning();
  return { ...serializeSubscription(row, 'ADMIN'), secret: row.secret };
}

export async function updateSubscription(
  db: Db, accountId: number, id: string, input: SubscriptionInput | SubscriptionPatch,
): Promise<SerializedSubscription> {
  await guardTarget(input.target);
  const changes: Partial<typeof webhookSubscriptions.$inferInsert> = { updatedOn: new Date() };
  if (input.target !== undefined) changes.target = input.target;
  if (input.events !== undefined) changes.events = input.events;
  if (input.is_active !== undefined) {
    changes.isActive = input.is_active;
    // Switching a subscription back on clears why it was switched off.
    if (input.is_active) Object.assign(changes, { disabledReason: null, failingSince: null });
  }
  const [row] = await db.update(webhookSubscriptions).set(changes).where(scoped(accountId, id)).returning();
  if (!row) throw new NotFoundError();
  return serializeSubscription(row, 'ADMIN');
}

export async function deleteSubscription(db: Db, accountId: number, id: string) {
  const rows = await db.delete(webhookSubscriptions).where(scoped(accountId, id)).returning({ id: webhookSubscriptions.id });
  if (!rows.length) throw new NotFoundError();
}

/** The secret on request (dashboard, ADMIN only), with the previous one while it is still honoured. */
export async function revealSecret(db: Db, accountId: number, id: string): Promise<SerializedSecret> {
  const row = await getSubscriptionRow(db, accountId, id);
  const previousInForce = row.previousSecret && row.previousSecretExpiresOn && row.previousSecretExpiresOn > new Date();
  return {
    secret: row.secret,
    previous_secret: previousInForce ? row.previousSecret : null,
    previous_secret_expires_on: previousInForce ? row.previousSecretExpiresOn!.toISOString() : null,
  };
}

/** A new secret; for 24 hours deliveries are signed with both the old and the new one. */
export async function rotateSecret(db: Db, accountId: number, id: string): Promise<SerializedSecret> {
  // One statement, so two rotations at once cannot lose a secret.
  const rows = await db.update(webhookSubscriptions).set({
    previousSecret: sql`${webhookSubscriptions.secret}`, previousSecretExpiresOn: new Date(Date.now() + ROTATION_OVERLAP_MS),
    secret: generateSecret(), updatedOn: new Date(),
  }).where(scoped(accountId, id)).returning({ id: webhookSubscriptions.id });
  if (!rows.length) throw new NotFoundError();
  return revealSecret(db, accountId, id);
}

import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { apiKeys, users } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { generateApiKey } from '@/lib/auth/api-key-format';
import { forgetMembers } from '@/lib/auth/member-cache';
import { serializeApiKey, type ApiKeyRow, type SerializedApiKey, type SerializedNewApiKey } from './serializer';

const creator = alias(users, 'creator');
const short = (t: typeof creator) => ({ id: t.id, firstName: t.firstName, lastName: t.lastName, email: t.email });

async function loadKeys(db: Db, accountId: number, keyId?: number): Promise<ApiKeyRow[]> {
  const rows = await db.select({
    key: apiKeys, user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, isActive: users.isActive },
    createdBy: short(creator),
  })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(creator, eq(creator.id, apiKeys.createdById))
    .where(and(eq(apiKeys.accountId, accountId), keyId ? eq(apiKeys.id, keyId) : undefined))
    .orderBy(desc(apiKeys.createdOn), desc(apiKeys.id));
  return rows.map((r) => ({ ...r.key, user: r.user, createdBy: r.createdBy?.id ? (r.createdBy as ApiKeyRow['user']) : null }));
}

export async function listApiKeys(db: Db, accountId: number): Promise<SerializedApiKey[]> {
  return (await loadKeys(db, accountId)).map(serializeApiKey);
}

/** Returns the listing form plus `key`, the only time the key is ever shown. */
export async function createApiKey(
  db: Db, accountId: number, input: { name: string; userId: number; createdById: number | null },
): Promise<SerializedNewApiKey> {
  const [member] = await db.select({ id: users.id, isActive: users.isActive }).from(users)
    .where(and(eq(users.id, input.userId), eq(users.accountId, accountId))).limit(1);
  if (!member) throw ValidationError.field('user', `Invalid pk "${input.userId}" - object does not exist.`);
  if (!member.isActive) throw ValidationError.field('user', 'This member is deactivated: a key acting as them would be refused. Reactivate them first.');
  const { key, prefix, hash } = generateApiKey();
  const [row] = await db.insert(apiKeys).values({
    accountId, userId: input.userId, createdById: input.createdById, name: input.name, prefix, keyHash: hash,
  }).returning({ id: apiKeys.id });
  const [created] = await loadKeys(db, accountId, row.id);
  return { ...serializeApiKey(created), key };
}

/**
 * Revocation is immediate: this process forgets its cached members before answering, and every
 * other process hears the notification (topic 'auth') the revocation's trigger sends.
 */
export async function revokeApiKey(db: Db, accountId: number, keyId: number) {
  const [row] = await db.update(apiKeys).set({ revokedOn: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedOn)))
    .returning({ id: apiKeys.id });
  forgetMembers();
  if (!row) {
    const [existing] = await loadKeys(db, accountId, keyId);
    if (!existing) throw new NotFoundError();
  }
}

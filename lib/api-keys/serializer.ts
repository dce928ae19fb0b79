import type { z } from 'zod';
import type { apiKeys } from '@/db/schema';
import { serializeShortUser } from '@/lib/members/serializer';
import type { ApiKey, NewApiKey } from '@/lib/openapi/schemas/dashboard';

type ShortUser = { id: number; firstName: string; lastName: string; email: string };
export type ApiKeyRow = typeof apiKeys.$inferSelect & { user: ShortUser & { isActive: boolean }; createdBy: ShortUser | null };
/** The shapes are the response schemas' (lib/openapi/schemas/dashboard.ts). */
export type SerializedApiKey = z.output<typeof ApiKey>;
export type SerializedNewApiKey = z.output<typeof NewApiKey>;

/** Never carries the key itself: only `createApiKey`'s one-time answer does. */
export function serializeApiKey(k: ApiKeyRow): SerializedApiKey {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    user: serializeShortUser(k.user),
    created_by: k.createdBy ? serializeShortUser(k.createdBy) : null,
    created_on: k.createdOn.toISOString(),
    last_used_on: k.lastUsedOn?.toISOString() ?? null,
    revoked_on: k.revokedOn?.toISOString() ?? null,
    // A deactivated member's keys are refused (docs/account.md), revoked or not.
    is_active: !k.revokedOn && k.user.isActive,
  };
}

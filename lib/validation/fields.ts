import { z } from 'zod';

// Field types shared by every resource's schemas.

/** Booleans as JSON sends them, and as forms send them ("true"/"false"/"1"/"0"/"on"). */
export const boolish = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no', ''].includes(s)) return false;
  return v;
}, z.boolean());

/**
 * A whole number, also written as a string (query parameters, forms), refused in DRF's IntegerField
 * wording whether it is no number at all or a fraction (zod would say "A valid number" for the first).
 */
export function integer() {
  return z.coerce.number({ error: (issue) => (issue.code === 'invalid_type' ? 'A valid integer is required.' : undefined) }).int();
}

/** Optional text that may be null; blank strings are stored as null. */
export function nullableText(max: number) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable());
}

/** `[{name}]` (the spec's request form), also plain strings. */
export const tagList = z.array(
  z.union([z.string(), z.object({ name: z.string() })])
    .transform((t) => (typeof t === 'string' ? t : t.name).trim())
    .pipe(z.string().min(1).max(100)),
);

/** An integer primary key (Postgres `integer`): anything larger can only be "does not exist". */
export const pkInt = z.coerce.number().int().positive().max(2_147_483_647);

/** `[{id}]` (the spec's request form), also plain ids. */
export const userRefList = z.array(
  z.union([pkInt, z.object({ id: pkInt }).transform((u) => u.id)]),
);

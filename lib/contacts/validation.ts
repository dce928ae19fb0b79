import { z } from 'zod';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { boolish, nullableText, pkInt, queryFlag, tagList, userRefList, webUrl } from '@/lib/validation/fields';

// Request schemas for contacts (create-or-update, replace, partial update), shared by the API,
// the dashboard forms, the CSV import and the OpenAPI document. Read-only fields (id, canonical_phone, created_on,
// last_updated_on, created_by, last_conversation, contact_import, phone_status) are ignored.

export const META_MAX_KEYS = 200;
export const META_MAX_VALUE = 10_000;
export const TAGS_MAX = 100;
export const NOTE_MAX = 10_000;
export const META_VALUE_TOO_LONG = `An attribute's value holds at most ${META_MAX_VALUE.toLocaleString('en-US')} characters.`;

/**
 * `meta` values are stored as strings (an object or list as its JSON); `null` removes a key when
 * merging. At most META_MAX_KEYS keys of up to 200 characters, values of up to META_MAX_VALUE.
 */
export const metaSchema = z.record(z.string().max(200), z.unknown())
  .refine((m) => Object.keys(m).length <= META_MAX_KEYS, `A contact holds at most ${META_MAX_KEYS} attributes.`)
  .transform((m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [
    k, v === null ? null : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v),
  ])))
  .refine((m) => Object.values(m).every((v) => v === null || v.length <= META_MAX_VALUE), META_VALUE_TOO_LONG) as unknown as z.ZodType<Record<string, string | null>>;

/** Notes: a string, a list of strings, or the response form `[{id?, notes}]`. */
export const notesSchema = z.union([
  z.string().transform((s) => [{ notes: s }]),
  z.array(z.union([
    z.string().transform((s) => ({ notes: s })),
    z.object({ id: pkInt.optional(), notes: z.string() }),
  ])),
]).transform((list) => list.filter((n) => n.notes.trim() !== ''))
  .refine((list) => list.every((n) => n.notes.length <= NOTE_MAX), `A note holds at most ${NOTE_MAX.toLocaleString('en-US')} characters.`) as unknown as z.ZodType<{ id?: number; notes: string }[]>;

const PHONE_MAX = 64;
const phone = z.string().trim().min(1).max(PHONE_MAX);

/** A contact's tags in one request. */
export const contactTagList = tagList.max(TAGS_MAX);

/** An email address; blank is null. */
export const contactEmail = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z.email().max(254).nullable());

function contactFields(phoneField: typeof phone) {
  return {
    phone: phoneField,
    first_name: nullableText(100).optional(),
    last_name: nullableText(100).optional(),
    email: contactEmail.optional(),
    meta: metaSchema.optional(),
    external_url: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      webUrl(200).nullable()).optional(),
    external_id: nullableText(255).optional(),
    is_deleted: boolish.optional(),
    opted_out: boolish.optional().meta({ description: 'Whether the contact opted out of marketing messages (docs/opt-out.md). '
      + 'Left out, it is unchanged, also by a replacement.' }),
    source: z.string().trim().min(1).max(50).optional(),
    notes: notesSchema.optional(),
    tags: contactTagList.optional(),
    default_assignees: userRefList.optional(),
  };
}

const overwrite = {
  overwrite_meta: boolish.default(false),
  overwrite_tags: boolish.default(false),
  overwrite_default_assignees: boolish.default(false),
};

function contactSchemas(phoneField: typeof phone) {
  const fields = contactFields(phoneField);
  return {
    /** POST /api/contact: create, or merge into the contact with the same canonical phone. */
    upsert: z.object({ ...fields, ...overwrite }),
    /** PUT /api/contact/{id}: full replacement (phone required). */
    replace: z.object(fields),
    /** PATCH /api/contact/{id}: any subset; meta, notes, tags and assignees are added to. */
    patch: z.object({ ...fields, phone: fields.phone.optional(), ...overwrite }),
  };
}

const schemas = contactSchemas(phone);
export const contactUpsertSchema = schemas.upsert;
export const contactReplaceSchema = schemas.replace;
export const contactPatchSchema = schemas.patch;

/** A phone field that reads national numbers in `country` and refuses what is no phone number. */
export function phoneFor(country: string) {
  return phone.superRefine((value, ctx) => {
    // A blank or overlong phone has its own message already.
    if (value && value.length <= PHONE_MAX && !canonicalizePhone(value, country).ok) ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number.' });
  });
}

const byCountry = new Map<string, ReturnType<typeof contactSchemas>>();

/**
 * The same schemas with the phone checked for the account's country, so a bad phone is reported
 * with every other field's errors in one answer.
 */
export function contactSchemasFor(country: string): ReturnType<typeof contactSchemas> {
  let found = byCountry.get(country);
  if (!found) byCountry.set(country, (found = contactSchemas(phoneFor(country))));
  return found;
}

export type ContactUpsert = z.output<typeof contactUpsertSchema>;
export type ContactReplace = z.output<typeof contactReplaceSchema>;
export type ContactPatch = z.output<typeof contactPatchSchema>;

export const contactListQuery = z.object({
  search: z.string().max(200).optional(),
  tag: z.string().max(100).optional(),
  is_deleted: boolish.default(false),
  opted_out: queryFlag.meta({ description: 'Only the contacts who opted out of marketing messages (true), or only the others (false).' }),
});

export type ContactFilters = { search?: string; tag?: string; is_deleted?: boolean; opted_out?: boolean };

export const BULK_ACTIONS = ['add_tag', 'remove_tag', 'set_attribute', 'delete', 'restore', 'opt_out', 'opt_in'] as const;
export const BULK_IDS_MAX = 1000;

/**
 * POST /api/contact/bulk: one change to the contacts named by `ids`, or to every contact a list
 * with `filter` shows (all its pages).
 */
export const contactBulkSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  tag: z.string().trim().min(1).max(100).optional().meta({ description: 'add_tag, remove_tag: the tag\'s name (any case).' }),
  attribute: z.object({
    name: z.string().trim().min(1).max(200).refine((n) => n !== '__proto__', '"__proto__" cannot be used as a name: choose another.'),
    value: z.string().max(META_MAX_VALUE, META_VALUE_TOO_LONG).nullable(),
  }).optional().meta({ description: 'set_attribute: the `meta` key and its value; null removes it.' }),
  ids: z.array(z.uuid()).min(1).max(BULK_IDS_MAX).optional().meta({ description: `Contacts by id (at most ${BULK_IDS_MAX}).` }),
  filter: z.object({
    search: z.string().max(200).optional(),
    tag: z.string().max(100).optional(),
    is_deleted: z.boolean().optional(),
    opted_out: z.boolean().optional(),
  }).optional().meta({ description: 'Every contact `GET /api/contact` shows with these filters.' }),
}).superRefine((b, ctx) => {
  if (!b.ids === !b.filter) ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Give either "ids" or "filter".' });
  if ((b.action === 'add_tag' || b.action === 'remove_tag') && !b.tag) ctx.addIssue({ code: 'custom', path: ['tag'], message: 'This field is required.' });
  if (b.action === 'set_attribute' && !b.attribute) ctx.addIssue({ code: 'custom', path: ['attribute'], message: 'This field is required.' });
});
export type ContactBulk = z.output<typeof contactBulkSchema>;

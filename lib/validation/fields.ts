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

/** A yes/no filter of a list's query: left empty (`?is_active=`) it filters nothing, as if left out. */
export const queryFlag = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), boolish.optional());

// DRF's IntegerField takes an int, or text that int() reads once a trailing ".0" is cut: "7",
// " 8 ", "-3", "2.0". Blank text, booleans, "1e3" and "0x10" are not numbers to it.
const INTEGER_TEXT = /^\s*[-+]?\d+(\.0*)?\s*$/;

/**
 * A whole number, also written as a string (query parameters, forms), refused in DRF's IntegerField
 * wording: "A valid integer is required." for anything else (a fraction, blank text, a boolean),
 * and "This field may not be null." for null. (Coercing with Number() read "" as 0 and true as 1.)
 */
export function integer(bounds: { min?: number; max?: number } = {}) {
  let number = z.number({
    error: (issue) => {
      if (issue.code !== 'invalid_type') return undefined; // bounds keep their DRF wording (drf-messages.ts)
      if (issue.input === undefined) return 'This field is required.';
      return issue.input === null ? 'This field may not be null.' : 'A valid integer is required.';
    },
  }).int();
  if (bounds.min !== undefined) number = number.min(bounds.min);
  if (bounds.max !== undefined) number = number.max(bounds.max);
  return z.preprocess((v) => {
    if (typeof v === 'number' || v === null || v === undefined) return v;
    return typeof v === 'string' && INTEGER_TEXT.test(v) ? Number(v) : Number.NaN;
  }, number);
}

/** A valid ISO 8601 date and time but for its offset. */
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * An ISO 8601 date and time with its offset, in years 1000-9999. Earlier years are refused rather
 * than stored: they are typos in a schedule (0026 for 2026), and the database's text for years
 * below 100 reads back as another date in JavaScript's Date parser.
 */
export function dateTime() {
  // With seconds (and fractions) or without them ("2027-01-01T10:00Z"), as ISO 8601 allows.
  return z.union([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })], {
    error: (issue) => {
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      // A valid ISO 8601 time without its offset: which clock it means is all that is missing.
      if (typeof issue.input === 'string' && NO_OFFSET.test(issue.input.trim())) {
        return 'Datetime has wrong format. Use ISO 8601 with a time zone offset: add Z for UTC or one such as -06:00.';
      }
      return 'Datetime has wrong format. Use ISO 8601.';
    },
  }).refine((v) => {
    // Not a date and time at all: the format's own message says so, alone.
    if (!/^\d{4}-/.test(v)) return true;
    const year = Number(v.slice(0, 4));
    return year >= 1000 && year <= 9999;
  }, 'Enter a date and time in the years 1000 to 9999 (ISO 8601).');
}

/** An http(s) URL as written, refusing spaces and control characters (which a parser would quietly encode). */
export function webUrl(max: number) {
  return z.string().refine((u) => !/[\s\u0000-\u001f\u007f]/.test(u), 'Enter a valid URL.').pipe(z.url({ protocol: /^https?$/ }).max(max));
}

/** Optional text that may be null; blank strings are stored as null. */
export function nullableText(max: number) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable());
}

const tagName = z.string().trim().min(1).max(100);

/**
 * `[{name}]` (the documented request form), also plain strings. The name is checked inside each
 * form, so that an object's errors answer under its `name`, as those of a list of objects do.
 */
export const tagList = z.array(z.union([tagName, z.object({ name: tagName }).transform((t) => t.name)]));

/**
 * An integer primary key (Postgres `integer`), as a number or its text: larger values cannot exist,
 * and a boolean or a list is refused rather than read as 1.
 */
export const pkInt = integer({ min: 1, max: 2_147_483_647 });

/** `[{id}]` (the documented request form), also plain ids. */
export const userRefList = z.array(
  z.union([pkInt, z.object({ id: pkInt }).transform((u) => u.id)]),
);

/**
 * A list filter's choice, as django-filter reads one: empty is no filter; several values may be
 * given separated by commas where `many`; anything else is refused in its words.
 */
export function filterChoices<T extends string>(values: readonly T[], one = false) {
  // The OpenAPI document lists the choices of a single-choice filter.
  return (one ? z.string().meta({ enum: [...values] }) : z.string()).optional().transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === '') return undefined;
    const items = raw.split(',').map((v) => v.trim()).filter(Boolean);
    const bad = items.find((v) => !values.includes(v as T));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `Select a valid choice. ${bad} is not one of the available choices.` });
      return z.NEVER;
    }
    return items as T[];
  });
}

/** One choice of a list filter (filterChoices, a single value). */
export function filterChoice<T extends string>(values: readonly T[]) {
  return filterChoices(values, true).superRefine((items, ctx) => {
    if (items && items.length > 1) ctx.addIssue({ code: 'custom', message: `Select a valid choice. ${items.join(',')} is not one of the available choices.` });
  }).transform((items) => items?.[0]);
}

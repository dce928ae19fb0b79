import { z } from 'zod';
import { getCountries } from 'libphonenumber-js';
import { boolish, integer, pkInt } from '@/lib/validation/fields';
import { keywordList } from '@/lib/opt-out/keywords';
import { isTimeZone } from './time-zones';

const countries = new Set<string>(getCountries());

export const countryCode = z.string().trim().toUpperCase()
  .refine((c) => countries.has(c), { message: 'Enter a valid ISO 3166-1 country code.' });

/** An IANA time zone name (`Europe/Lisbon`, `UTC`). */
export const timezone = z.string().trim().refine(isTimeZone, { message: 'Enter a valid IANA time zone, such as "Europe/Lisbon" or "UTC".' });

export const password = z.string().min(8, { message: 'Ensure this field has at least 8 characters.' }).max(200);

/** First-run setup and `manage createaccount`: an account and its first ADMIN. */
export const createAccountSchema = z.object({
  name: z.string().trim().min(1).max(200),
  // Trimmed, as sign-in trims what is typed: a pasted address often carries a space.
  email: z.string().trim().pipe(z.email().max(254)),
  password,
  country: countryCode.default('US'),
  first_name: z.string().trim().max(150).default(''),
  last_name: z.string().trim().max(150).default(''),
  default_timezone: timezone.default('UTC'),
});
export type CreateAccountInput = z.input<typeof createAccountSchema>;

// A time of day as DRF's TimeField reads it: HH:MM or HH:MM:SS; answered as HH:MM:SS.
const timeOfDay = z.string().trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: 'Time has wrong format. Use one of these formats instead: hh:mm[:ss].' })
  .transform((t) => (t.length === 5 ? `${t}:00` : t));

/** Day 0 is Monday … 6 Sunday; times of day on the account's clock (docs/account.md). */
export const workingHoursSchema = z.array(z.object({
  // Read as DRF's IntegerField and BooleanField read them, like the settings around them ("1", "true").
  day: integer({ min: 0, max: 6 }),
  is_open: boolish,
  open_at: timeOfDay,
  close_at: timeOfDay,
})).max(7).superRefine((days, ctx) => {
  const seen = new Set<number>();
  days.forEach((d, i) => {
    if (seen.has(d.day)) ctx.addIssue({ code: 'custom', path: [i, 'day'], message: 'Each day may appear once.' });
    seen.add(d.day);
  });
});

/** A number that may be null; an empty form field (`default_team=`) is null. */
const formNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable());

/** `PATCH /api/account`: any subset of the settings an admin may change (JSON or a form). */
export const accountPatchSchema = z.object({
  name: z.string().trim().min(1).max(200),
  country: countryCode,
  default_timezone: timezone,
  has_working_hours: boolish,
  working_hours: workingHoursSchema,
  after_hours_response: z.string().max(4096),
  opt_out_keywords: keywordList.meta({ description: 'A message that is exactly one of these words (any case, accents and punctuation around it aside) opts its contact out of marketing messages. A list, or one text with commas between the words.' }),
  opt_in_keywords: keywordList.meta({ description: 'The same, to opt back in.' }),
  opt_out_response: z.string().max(4096).meta({ description: 'Sent to a contact who has just opted out; empty sends nothing.' }),
  opt_in_response: z.string().max(4096).meta({ description: 'Sent to a contact who has just opted back in; empty sends nothing.' }),
  inbox_add_name_before_message: boolish,
  should_autoclose_conversations: boolish,
  autoclose_conversations_after: formNull(integer({ min: 1, max: 32767 })),
  archive_conversations_when_closed: boolish,
  agents_can_see_all_conversations: boolish,
  default_team: formNull(pkInt)
    .meta({ description: 'Team that new inbound conversations go to when the contact has no default assignees.' }),
}).partial();
export type AccountPatch = z.output<typeof accountPatchSchema>;
export type AccountPatchInput = z.input<typeof accountPatchSchema>;

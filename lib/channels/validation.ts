import { z } from 'zod';
import { channelStatus } from '@/db/schema/enums';
import { DEFAULT_API_VERSION, DEFAULT_BASE_URL } from './settings';
import { integer } from '@/lib/validation/fields';

// Request schemas of the channel endpoints and `manage createchannel`: a cloud_api channel's
// settings (answered as `cloud_api_settings`) travel flat in requests; secrets are write-only.

const providerId = (label: string) => z.string().trim().min(1).max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, `Enter a valid ${label}: letters, digits, ".", "_" and "-" only.`);
const secret = (max: number) => z.string().trim().min(1).max(max);

/** The URL, or null when it is not one (z.url() reports that; the checks after it still run). */
function parsedUrl(text: string): URL | null {
  try { return new URL(text); } catch { return null; }
}

const settingsFields = {
  phone_number_id: providerId('phone number id'),
  business_account_id: providerId('business account id'),
  // Sent as an HTTP header (Bearer): a character a header cannot carry (a pasted space, line
  // break or "…") would make every call to the provider fail, so it is refused here.
  access_token: secret(2048).regex(/^[\x21-\x7e]+$/, 'Enter the access token as issued: printable ASCII characters, without spaces.'),
  app_secret: secret(256),
  verify_token: secret(256),
  app_id: z.string().trim().max(64),
  // The provider's paths are appended to it: a query, a fragment or credentials in it would be
  // lost or sent where they do not belong.
  base_url: z.url({ protocol: /^https?$/ }).max(200)
    .refine((u) => { const url = parsedUrl(u); return !url || (!url.search && !url.hash && !url.username && !url.password); },
      'Enter the base URL alone (such as https://graph.facebook.com), without a query, fragment or credentials.')
    .transform((u) => u.replace(/\/+$/, '')),
  api_version: z.string().trim().regex(/^v\d{1,3}\.\d{1,3}$/, 'Enter a version like "v21.0".'),
};

// The names the settings are read under (`cloud_api_settings`) are taken for the ones written:
// sending back what was read changes what it names rather than nothing.
const READ_NAMES = { chat_business_account_id: 'business_account_id', webhook_verify_token: 'verify_token' } as const;
const withWrittenNames = (body: unknown) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...body };
  for (const [read, written] of Object.entries(READ_NAMES)) {
    // A masked value sent back as it was read ("••••4321") is not a new secret: left as it is.
    const masked = typeof out[read] === 'string' && (out[read] as string).startsWith('••••');
    if (read in out && !(written in out) && !masked) out[written] = out[read];
    delete out[read];
  }
  return out;
};

export const channelCreateSchema = z.object({
  name: z.string().trim().min(1).max(150),
  ...settingsFields,
  app_id: settingsFields.app_id.default(''),
  base_url: settingsFields.base_url.default(DEFAULT_BASE_URL),
  api_version: settingsFields.api_version.default(DEFAULT_API_VERSION),
  rate_limit: integer({ min: 1, max: 1000 }).default(80),
});
export const channelCreateBody = z.preprocess(withWrittenNames, channelCreateSchema);
export type ChannelCreate = z.output<typeof channelCreateSchema>;

/** PATCH: any subset; a secret sent replaces the stored one, one not sent is kept. */
export const channelPatchSchema = z.object({
  name: z.string().trim().min(1).max(150).optional(),
  status: z.enum(channelStatus.enumValues).optional(),
  rate_limit: integer({ min: 1, max: 1000 }).optional(),
  ...Object.fromEntries(Object.entries(settingsFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof settingsFields]: z.ZodOptional<(typeof settingsFields)[K]>
  },
});
export const channelPatchBody = z.preprocess(withWrittenNames, channelPatchSchema);
export type ChannelPatch = z.output<typeof channelPatchSchema>;

import { z } from 'zod';
import { getCountries } from 'libphonenumber-js';

const countries = new Set<string>(getCountries());

export const countryCode = z.string().trim().toUpperCase()
  .refine((c) => countries.has(c), { message: 'Enter a valid ISO 3166-1 country code.' });

export const password = z.string().min(8, { message: 'Ensure this field has at least 8 characters.' }).max(200);

/** First-run setup and `manage createaccount`: an account and its first ADMIN. */
export const createAccountSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(254),
  password,
  country: countryCode.default('US'),
  first_name: z.string().trim().max(150).default(''),
  last_name: z.string().trim().max(150).default(''),
  default_timezone: z.string().max(64).default('UTC'),
});
export type CreateAccountInput = z.input<typeof createAccountSchema>;

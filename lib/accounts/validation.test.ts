import { describe, expect, it } from 'vitest';
import { createAccountSchema } from './validation';

describe('createAccountSchema', () => {
  const base = { name: 'Acme', email: 'admin@acme.test', password: 'a-long-password' };

  it('keeps the time zone chosen at setup, and defaults to UTC', () => {
    expect(createAccountSchema.parse({ ...base, default_timezone: 'America/Mexico_City' }).default_timezone).toBe('America/Mexico_City');
    expect(createAccountSchema.parse(base).default_timezone).toBe('UTC');
  });

  it('refuses a zone that is not an IANA name, as the account settings do', () => {
    const result = createAccountSchema.safeParse({ ...base, default_timezone: 'Mars/Olympus' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['default_timezone', 'Enter a valid IANA time zone, such as "Europe/Lisbon" or "UTC".'],
    ]);
  });
});

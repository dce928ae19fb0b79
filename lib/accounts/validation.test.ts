import { describe, expect, it } from 'vitest';
import { createAccountSchema } from './validation';

describe('createAccountSchema', () => {
  const base = { name: 'Acme', email: 'admin@acme.test', password: 'a-long-password' };

  it('keeps the time zone chosen at setup, and defaults to UTC', () => {
    expect(createAccountSchema.parse({ ...base, default_timezone: 'America/Mexico_City' }).default_timezone).toBe('America/Mexico_City');
    expect(createAccountSchema.parse(base).default_timezone).toBe('UTC');
    // Current names as well as the older ones the runtime lists (Asia/Calcutta), as browsers report either.
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Etc/UTC']) {
      expect(createAccountSchema.parse({ ...base, default_timezone: zone }).default_timezone).toBe(zone);
    }
    for (const notAZone of ['EST', '+05:30', 'asia/kolkata']) expect(createAccountSchema.safeParse({ ...base, default_timezone: notAZone }).success).toBe(false);
  });

  it('refuses a zone that is not an IANA name, as the account settings do', () => {
    const result = createAccountSchema.safeParse({ ...base, default_timezone: 'Mars/Olympus' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['default_timezone', 'Enter a valid IANA time zone, such as "Europe/Lisbon" or "UTC".'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalizePhone } from './canonicalize';

const e164 = (input: string, country: string) => {
  const r = canonicalizePhone(input, country);
  return r.ok ? r.e164 : r.reason;
};

describe('canonicalizePhone', () => {
  it("reads Mexico's retired 044, 045 and 01 prefixes as the 10-digit number after them", () => {
    for (const spelling of ['044 55 1234 5678', '045 55 1234 5678', '01 55 1234 5678', '01 (55) 1234-5678']) {
      expect(e164(spelling, 'MX'), spelling).toBe('+525512345678');
    }
    // Only before ten digits, and only for Mexico.
    expect(e164('044 55 1234 567', 'MX')).toMatch(/is not a valid phone number/);
    expect(e164('01 55 1234 5678', 'US')).toMatch(/is not a valid phone number/);
  });

  it('takes full-width characters and an extension as the number itself', () => {
    expect(e164('＋５２ 55 1234 5678', 'MX')).toBe('+525512345678');
    for (const spelling of ['+1 415 555 0123 ext. 12', '415 555 0123 x12', '+1 (415) 555-0123 #12', '+1 415 555 0123 extension 7']) {
      expect(e164(spelling, 'US'), spelling).toBe('+14155550123');
    }
  });

  it('gives a Brazilian mobile written without its ninth digit the nine, as WhatsApp still names many senders', () => {
    for (const [spelling, country] of [['551187654321', 'US'], ['+55 11 8765-4321', 'MX'], ['0055 11 8765 4321', 'US'], ['(11) 8765-4321', 'BR'], ['+55 (41) 9876-5432', 'BR']]) {
      expect(e164(spelling, country), spelling).toBe(spelling.includes('41') ? '+5541998765432' : '+5511987654321');
    }
    // National numbers whose area code is also a country code, and with trunk or carrier prefixes.
    for (const [spelling, expected] of [['(45) 9876-5432', '+5545998765432'], ['(65) 9876-5432', '+5565998765432'],
      ['(32) 8765-4321', '+5532987654321'], ['(011) 8765-4321', '+5511987654321'], ['015 11 8765-4321', '+5511987654321']]) {
      expect(e164(spelling, 'BR'), spelling).toBe(expected);
    }
    // Also where libphonenumber still reads the eight digits as a valid mobile.
    expect(e164('+55 11 7368-4111', 'BR')).toBe('+5511973684111');
    // The nine-digit spelling is the same number.
    expect(e164('+55 11 98765-4321', 'BR')).toBe('+5511987654321');
    // Landlines (2 to 5) keep their eight digits; a national number is read so only in Brazil.
    expect(e164('+55 11 3456-7890', 'BR')).toBe('+551134567890');
    expect(e164('(11) 8765-4321', 'US')).toMatch(/is not a valid phone number/);
  });

  it('still refuses what is not a number, naming it as written', () => {
    expect(e164('x12', 'US')).toBe('"x12" is not a phone number.');
    expect(e164('call me', 'US')).toBe('"call me" is not a phone number.');
    expect(e164('tel: 55 1234 5678', 'MX')).toBe('"tel: 55 1234 5678" is not a phone number.');
  });

  it('reads a number again the same way, in the country it is read in', () => {
    // Answers are kept: the second reading of each must be the first's, the country part of it.
    for (let i = 0; i < 2; i++) {
      expect(e164('044 55 1234 5678', 'MX')).toBe('+525512345678');
      expect(e164('044 55 1234 5678', 'US')).toMatch(/is not a valid phone number/);
      expect(e164('(212) 736-5000', 'US')).toBe('+12127365000');
      expect(e164('(212) 736-5000', 'MX')).toMatch(/is not a valid phone number/);
      expect(canonicalizePhone(5512345678, 'MX')).toEqual({ ok: true, e164: '+525512345678' });
    }
  });
});

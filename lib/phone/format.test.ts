import { describe, expect, it } from 'vitest';
import { canonicalizePhone } from './canonicalize';
import { formatPhone } from './format';

describe('formatPhone', () => {
  it('shows every spelling of a number the same way, from its canonical form', () => {
    const spellings = ['9996794319', '(999) 679-4319', '+52 999 679 4319', '+52 1 999 679 4319'];
    const shown = spellings.map((s) => {
      const r = canonicalizePhone(s, 'MX');
      if (!r.ok) throw new Error(r.reason);
      return formatPhone(r.e164);
    });
    expect(new Set(shown)).toEqual(new Set(['+52 999 679 4319']));
  });
  it('formats other countries internationally', () => {
    expect(formatPhone('+5581442221910')).toMatch(/^\+55 /);
    expect(formatPhone('+14155550123')).toBe('+1 415 555 0123');
  });
  it('keeps what it cannot parse, and empty stays empty', () => {
    expect(formatPhone('12')).toBe('12');
    expect(formatPhone(null)).toBe('');
  });
});

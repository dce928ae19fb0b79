import { describe, expect, it } from 'vitest';
import { secretMatches } from './callback';

describe('secretMatches (the verification handshake token)', () => {
  it('accepts only the exact token', () => {
    expect(secretMatches('fake-verify-token', 'fake-verify-token')).toBe(true);
    expect(secretMatches('fake-verify-token', 'fake-verify-tokeN')).toBe(false);
    expect(secretMatches('fake-verify-token', 'fake-verify-token ')).toBe(false);
    expect(secretMatches('fake-verify-token', 'fake')).toBe(false);
    expect(secretMatches('fake-verify-token', '')).toBe(false);
    expect(secretMatches('fake-verify-token', null)).toBe(false);
  });

  it('compares bytes, so a multi-byte character of another length is refused, not thrown on', () => {
    expect(secretMatches('tökén', 'tökén')).toBe(true);
    expect(secretMatches('token', 'tökn')).toBe(false);
  });

  it('never matches an empty stored token', () => {
    expect(secretMatches('', '')).toBe(false);
  });
});

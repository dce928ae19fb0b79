import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '@/lib/api/drf-messages';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import { dateTime, integer, pkInt, queryFlag, tagList, webUrl } from './fields';

// integer() reads what DRF's IntegerField reads, and refuses the rest in its words.

const outcome = (value: unknown) => {
  const result = integer().safeParse(value);
  return result.success ? result.data : result.error.issues.map((i) => i.message);
};

describe('integer()', () => {
  it('takes whole numbers, as numbers or as text', () => {
    expect([5, 0, -2, '7', ' 8 ', '-3', '+4', '2.0', '3.'].map(outcome)).toEqual([5, 0, -2, 7, 8, -3, 4, 2, 3]);
  });

  it('refuses fractions, blank text, booleans and what only JavaScript reads as a number', () => {
    for (const value of [1.5, '1.5', '', ' ', 'abc', true, false, '1e3', '0x10', '0b1', [], {}]) {
      expect(outcome(value), JSON.stringify(value)).toEqual(['A valid integer is required.']);
    }
  });

  it('checks its bounds after reading the number', () => {
    expect(integer({ min: 0, max: 10 }).safeParse('10')).toMatchObject({ success: true, data: 10 });
    const issues = (value: unknown) => integer({ min: 0, max: 10 }).safeParse(value).error?.issues.map((i) => i.code);
    expect(issues('11')).toEqual(['too_big']);
    expect(issues(-1)).toEqual(['too_small']);
  });

  it('refuses null in DRF\'s words', () => {
    expect(outcome(null)).toEqual(['This field may not be null.']);
  });

  it('leaves a missing value to optional() and default()', () => {
    expect(integer().optional().safeParse(undefined)).toMatchObject({ success: true, data: undefined });
    expect(integer({ min: 1 }).default(80).safeParse(undefined)).toMatchObject({ success: true, data: 80 });
  });
});

describe('pkInt', () => {
  it('takes ids as numbers or text, and refuses booleans, lists, zero and what Postgres\'s integer cannot hold', () => {
    expect(pkInt.parse(7)).toBe(7);
    expect(pkInt.parse('12')).toBe(12);
    expect(pkInt.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [true, [1], 0, -1, 2_147_483_648, 99999999999, '1e3']) expect(pkInt.safeParse(bad).success, String(bad)).toBe(false);
  });
});

describe('dateTime()', () => {
  it('takes ISO 8601 with an offset in years 1000-9999, not earlier years', () => {
    for (const ok of ['2026-11-28T10:00:00Z', '2026-11-28T10:00:00.123+05:30', '1000-01-01T00:00:00+01:00', '9999-12-31T23:00:00-05:00']) {
      expect(dateTime().safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['0000-01-01T00:00:00Z', '0001-06-15T00:00:00Z', '0026-11-28T10:00:00Z', '0999-12-31T23:59:59Z', '2026-11-28', '2026-11-28T10:00:00', 'soon']) expect(dateTime().safeParse(bad).success, bad).toBe(false);
  });

  it('says what a valid ISO 8601 time without its offset lacks, and only that', () => {
    const message = (v: string) => dateTime().safeParse(v).error?.issues[0].message;
    expect(message('2026-12-01T10:00:00')).toBe('Datetime has wrong format. Use ISO 8601 with a time zone offset: add Z for UTC or one such as -06:00.');
    expect(message('2026-12-01T10:00')).toBe(message('2026-12-01T10:00:00.5'));
    expect(message('yesterday')).toBe('Datetime has wrong format. Use ISO 8601.');
  });
});

describe('queryFlag', () => {
  it('reads yes and no as boolish does, and an empty value as no filter at all', () => {
    expect(queryFlag.parse('true')).toBe(true);
    expect(queryFlag.parse('0')).toBe(false);
    expect(queryFlag.parse('')).toBeUndefined();
    expect(queryFlag.parse(' ')).toBeUndefined();
    expect(queryFlag.parse(undefined)).toBeUndefined();
    expect(queryFlag.safeParse('maybe').success).toBe(false);
  });
});

describe('webUrl()', () => {
  it('takes http(s) URLs and refuses spaces and control characters rather than encoding them', () => {
    expect(webUrl(255).safeParse('https://example.com/hook?a=1').success).toBe(true);
    for (const bad of ['http://93.184.216.34/a b', 'https://example.com/\tx', 'ftp://example.com/x', 'example.com']) {
      expect(webUrl(255).safeParse(bad).success, bad).toBe(false);
    }
    expect(webUrl(255).safeParse('http://93.184.216.34/a b').error?.issues[0].message).toBe('Enter a valid URL.');
  });
});

describe('tagList', () => {
  const errors = (tags: unknown) => {
    const result = z.object({ tags: tagList }).safeParse({ tags });
    return result.success ? result.data : zodToDrf(result.error);
  };

  it('reads names given as objects or as strings, trimmed', () => {
    expect(errors([{ name: ' VIP ' }, 'lead'])).toEqual({ tags: ['VIP', 'lead'] });
  });

  it('answers an object\'s errors under its name, as a list of objects does', () => {
    expect(errors([{ name: 'ok' }, { name: '' }])).toEqual({ tags: [{}, { name: ['This field may not be blank.'] }] });
    expect(errors([{ name: 'ok' }, { name: 'x'.repeat(101) }])).toEqual({ tags: [{}, { name: ['Ensure this field has no more than 100 characters.'] }] });
    expect(errors([{ name: 'ok' }, {}])).toEqual({ tags: [{}, { name: ['This field is required.'] }] });
  });

  it('answers a plain name\'s errors by its index, as a list of values does', () => {
    expect(errors(['ok', '  '])).toEqual({ tags: { 1: ['This field may not be blank.'] } });
  });
});

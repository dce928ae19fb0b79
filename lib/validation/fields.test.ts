import { describe, expect, it } from 'vitest';
import { integer } from './fields';

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

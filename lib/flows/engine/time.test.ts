import { describe, expect, it } from 'vitest';
import { nextInWorkingHours } from './time';

// 2026-11-25 is a Wednesday (day 2, Monday being 0).
const at = (iso: string) => new Date(iso);
const utc = (hours: { day: number; is_open: boolean; open_at: string; close_at: string }[]) => ({ hours, timeZone: 'UTC' });

describe('nextInWorkingHours', () => {
  const weekdays = [0, 1, 2, 3, 4].map((day) => ({ day, is_open: true, open_at: '09:00', close_at: '17:00' }));

  it('is now when now is inside, or the account has no working hours', () => {
    expect(nextInWorkingHours(utc(weekdays), at('2026-11-25T10:00:00Z'))).toEqual(at('2026-11-25T10:00:00Z'));
    expect(nextInWorkingHours(null, at('2026-11-25T22:00:00Z'))).toEqual(at('2026-11-25T22:00:00Z'));
  });

  it('is the next opening: later today, tomorrow, or after the weekend', () => {
    expect(nextInWorkingHours(utc(weekdays), at('2026-11-25T07:30:00Z'))).toEqual(at('2026-11-25T09:00:00Z'));
    expect(nextInWorkingHours(utc(weekdays), at('2026-11-25T17:00:00Z'))).toEqual(at('2026-11-26T09:00:00Z'));
    expect(nextInWorkingHours(utc(weekdays), at('2026-11-27T18:00:00Z'))).toEqual(at('2026-11-30T09:00:00Z'));
  });

  // As lib/accounts/working-hours.ts reads a closing time before the opening time: the span runs into the next morning.
  it('skips closed days and reads a span past midnight as the account does', () => {
    const hours = [{ day: 2, is_open: false, open_at: '09:00', close_at: '17:00' }, { day: 3, is_open: true, open_at: '22:00', close_at: '02:00' }];
    expect(nextInWorkingHours(utc(hours), at('2026-11-25T10:00:00Z'))).toEqual(at('2026-11-26T22:00:00Z'));
    // Thursday 01:00 follows a closed Wednesday; Friday 01:00 is still Thursday night.
    expect(nextInWorkingHours(utc(hours), at('2026-11-26T01:00:00Z'))).toEqual(at('2026-11-26T22:00:00Z'));
    expect(nextInWorkingHours(utc(hours), at('2026-11-27T01:00:00Z'))).toEqual(at('2026-11-27T01:00:00Z'));
    expect(nextInWorkingHours(utc(hours), at('2026-11-26T03:00:00Z'))).toEqual(at('2026-11-26T22:00:00Z'));
  });

  it('reads the hours on the account\'s clock, summer time included', () => {
    const mexico = { hours: weekdays, timeZone: 'America/Mexico_City' }; // UTC-6, no summer time
    expect(nextInWorkingHours(mexico, at('2026-11-25T10:00:00Z'))).toEqual(at('2026-11-25T15:00:00Z')); // 04:00 there
    expect(nextInWorkingHours(mexico, at('2026-11-25T16:00:00Z'))).toEqual(at('2026-11-25T16:00:00Z')); // 10:00 there
    expect(nextInWorkingHours(mexico, at('2026-11-27T23:30:00Z'))).toEqual(at('2026-11-30T15:00:00Z')); // Friday 17:30 there
    // New York moves from UTC-5 to UTC-4 on Sunday 2027-03-14: Friday opens at 14:00 UTC, Monday at 13:00.
    const newYork = { hours: weekdays, timeZone: 'America/New_York' };
    expect(nextInWorkingHours(newYork, at('2027-03-12T12:00:00Z'))).toEqual(at('2027-03-12T14:00:00Z'));
    expect(nextInWorkingHours(newYork, at('2027-03-12T23:00:00Z'))).toEqual(at('2027-03-15T13:00:00Z'));
    // East of UTC the local day starts the evening before: Tokyo's Monday 09:00 is Sunday 00:00 UTC.
    expect(nextInWorkingHours({ hours: weekdays, timeZone: 'Asia/Tokyo' }, at('2026-11-28T12:00:00Z'))).toEqual(at('2026-11-30T00:00:00Z'));
  });
});

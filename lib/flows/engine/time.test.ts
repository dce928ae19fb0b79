import { describe, expect, it } from 'vitest';
import { nextInWorkingHours } from './time';

// 2026-11-25 is a Wednesday (day 2, Monday being 0).
const at = (iso: string) => new Date(iso);

describe('nextInWorkingHours', () => {
  const weekdays = [0, 1, 2, 3, 4].map((day) => ({ day, is_open: true, open_at: '09:00', close_at: '17:00' }));

  it('is now when now is inside, or the account has no working hours', () => {
    expect(nextInWorkingHours(weekdays, at('2026-11-25T10:00:00Z'))).toEqual(at('2026-11-25T10:00:00Z'));
    expect(nextInWorkingHours(null, at('2026-11-25T22:00:00Z'))).toEqual(at('2026-11-25T22:00:00Z'));
  });

  it('is the next opening: later today, tomorrow, or after the weekend', () => {
    expect(nextInWorkingHours(weekdays, at('2026-11-25T07:30:00Z'))).toEqual(at('2026-11-25T09:00:00Z'));
    expect(nextInWorkingHours(weekdays, at('2026-11-25T17:00:00Z'))).toEqual(at('2026-11-26T09:00:00Z'));
    expect(nextInWorkingHours(weekdays, at('2026-11-27T18:00:00Z'))).toEqual(at('2026-11-30T09:00:00Z'));
  });

  // As lib/accounts/working-hours.ts reads a closing time before the opening time: that day is open before the close and after the opening.
  it('skips closed days and reads a span past midnight as the account does', () => {
    const hours = [{ day: 2, is_open: false, open_at: '09:00', close_at: '17:00' }, { day: 3, is_open: true, open_at: '22:00', close_at: '02:00' }];
    expect(nextInWorkingHours(hours, at('2026-11-25T10:00:00Z'))).toEqual(at('2026-11-26T22:00:00Z'));
    expect(nextInWorkingHours(hours, at('2026-11-26T01:00:00Z'))).toEqual(at('2026-11-26T01:00:00Z'));
    expect(nextInWorkingHours(hours, at('2026-11-26T03:00:00Z'))).toEqual(at('2026-11-26T22:00:00Z'));
  });
});

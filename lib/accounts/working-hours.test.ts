import { describe, expect, it } from 'vitest';
import { outsideWorkingHours, zonedInstant } from './working-hours';

const weekdays = [0, 1, 2, 3, 4].map((day) => ({ day, is_open: true, open_at: '09:00:00', close_at: '17:00:00' }));

describe('outsideWorkingHours', () => {
  it('is inside from opening up to closing on an open day (UTC)', () => {
    // 2026-11-23 is a Monday.
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T09:00:00Z'))).toBe(false);
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T16:59:59Z'))).toBe(false);
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T17:00:00Z'))).toBe(true);
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T08:59:59Z'))).toBe(true);
  });

  it('treats a day that is not listed, or closed, as outside', () => {
    expect(outsideWorkingHours(weekdays, new Date('2026-11-28T12:00:00Z'))).toBe(true); // Saturday
    expect(outsideWorkingHours([{ day: 0, is_open: false, open_at: '09:00', close_at: '17:00' }], new Date('2026-11-23T12:00:00Z'))).toBe(true);
  });

  it('runs past midnight into the next morning when closing comes before opening', () => {
    // Monday 22:00 to Tuesday 06:00; Sunday is closed, so Monday's early hours are too.
    const night = [{ day: 0, is_open: true, open_at: '22:00', close_at: '06:00' }];
    expect(outsideWorkingHours(night, new Date('2026-11-23T23:00:00Z'))).toBe(false);
    expect(outsideWorkingHours(night, new Date('2026-11-24T05:00:00Z'))).toBe(false);
    expect(outsideWorkingHours(night, new Date('2026-11-24T06:00:00Z'))).toBe(true);
    expect(outsideWorkingHours(night, new Date('2026-11-23T05:00:00Z'))).toBe(true);
    expect(outsideWorkingHours(night, new Date('2026-11-23T12:00:00Z'))).toBe(true);
    // A Saturday night into Sunday, read in Tokyo: Sunday 01:00 there is inside.
    expect(outsideWorkingHours([{ day: 5, is_open: true, open_at: '22:00', close_at: '14:00' }], new Date('2026-11-28T16:00:00Z'), 'Asia/Tokyo')).toBe(false);
  });

  it('keeps a day whose closing time equals its opening time open for 24 hours', () => {
    // Monday and Tuesday 00:00–00:00: open from Monday's midnight until Wednesday's.
    const allDay = [0, 1].map((day) => ({ day, is_open: true, open_at: '00:00', close_at: '00:00' }));
    expect(outsideWorkingHours(allDay, new Date('2026-11-23T00:00:00Z'))).toBe(false);
    expect(outsideWorkingHours(allDay, new Date('2026-11-23T23:59:59Z'))).toBe(false);
    expect(outsideWorkingHours(allDay, new Date('2026-11-24T12:00:00Z'))).toBe(false);
    expect(outsideWorkingHours(allDay, new Date('2026-11-25T00:00:00Z'))).toBe(true);
    expect(outsideWorkingHours(allDay, new Date('2026-11-22T23:59:59Z'))).toBe(true);
    // Friday 09:00–09:00: open until Saturday 09:00.
    const day = [{ day: 4, is_open: true, open_at: '09:00', close_at: '09:00' }];
    expect(outsideWorkingHours(day, new Date('2026-11-28T08:59:59Z'))).toBe(false);
    expect(outsideWorkingHours(day, new Date('2026-11-28T09:00:00Z'))).toBe(true);
  });

  it('reads the day and the time on the account\'s clock', () => {
    // 2026-11-23 is a Monday: 15:30 UTC is 09:30 in Mexico City, and Tuesday 00:30 in Tokyo.
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T15:30:00Z'), 'America/Mexico_City')).toBe(false);
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T14:30:00Z'), 'America/Mexico_City')).toBe(true);
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T15:30:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T01:30:00Z'), 'Asia/Tokyo')).toBe(false);
    // Saturday 02:00 UTC is still Friday 21:00 in New York (closed at that hour) and Friday 18:00 in Los Angeles.
    expect(outsideWorkingHours([{ day: 4, is_open: true, open_at: '17:00', close_at: '20:00' }], new Date('2026-11-28T02:00:00Z'), 'America/Los_Angeles')).toBe(false);
    // An unknown zone reads as UTC.
    expect(outsideWorkingHours(weekdays, new Date('2026-11-23T09:00:00Z'), 'Mars/Olympus')).toBe(false);
  });
});

describe('zonedInstant', () => {
  it('reads a wall-clock time in the zone; one the clocks skip lands later by the change', () => {
    expect(zonedInstant(2027, 3, 14, 90, 'America/New_York').toISOString()).toBe('2027-03-14T06:30:00.000Z'); // 01:30 EST
    expect(zonedInstant(2027, 3, 14, 150, 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z'); // 02:30 does not exist: 03:30 EDT
    expect(zonedInstant(2027, 7, 1, 540, 'America/New_York').toISOString()).toBe('2027-07-01T13:00:00.000Z');
    expect(zonedInstant(2027, 7, 1, 1440, 'UTC').toISOString()).toBe('2027-07-02T00:00:00.000Z');
  });
});

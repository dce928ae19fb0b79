import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localInputToIso, localInputValue, nextHour, zoneLabel } from './local-datetime';

// Run in a zone with an offset, so local and UTC differ.
let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = 'America/Mexico_City';
});
afterEach(() => {
  process.env.TZ = zone;
});

describe('local datetime inputs', () => {
  it('reads the input as local time and gives the UTC instant', () => {
    expect(localInputToIso('2025-06-01T09:30')).toBe('2025-06-01T15:30:00.000Z');
    expect(localInputToIso('2025-06-01T09:30:15')).toBe('2025-06-01T15:30:15.000Z');
  });

  it('refuses what is not a full date and time', () => {
    for (const v of ['', '2025-06-01', '09:30', 'tomorrow', '2025-13-45T99:99']) expect(localInputToIso(v)).toBeNull();
  });

  it('writes an instant as the input shows it, and round-trips', () => {
    const d = new Date('2025-06-01T15:30:00.000Z');
    expect(localInputValue(d)).toBe('2025-06-01T09:30');
    expect(localInputToIso(localInputValue(d))).toBe(d.toISOString());
  });

  it('the default later time is a whole hour, at least half an hour ahead', () => {
    const now = new Date('2025-06-01T15:40:00.000Z');
    expect(nextHour(now).toISOString()).toBe('2025-06-01T17:00:00.000Z');
    expect(nextHour(new Date('2025-06-01T15:10:00.000Z')).toISOString()).toBe('2025-06-01T16:00:00.000Z');
  });
});

describe('local datetime inputs in the account zone', () => {
  it('reads the input in the given zone, whatever the browser zone', () => {
    expect(localInputToIso('2025-06-01T09:30', 'Pacific/Kiritimati')).toBe('2025-05-31T19:30:00.000Z');
    expect(localInputToIso('2025-06-01T09:30', 'UTC')).toBe('2025-06-01T09:30:00.000Z');
    expect(localInputToIso('2025-01-15T09:30', 'America/New_York')).toBe('2025-01-15T14:30:00.000Z');
    expect(localInputToIso('2025-07-15T09:30', 'America/New_York')).toBe('2025-07-15T13:30:00.000Z');
  });

  it('shows an instant as the zone\'s clocks do, and round-trips', () => {
    const d = new Date('2025-05-31T19:30:00.000Z');
    expect(localInputValue(d, 'Pacific/Kiritimati')).toBe('2025-06-01T09:30');
    expect(localInputToIso(localInputValue(d, 'Asia/Kolkata'), 'Asia/Kolkata')).toBe(d.toISOString());
  });

  it('a time a clock change skips moves forward by the change; a repeated one takes its first pass', () => {
    expect(localInputToIso('2025-03-09T02:30', 'America/New_York')).toBe('2025-03-09T07:30:00.000Z'); // 03:30 EDT
    expect(localInputToIso('2025-03-09T01:30', 'America/New_York')).toBe('2025-03-09T06:30:00.000Z'); // 01:30 EST
    expect(localInputToIso('2025-11-02T01:30', 'America/New_York')).toBe('2025-11-02T05:30:00.000Z'); // 01:30 EDT, the first
  });

  it('the default later time is a whole hour in the zone', () => {
    expect(nextHour(new Date('2025-06-01T15:40:00.000Z'), 30, 'Asia/Kolkata').toISOString()).toBe('2025-06-01T16:30:00.000Z');
  });

  it('labels the zone', () => {
    expect(zoneLabel('Pacific/Kiritimati', new Date('2025-06-01T00:00:00Z'))).toBe('Pacific/Kiritimati, GMT+14');
    expect(zoneLabel('UTC')).toBe('UTC');
  });
});

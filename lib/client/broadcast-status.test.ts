import { describe, expect, it } from 'vitest';
import {
  DETAIL_POLL_MS, LIST_POLL_MS, SETTLE_POLL_MS, controlsFor, formatPct, funnel, isSending, listPollMs, pollMs,
} from './broadcast-status';

const now = Date.parse('2025-06-01T12:00:00Z');
const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
const b = (status: string, start_on: string | null = null, completed_on: string | null = null, sent = 3, answered = 0) =>
  ({ status, start_on, completed_on, sent, answered }) as Parameters<typeof pollMs>[0];

describe('controlsFor', () => {
  it('offers only what the API accepts in each status', () => {
    expect(controlsFor('PENDING')).toEqual(['pause', 'cancel']);
    expect(controlsFor('RUNNING')).toEqual(['pause', 'cancel']);
    expect(controlsFor('PAUSED')).toEqual(['resume', 'cancel']);
    for (const s of ['COMPLETED', 'CANCELED', 'FAILED'] as const) expect(controlsFor(s)).toEqual([]);
  });
});

describe('pollMs', () => {
  it('fast while running, pending now, or (on its own page) paused', () => {
    expect(pollMs(b('RUNNING'), now, DETAIL_POLL_MS)).toBe(DETAIL_POLL_MS);
    expect(pollMs(b('PENDING'), now, DETAIL_POLL_MS)).toBe(DETAIL_POLL_MS);
    expect(pollMs(b('PENDING', at(-5_000)), now, DETAIL_POLL_MS)).toBe(DETAIL_POLL_MS);
    expect(pollMs(b('PENDING', at(30_000)), now, DETAIL_POLL_MS)).toBe(DETAIL_POLL_MS);
    expect(pollMs(b('PAUSED'), now, DETAIL_POLL_MS)).toBe(DETAIL_POLL_MS);
    expect(pollMs(b('PAUSED'), now, LIST_POLL_MS, { whilePaused: false })).toBe(false);
  });

  it('once a minute while scheduled for later', () => {
    expect(pollMs(b('PENDING', at(3_600_000)), now, DETAIL_POLL_MS)).toBe(60_000);
  });

  it('every few seconds for ten minutes after it ends, while a sent message can still move; then not at all', () => {
    expect(pollMs(b('COMPLETED', null, at(-60_000)), now, DETAIL_POLL_MS)).toBe(SETTLE_POLL_MS);
    expect(pollMs(b('CANCELED', null, at(-60_000), 0), now, DETAIL_POLL_MS)).toBe(false);
    expect(pollMs(b('COMPLETED', null, at(-60_000), 3, 3), now, DETAIL_POLL_MS)).toBe(false);
    expect(pollMs(b('CANCELED', null, at(-11 * 60_000)), now, DETAIL_POLL_MS)).toBe(false);
    expect(pollMs(b('FAILED', null, null), now, DETAIL_POLL_MS)).toBe(false);
  });
});

describe('isSending', () => {
  it('running, or pending and due', () => {
    expect(isSending(b('RUNNING'), now)).toBe(true);
    expect(isSending(b('PENDING'), now)).toBe(true);
    expect(isSending(b('PENDING', at(-1_000)), now)).toBe(true);
    expect(isSending(b('PENDING', at(60_000)), now)).toBe(false);
    expect(isSending(b('PAUSED'), now)).toBe(false);
    expect(isSending(b('COMPLETED', null, at(-1_000)), now)).toBe(false);
  });
});

describe('listPollMs', () => {
  it('the soonest of the page; false when nothing moves', () => {
    expect(listPollMs([b('COMPLETED', null, at(-3_600_000)), b('RUNNING')], now)).toBe(LIST_POLL_MS);
    expect(listPollMs([b('PENDING', at(3_600_000)), b('COMPLETED', null, at(-1_000))], now)).toBe(SETTLE_POLL_MS);
    expect(listPollMs([b('PAUSED'), b('CANCELED', null, at(-3_600_000))], now)).toBe(false);
    expect(listPollMs(undefined, now)).toBe(false);
  });
});

describe('funnel', () => {
  it('each step as a share of the total', () => {
    const f = funnel({ total: 200, sent: 180, delivered: 150, read: 90, answered: 1, failed: 12, skipped: 8, pending: 0 });
    expect(f.progress.map((s) => [s.key, s.count, s.pct])).toEqual([['sent', 180, 90], ['delivered', 150, 75], ['read', 90, 45], ['answered', 1, 0.5]]);
    expect(f.outcome.map((s) => [s.label, s.count, s.pct])).toEqual([['Failed', 12, 6], ['Skipped', 8, 4], ['Pending', 0, 0]]);
    expect(funnel({ total: 0, sent: 0, delivered: 0, read: 0, answered: 0, failed: 0, skipped: 0, pending: 0 }).progress[0].pct).toBe(0);
  });

  it('formats shares without claiming 0% or 100% too early', () => {
    expect([0, 0.5, 1, 33.33, 99.5, 100].map(formatPct)).toEqual(['0%', '<1%', '1%', '33%', '99%', '100%']);
  });
});

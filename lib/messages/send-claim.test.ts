import { describe, expect, it } from 'vitest';
import type { Executor } from '@/db';
import { burstClaim } from './send-claim';

// What a burst learns when its claim cannot be made: nothing may go out, and it must try again
// (the send job reserves a new slot, or hands the burst to a job of its own), never be dropped.

const failing = { execute: async () => { throw new Error('connection lost'); } } as unknown as Executor;

describe('burstClaim', () => {
  it('a claim that fails lets nothing out and tells the burst to try again', async () => {
    const now = Date.now();
    const claims = burstClaim(failing, ['a', 'b'], now, now + 10_000);
    expect(await Promise.all([claims.claim('a'), claims.claim('b')])).toEqual([false, false]);
    expect(claims.late()).toBe(true);
  });

  it('a burst whose deadline passed lets nothing out and tells the burst to try again', async () => {
    const now = Date.now();
    const claims = burstClaim(failing, ['a'], now - 100, now - 50);
    expect(await claims.claim('a')).toBe(false);
    expect(claims.late()).toBe(true);
  });
});

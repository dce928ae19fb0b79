import { describe, expect, it } from 'vitest';
import type { Executor } from '@/db';
import { burstClaim } from './send-claim';

// What a burst learns when its claim cannot be made: nothing may go out, and it must try again
// (the send job reserves a new slot, or hands the burst to a job of its own), never be dropped.

const failing = { execute: async () => { throw new Error('connection lost'); } } as unknown as Executor;
const noSlot = async () => { throw new Error('not reserved'); };

describe('burstClaim', () => {
  it('a claim that fails lets nothing out and tells the burst to try again', async () => {
    const now = Date.now();
    const claims = burstClaim(failing, ['a', 'b'], now, now + 10_000, noSlot);
    expect(await Promise.all([claims.claim('a'), claims.claim('b')])).toEqual([false, false]);
    expect(claims.late()).toBe(true);
  });

  it('a burst whose deadline passed lets nothing out and tells the burst to try again', async () => {
    const now = Date.now();
    const claims = burstClaim(failing, ['a'], now - 100, now - 50, noSlot);
    expect(await claims.claim('a')).toBe(false);
    expect(claims.late()).toBe(true);
  });

  it('a claim answered after its deadline keeps what it claimed and lets it out at a slot reserved then', async () => {
    const statements: string[] = [];
    const slow = {
      execute: async (query: { queryChunks: unknown[] }) => {
        statements.push(JSON.stringify(query.queryChunks).slice(0, 40));
        await new Promise((r) => setTimeout(r, 60));
        return [{ id: 'a' }]; // b waits behind an earlier message of its conversation
      },
    } as unknown as Executor;
    const now = Date.now();
    let reserved = 0;
    // A tolerance of 40 ms: the re-check after the wait must not miss it on a busy machine.
    const claims = burstClaim(slow, ['a', 'b'], now, now + 40, async (count) => { reserved = count; return Date.now() + 30; });
    const [a, b] = await Promise.all([claims.claim('a'), claims.claim('b')]);
    expect([a, b]).toEqual([true, false]);
    expect(reserved, 'a slot for the one claimed message').toBe(1);
    expect(Date.now() - now).toBeGreaterThanOrEqual(85);
    expect(claims.late()).toBe(false);
    expect(statements, 'the claim only: nothing given back to be claimed again').toHaveLength(1);
  });

  it('a claim answered late whose new slot is far off is given back: nothing goes out, the burst tries again', async () => {
    const statements: string[] = [];
    const slow = {
      execute: async (query: { queryChunks: { value?: string[] }[] }) => {
        statements.push(query.queryChunks.map((c) => c.value?.join('') ?? '').join('').replace(/\s+/g, ' ').trim().slice(0, 60));
        await new Promise((r) => setTimeout(r, 40));
        return [{ id: 'a' }];
      },
    } as unknown as Executor;
    const now = Date.now();
    const claims = burstClaim(slow, ['a'], now, now + 10, async () => Date.now() + 5_000);
    expect(await claims.claim('a')).toBe(false);
    expect(claims.late()).toBe(true);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/^update messages set send_claimed_on = null/);
  });
});

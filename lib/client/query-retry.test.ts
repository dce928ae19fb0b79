import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiRequestError } from './api-fetch';
import { retryDelay, shouldRetry } from './query-retry';

// The dashboard's fetch helper keeps a 429's Retry-After, and its reads wait that long before
// trying again; other client errors are not retried, server errors and network failures are.

afterEach(() => {
  vi.unstubAllGlobals();
});

const failure = (path: string) => apiFetch(path).then(() => { throw new Error('expected a failure'); }, (e: ApiRequestError) => e);

const answer = (status: number, body: object, headers: Record<string, string> = {}) => vi.fn(async () => new Response(JSON.stringify(body), {
  status, headers: { 'content-type': 'application/json', ...headers },
}));

describe('throttled reads in the dashboard', () => {
  it('keep the server\'s Retry-After and its message', async () => {
    vi.stubGlobal('fetch', answer(429, { detail: 'Request was throttled. Expected available in 7 seconds.' }, { 'Retry-After': '7' }));
    const error = await failure('/api/contact');
    expect(error).toBeInstanceOf(ApiRequestError);
    expect([error.status, error.retryAfterSeconds, error.message]).toEqual([429, 7, 'Request was throttled. Expected available in 7 seconds.']);
    expect([shouldRetry(0, error), shouldRetry(1, error), shouldRetry(2, error)]).toEqual([true, true, false]);
    expect(retryDelay(0, error)).toBe(7000);
  });

  it('are not retried when the wait is over a minute or unknown', async () => {
    vi.stubGlobal('fetch', answer(429, { detail: 'Request was throttled. Expected available in 3600 seconds.' }, { 'Retry-After': '3600' }));
    expect(shouldRetry(0, await failure('/api/contact'))).toBe(false);
    vi.stubGlobal('fetch', answer(429, { detail: 'Request was throttled.' }));
    const unknown = await failure('/api/contact');
    expect(unknown.retryAfterSeconds).toBeNull();
    expect(shouldRetry(0, unknown)).toBe(false);
  });

  it('leave other errors as before: 4xx never retried, 5xx and network failures twice with backoff', async () => {
    vi.stubGlobal('fetch', answer(404, { detail: 'Not found.' }));
    expect(shouldRetry(0, await failure('/api/contact/x'))).toBe(false);
    vi.stubGlobal('fetch', answer(500, { detail: 'A server error occurred.' }));
    const failed = await failure('/api/contact');
    expect([shouldRetry(0, failed), shouldRetry(1, failed), shouldRetry(2, failed)]).toEqual([true, true, false]);
    expect([retryDelay(0, failed), retryDelay(1, failed), retryDelay(10, failed)]).toEqual([1000, 2000, 30_000]);
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('fetch failed'); }));
    const offline = await failure('/api/contact');
    expect([offline.status, shouldRetry(0, offline)]).toEqual([0, true]);
  });
});

import postgres from 'postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { errorResponse } from './handler';

// How endpoint() answers what a handler throws (docs/api-conventions.md, "Errors").

afterEach(() => vi.restoreAllMocks());

async function answer(error: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const res = errorResponse(error);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

const unavailable = { status: 503, retryAfter: '5', body: { detail: 'Service temporarily unavailable, try again later.' } };

describe('errorResponse', () => {
  it('answers 503 when the database refuses the connection', async () => {
    // A real driver connecting to a port nothing listens on.
    const sql = postgres('postgres://nobody@127.0.0.1:1/none', { max: 1, connect_timeout: 5, onnotice: () => {} });
    const failure = await sql`select 1`.then(() => null, (error: unknown) => error);
    await sql.end({ timeout: 1 });
    expect(failure).not.toBeNull();
    expect(await answer(failure)).toEqual(unavailable);
  });

  it('answers 503 when the server is shutting down or the database is gone, also wrapped by drizzle', async () => {
    for (const code of ['57P01', '3D000', '08006', '53300', 'CONNECTION_CLOSED']) {
      const driverError = Object.assign(new Error('db gone'), { code });
      expect(await answer(driverError)).toEqual(unavailable);
      expect(await answer(Object.assign(new Error('Failed query'), { query: 'select 1', cause: driverError }))).toEqual(unavailable);
    }
  });

  it('keeps its other answers: API errors, a lost uniqueness race, and 500 for anything else', async () => {
    expect(await answer(new ApiError(409, { detail: 'x' }))).toEqual({ status: 409, retryAfter: null, body: { detail: 'x' } });
    const race = Object.assign(new Error('Failed query'), { query: 'insert', cause: Object.assign(new Error('dup'), { code: '23505' }) });
    expect((await answer(race)).status).toBe(400);
    // A failed outbound request carries a connect error as its cause: not the database's.
    const fetchFailed = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED', syscall: 'connect' }) });
    for (const error of [fetchFailed, new Error('boom'), Object.assign(new Error('syntax'), { code: '42601' }), Object.assign(new Error('no file'), { code: 'ENOENT', syscall: 'open' })]) {
      expect(await answer(error)).toEqual({ status: 500, retryAfter: null, body: { detail: 'A server error occurred.' } });
    }
  });
});

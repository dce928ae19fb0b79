import { isApiError } from './api-fetch';

// When the dashboard's reads are tried again (TanStack Query's `retry` and `retryDelay`).

/** Client errors (4xx) will not fix themselves; network blips and 5xx get two more tries. A
 * throttled read (429, with API_RATE_LIMIT set) is tried again once the wait the server gave has
 * passed, if that is within a minute. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (isApiError(error, 429)) return failures < 2 && (error.retryAfterSeconds ?? Infinity) <= 60;
  return !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2;
}

/** The server's Retry-After for a 429; otherwise TanStack Query's own backoff. */
export function retryDelay(failures: number, error: unknown): number {
  if (isApiError(error, 429) && error.retryAfterSeconds) return error.retryAfterSeconds * 1000;
  return Math.min(1000 * 2 ** failures, 30_000);
}

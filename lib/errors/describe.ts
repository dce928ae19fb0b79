// What the logs may say about an error.

type DbError = { code?: string; message?: string };

/** The database error behind a query failure (drizzle wraps the driver's error as `cause`). */
export function databaseError(error: unknown): DbError | null {
  const candidate = (error as { cause?: DbError })?.cause ?? (error as DbError);
  return candidate && typeof candidate.code === 'string' ? candidate : null;
}

// The database cannot be reached or is going away: a connection that failed or was cut, a server
// shutting down or refusing connections, a database that does not exist (any more).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);
const DRIVER_CONNECTION_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/** Whether a query failed because the database is unavailable rather than because of the query. */
export function databaseUnavailable(error: unknown): boolean {
  // The driver's own error, or the one drizzle wraps with its query; not, say, a failed fetch's cause.
  const wrapped = typeof (error as { query?: unknown })?.query === 'string';
  for (const e of wrapped ? [error, (error as { cause?: unknown }).cause] : [error]) {
    const { code, syscall } = (e ?? {}) as { code?: unknown; syscall?: unknown };
    if (syscall === 'connect') return true;
    if (typeof code !== 'string') continue;
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || DRIVER_CONNECTION_CODES.has(code)) return true;
  }
  return false;
}

/**
 * What the log says about an unexpected error: the driver's message and the SQL text, never the
 * query's parameters, which can hold secrets, password hashes or contact data.
 */
export function describeError(error: unknown): string {
  const query = (error as { query?: unknown })?.query;
  if (typeof query === 'string') {
    const cause = databaseError(error);
    return `${cause?.code ?? ''} ${cause?.message ?? 'query failed'} [query: ${query.replace(/\s+/g, ' ').slice(0, 500)}]`;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

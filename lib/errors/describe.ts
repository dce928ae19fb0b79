// What the logs may say about an error.

type DbError = { code?: string; message?: string };

/** The database error behind a query failure (drizzle wraps the driver's error as `cause`). */
export function databaseError(error: unknown): DbError | null {
  const candidate = (error as { cause?: DbError })?.cause ?? (error as DbError);
  return candidate && typeof candidate.code === 'string' ? candidate : null;
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

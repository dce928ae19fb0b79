import { sql, type SQL } from 'drizzle-orm';

/** Timestamps on the wire: ISO 8601 in UTC (`2026-11-21T10:00:00.000Z`), null stays null. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

/**
 * The same rendering in SQL, for serializers that build their JSON in the database: milliseconds
 * truncated, as `iso()` truncates a timestamp read from the database; null stays null. For
 * timestamptz columns (on a plain timestamp, `at time zone` converts the other way) and years
 * 1-9999, which is every time this application stores.
 */
export function isoSql(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

import { sql } from 'drizzle-orm';

/** Now by the database's clock, the one every process and server shares; `at` stands in for it in tests. */
export const databaseNow = (at: Date | null) => sql`coalesce(${at?.toISOString() ?? null}::timestamptz, clock_timestamp())`;

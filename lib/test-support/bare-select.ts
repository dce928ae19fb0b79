import { sql } from 'drizzle-orm';
import { execRows, type Db } from '@/db';

/** The benchmarks' reference workload (one 20-row SELECT, no account): see app/api/test/bare. */
export async function bareSelect(db: Db) {
  return execRows(db, sql`select id, phone, first_name from contacts order by id limit 20`);
}

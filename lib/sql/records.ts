import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// Rows a hand-written statement returns with a table's columns (`returning *`, `select t.*`), as
// the table's records: each value mapped from the driver as drizzle's own select maps it (a
// timestamp becomes a Date), keyed by the schema's property names.

export function recordsOf<T extends PgTable>(table: T, rows: Record<string, unknown>[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return record as T['$inferSelect'];
  });
}

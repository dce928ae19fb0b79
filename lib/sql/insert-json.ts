import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// A multi-row INSERT whose rows travel as one JSON parameter, typed by the table's own row type
// (jsonb_populate_recordset(null::table, …)): for the statements that store a whole group of
// messages or contacts at once (lib/sql/coalescer.ts). drizzle's `insert().values(rows)` binds
// every value of every row as its own parameter and builds the text anew each time: for a group of
// 20 messages that was ~350 parameters, and building them was the largest single cost in a
// provider callback's CPU profile (drizzle's `is()` checks, ~5 %, and ~8 % in all). Here the text
// depends only on the columns given, so it is built cheaply and prepared once per connection.
//
// Every row must give the same columns (a column left out takes its default, which cannot differ
// from row to row here). Values are what drizzle would take, keyed by the schema's property names:
// Dates become ISO strings, jsonb columns take any JSON value as is.

export function insertRowsFromJson<T extends PgTable>(table: T, rows: Partial<T['$inferInsert']>[]): SQL {
  if (!rows.length) throw new Error('insertRowsFromJson needs at least one row');
  const columns = Object.entries(getTableColumns(table));
  const given = columns.filter(([key]) => (rows[0] as Record<string, unknown>)[key] !== undefined);
  const isGiven = new Set(given.map(([key]) => key));
  const doc = rows.map((row) => {
    const values = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = values[key];
      if ((value !== undefined) !== isGiven.has(key)) throw new Error(`insertRowsFromJson: rows differ in whether they give ${key}`);
      if (value !== undefined) out[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return out;
  });
  const names = given.map(([, column]) => `"${column.name}"`).join(', ');
  const tableName = `"${getTableName(table)}"`;
  return sql`insert into ${sql.raw(tableName)} (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_populate_recordset(null::${sql.raw(tableName)}, ${JSON.stringify(doc)}::jsonb)`;
}

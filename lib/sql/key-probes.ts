import { sql, type SQL } from 'drizzle-orm';

// Rows looked up by many keys of a unique index at once (a group's contacts by phone, its
// messages by provider id), one index probe per key whatever the planner believes.
//
// Written the obvious way, `account_id = $1 and canonical_phone in (...)` (or `= any(array)`),
// the lookup left it to the planner whether the phones are part of the index scan or a filter
// over it. Postgres 15 costs both, and when it believes the account small (a table filling faster
// than autovacuum analyses it, an account or channel newer than the statistics), it scans the
// index by account alone and filters every contact of the account by phone. A prepared statement
// then keeps that plan, and a lookup of a few keys reads a whole channel's messages or an
// account's contacts.
//
// Here the keys are a JSON parameter turned into rows, and each row's match is a LATERAL subquery
// with `limit 1`, which the planner may not flatten into a join: it runs once per key, with
// equality on every column of the unique index, which only an index probe answers. The text
// depends only on the columns, so it is prepared once per connection whatever the group's size.

export type KeyColumns = Record<string, 'int' | 'varchar' | 'uuid'>;

/**
 * `jsonb_to_recordset(<keys>) as k(<columns>)`: a FROM item of the keys, named `k`, for a query of
 * the form `select … from ${keyRows(…)}, lateral (select … where <col> = k.<col> … limit 1) x`.
 */
export function keyRows(columns: KeyColumns, keys: Record<string, string | number>[]): SQL {
  const names = Object.keys(columns);
  for (const name of names) if (!/^[a-z_]+$/.test(name)) throw new Error(`keyRows: bad column name ${name}`);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(${sql.raw(definition)})`;
}

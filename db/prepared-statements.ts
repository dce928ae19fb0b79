import type postgres from 'postgres';

// drizzle runs every query through postgres.js's `unsafe` unprepared (only queries given a name
// are prepared). postgres.js sends an unprepared query that has parameters in two round trips: Parse
// and Describe first, then, once the parameter types are back, Bind and Execute; and Postgres
// parses and plans it again each time. Prepared, a query is described once per connection and
// afterwards costs one round trip, and Postgres can reuse its plan. On the contact list this halved
// the socket writes per request.
//
// postgres.js's own `prepare: true` connection option (its default) does not reach drizzle's
// queries: drizzle passes `prepare: false` for every query not given a name. The contact list's
// statement is written to be prepared and planned once (lib/sql/page.ts and its test), so the
// client is wrapped here (bench/README.md).
//
// Statements stay prepared for the life of the connection (postgres.js recycles connections
// every 30 to 60 minutes), so only statements with a bounded number of distinct texts qualify:
// a query whose text grows with its data (a multi-row insert, a long IN list) is left unprepared.

const MAX_PREPARED_PARAMETERS = 32;
const MAX_PREPARED_TEXT = 8_192;

export function worthPreparing(text: string, parameters: readonly unknown[] | undefined): boolean {
  const count = parameters?.length ?? 0;
  return count > 0 && count <= MAX_PREPARED_PARAMETERS && text.length <= MAX_PREPARED_TEXT;
}

type Unsafe = (text: string, parameters?: unknown[], options?: { prepare?: boolean }) => unknown;
type Scoped = (...args: unknown[]) => unknown;

/**
 * The client drizzle is given: queries worth preparing are prepared, on the pool and inside
 * transactions and savepoints alike (drizzle reaches those through `begin` and `savepoint`).
 */
export function preparingClient<T extends postgres.Sql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        const unsafe = Reflect.get(target, property, receiver) as Unsafe;
        return (text: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
          unsafe(text, parameters, { ...options, prepare: options?.prepare || worthPreparing(text, parameters) });
      }
      if (property === 'begin' || property === 'savepoint') {
        const scoped = Reflect.get(target, property, receiver) as Scoped;
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const body = args[last] as (inner: postgres.Sql) => unknown;
          args[last] = (inner: postgres.Sql) => body(preparingClient(inner));
          return scoped(...args);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

import { describe, expect, it } from 'vitest';
import type postgres from 'postgres';
import { preparingClient, worthPreparing } from './prepared-statements';

// Which statements drizzle's queries are prepared as, on the pool and inside transactions.

type Call = { text: string; prepare: boolean | undefined };

function fakeClient(calls: Call[]): postgres.Sql {
  const client = {
    unsafe: (text: string, _parameters?: unknown[], options?: { prepare?: boolean }) => {
      calls.push({ text, prepare: options?.prepare });
      return Promise.resolve([]);
    },
    begin: (...args: unknown[]) => (args[args.length - 1] as (inner: unknown) => unknown)(client),
    savepoint: (body: (inner: unknown) => unknown) => body(client),
    options: { max: 10 },
  };
  return client as unknown as postgres.Sql;
}

describe('prepared statements', () => {
  it('prepares parameterised statements of bounded shape only', () => {
    expect(worthPreparing('select * from contacts where account_id = $1', [1])).toBe(true);
    expect(worthPreparing('select 1', [])).toBe(false); // no round trip to save; may be several statements
    expect(worthPreparing(`insert into t values ${Array.from({ length: 40 }, (_, i) => `($${i + 1})`).join(',')}`, new Array(40).fill(1))).toBe(false);
    expect(worthPreparing(`select $1 ${' '.repeat(9_000)}`, [1])).toBe(false);
  });

  it('overrides drizzle\'s prepare: false, on the pool, in transactions and in savepoints', async () => {
    const calls: Call[] = [];
    const client = preparingClient(fakeClient(calls));
    await client.unsafe('select $1', [1], { prepare: false });
    await client.unsafe('select 2', [], { prepare: false });
    await client.begin(async (tx) => {
      await tx.unsafe('update t set a = $1', [1]);
      await (tx as unknown as { savepoint: (b: (s: postgres.Sql) => Promise<unknown>) => Promise<unknown> })
        .savepoint(async (sp) => sp.unsafe('delete from t where a = $1', [1]));
    });
    await client.begin('isolation level serializable', async (tx) => tx.unsafe('select $1', [1]));
    expect(calls).toEqual([
      { text: 'select $1', prepare: true },
      { text: 'select 2', prepare: false },
      { text: 'update t set a = $1', prepare: true },
      { text: 'delete from t where a = $1', prepare: true },
      { text: 'select $1', prepare: true },
    ]);
    expect(client.options.max).toBe(10); // everything else passes through
  });
});

import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db';

// Query plans for tests that hold a statement to a plan: the generic plan, the one a prepared
// statement keeps once Postgres stops planning it for each set of parameters.

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
};

/** The node and every node under it. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

function literal(value: unknown): string {
  const text = Array.isArray(value) ? `{${value.join(',')}}` : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The generic plan of `query` (explained with its parameters, not run), inside the caller's
 * transaction `tx`, which also sees what the transaction wrote and analysed.
 */
export async function genericPlan(tx: Executor, query: SQL): Promise<PlanNode> {
  // Loaded here: a test file sets up its database before the first import of '@/db'.
  const { execRows } = await import('@/db');
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
  await tx.execute(sql.raw(`prepare generic_plan as ${text}`));
  try {
    const [row] = await execRows<{ 'QUERY PLAN': unknown }>(tx, sql.raw(`explain (format json) execute generic_plan(${params.map(literal).join(', ')})`));
    const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
    return (plan as { Plan: PlanNode }[])[0].Plan;
  } finally {
    await tx.execute(sql.raw('deallocate generic_plan'));
  }
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/db';
import { flowActionTests } from '@/db/schema';
import { ApiError, NotFoundError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import type { FlowActionTest } from '@/lib/openapi/schemas/flows';
import { actionRequest, callAction, readAnswer, type ActionRequest } from './engine/action';
import { renderText, type VariableScope } from './variables';
import type { ActionTestBody } from './validation';

// An ACTION's request tried from the builder before the flow runs: sent as a run would send it
// (same guard, time limit and size limit), with the variables it uses filled in from values the
// builder gives, and its answer kept so that the builder can offer the paths inside it.

type Stored = typeof flowActionTests.$inferSelect;

/** Trials are aids for building a flow: kept this long, then pruned as new ones are made. */
const KEPT_DAYS = 30;
/** Trials one account may have waiting for an answer at once, per web process. */
const AT_ONCE = 3;
const running = new Map<number, number>();
// What a header carrying a credential looks like: its value is not kept.
const SECRET_HEADER = /authorization|cookie|token|secret|password|api[-_]?key/i;

/** Values by variable name (`contact.first_name`, `step.lookup.order.id`) as the scope a run would have. */
export function scopeOfValues(values: Record<string, string>): VariableScope {
  // Objects without a prototype: a key can only ever be data (the names are checked too).
  const blank = () => Object.create(null) as Record<string, unknown>;
  const scope: VariableScope = { contact: blank(), steps: blank(), flowVariables: blank() };
  const roots: Record<string, Record<string, unknown>> = { contact: scope.contact, step: scope.steps, flow_execution_variables: scope.flowVariables };
  for (const [name, value] of Object.entries(values)) {
    const [space, ...path] = name.replace(/^\{\{\s*|\s*\}\}$/g, '').split('.');
    let node = roots[space];
    if (!node || !path.length) continue;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      node = (node[key] = next !== null && typeof next === 'object' ? next : blank()) as Record<string, unknown>;
    }
    node[path[path.length - 1]] = value;
  }
  return scope;
}

function serialize(t: Stored): z.output<typeof FlowActionTest> {
  return {
    id: t.id, request: t.request as ActionRequest, status: t.status, response: t.response ?? '', error: t.error,
    duration_ms: t.durationMs, created_on: t.createdOn.toISOString(),
  };
}

export async function testAction(db: Db, member: Pick<Member, 'accountId' | 'userId'>, body: ActionTestBody) {
  const scope = scopeOfValues(body.test_values);
  const request = actionRequest(body, (text, escape) => renderText(text, scope, escape).text);
  const busy = running.get(member.accountId) ?? 0;
  if (busy >= AT_ONCE) throw new ApiError(429, { detail: `${AT_ONCE} test requests are waiting for an answer already: try again once one has answered.` }, { 'Retry-After': '5' });
  running.set(member.accountId, busy + 1);
  let answer;
  try {
    answer = await callAction(request);
  } finally {
    const left = (running.get(member.accountId) ?? 1) - 1;
    if (left > 0) running.set(member.accountId, left);
    else running.delete(member.accountId);
  }
  const kept = { ...request, headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, SECRET_HEADER.test(k) ? '(hidden)' : v])) };
  const [stored] = await db.insert(flowActionTests).values({
    accountId: member.accountId, createdById: member.userId, request: kept, status: answer.status,
    response: answer.status === null ? null : readAnswer(answer.body), error: answer.error, durationMs: answer.durationMs,
  }).returning();
  await db.delete(flowActionTests).where(and(eq(flowActionTests.accountId, member.accountId),
    lt(flowActionTests.createdOn, sql`now() - make_interval(days => ${KEPT_DAYS})`)));
  return serialize(stored);
}

export async function actionTestById(db: Db, accountId: number, id: string) {
  const [found] = await db.select().from(flowActionTests).where(and(eq(flowActionTests.id, id), eq(flowActionTests.accountId, accountId)));
  if (!found) throw new NotFoundError();
  return serialize(found);
}

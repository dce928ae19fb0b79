import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { flows, flowVersions } from '@/db/schema';
import { ValidationError } from '@/lib/api/errors';
import type { Member } from '@/lib/auth/member';
import { sandboxChannel } from '@/lib/channels/sandbox/phone';
import { draftProblems, workingCopy } from './drafts';
import { getExecution } from './execution-queries';
import { checkBody, insertExecution, sandboxRun } from './executions';
import { findFlow, publish } from './flows';
import type { SerializedExecution } from './serializer';
import { checkSteps } from './steps-check';
import { flowBody, type TrySandboxBody } from './validation';

// A try of the draft on the sandbox phone, before it is published. The draft's steps are stored
// as a snapshot numbered below zero (never listed among the versions, never run by anything but
// this execution), so the published version, the version history and what new executions run
// stay as they are.

/** Runs the draft (refused, as a publish would be, while it has problems) for one sandbox number. */
export async function tryDraftOnSandbox(db: Db, member: Member, flowId: string, input: TrySandboxBody): Promise<SerializedExecution> {
  const f = await findFlow(db, member.accountId, flowId);
  const draft = await workingCopy(db, f);
  const problems = await draftProblems(db, member.accountId, f.id, draft);
  if (Object.keys(problems).length) throw new ValidationError(problems);
  const body = flowBody.parse({ ...draft, status: undefined });
  const steps = checkSteps(body.steps, body.flow_execution_variables);
  const run = await sandboxRun(db, member.accountId, input);
  await checkBody(db, member.accountId, run, false);
  const channel = await sandboxChannel(db, member.accountId);
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: flows.id }).from(flows).where(eq(flows.id, f.id)).for('update');
    const [{ lowest }] = await tx.select({ lowest: sql<number>`coalesce(min(${flowVersions.version}), 0)::int` }).from(flowVersions)
      .where(eq(flowVersions.flowId, f.id));
    const versionId = await publish(tx, f.id, Math.min(Number(lowest), 0) - 1, steps, { userId: member.userId, layout: draft.layout });
    // An INBOUND draft starts for the number at once, as if it had written the trigger: a listening
    // execution would start the draft for every contact who writes.
    return insertExecution(tx, {
      member, flowId: f.id, versionId, executionType: body.execution_type === 'INBOUND' ? 'API' : body.execution_type, channelId: channel.id, body: run,
    });
  });
  return getExecution(db, member.accountId, id);
}

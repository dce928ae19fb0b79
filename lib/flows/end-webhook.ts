import { eq } from 'drizzle-orm';
import { getDb, type Executor } from '@/db';
import { flows } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { defineJob } from '@/lib/jobs/registry';
import { postWebhook } from '@/lib/webhooks/http-send';
import { nextDelaySeconds, parseRetryAfter } from '@/lib/webhooks/retry-schedule';
import { signatureHeaders } from '@/lib/webhooks/signing';
import type { RunContext } from './engine/context';

// `flow_end_action` WEBHOOK: when a contact completes the flow, its answers are posted to the
// flow's `flow_end_webhook_url`, signed with the flow's secret as subscriptions sign deliveries
// (Standard Webhooks headers), through the same guarded sender (private addresses refused). A
// failed post (not 2xx, a network error, a timeout) is tried again `flow_webhook_retries` times
// on the webhook retry schedule. The post is a job enqueued with the completion, so it goes out
// exactly when the completion commits.

export const END_EVENT = 'flow_execution_contact.end';

type EndPost = { flowId: string; deliveryId: string; body: string; attempt: number };

/** The body posted: the contact, where it ended, and its answers by step name. */
export function endPayload(ctx: RunContext, variables: Record<string, unknown>, now: Date) {
  const answers: Record<string, unknown> = {};
  for (const step of ctx.steps.values()) {
    const key = step.name || `step_${step.ordering_idx}`;
    if ((step.step_type === 'QUESTION' || step.step_type === 'MENU') && key in variables) answers[key] = variables[key];
  }
  return {
    type: END_EVENT,
    timestamp: now.toISOString(),
    data: {
      flow: { id: ctx.flow.id, name: ctx.flow.name, version: ctx.flow.version },
      flow_execution: ctx.execution.id,
      flow_execution_contact: ctx.fec.id,
      status: 'COMPLETED',
      contact: {
        id: ctx.contact.id, phone: ctx.contact.phone, canonical_phone: ctx.contact.canonical_phone,
        first_name: ctx.contact.first_name, last_name: ctx.contact.last_name,
      },
      answers,
      variables,
      flow_execution_variables: ctx.execution.flowExecutionVariables,
    },
  };
}

/** Enqueues the post in the completion's transaction, when the flow asks for it. */
export async function queueEndWebhook(tx: Executor, ctx: RunContext, variables: Record<string, unknown>) {
  if (ctx.flow.flowEndAction !== 'WEBHOOK' || !ctx.flow.flowEndWebhookUrl) return;
  const data: EndPost = {
    flowId: ctx.flow.id, deliveryId: `flow_end_${ctx.fec.id}`, body: JSON.stringify(endPayload(ctx, variables, ctx.now)), attempt: 1,
  };
  await enqueue(tx, QUEUES.flowEndWebhook.name, data);
}

export async function postEndWebhook(data: EndPost) {
  const db = await getDb();
  const [flow] = await db.select({ url: flows.flowEndWebhookUrl, secret: flows.flowEndWebhookSecret, retries: flows.flowWebhookRetries })
    .from(flows).where(eq(flows.id, data.flowId));
  if (!flow?.url) return;
  const timestamp = Math.floor(Date.now() / 1000);
  let result;
  try {
    result = await postWebhook(flow.url, signatureHeaders([flow.secret], data.deliveryId, timestamp, data.body), data.body);
  } catch (error) {
    result = { status: null, retryAfter: null, error: (error as Error).message };
  }
  if (result.status !== null && result.status >= 200 && result.status < 300) return;
  const delay = data.attempt <= flow.retries ? nextDelaySeconds(data.attempt, parseRetryAfter(result.retryAfter)) : null;
  if (delay === null) {
    console.warn(`flow end webhook ${data.deliveryId} given up after ${data.attempt} attempts: ${result.error ?? `HTTP ${result.status}`}`);
    return;
  }
  await enqueue(db, QUEUES.flowEndWebhook.name, { ...data, attempt: data.attempt + 1 }, { startAfter: new Date(Date.now() + delay * 1000) });
}

export const flowEndWebhookJob = defineJob<EndPost>({
  name: QUEUES.flowEndWebhook.name,
  concurrency: 2,
  handle: postEndWebhook,
});

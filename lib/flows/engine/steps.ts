import { and, eq, sql } from 'drizzle-orm';
import { accounts, conversationAssignees, conversationTags, flowExecutionContactSteps } from '@/db/schema';
import { moveFlowConversations, ofContacts } from '@/lib/conversations/flow-status';
import { assignToTeam } from '@/lib/conversations/assign-new';
import { enqueue } from '@/lib/jobs/enqueue';
import { QUEUES } from '@/lib/jobs/queues';
import { upsertContacts } from '@/lib/contacts/upsert';
import type { Change } from '@/lib/contacts/write';
import { queueTemplateSends } from '@/lib/messages/template-sends';
import { upsertTags } from '@/lib/tags/service';
import { findTemplate } from '@/lib/templates/service';
import { renderTemplate, variableCountProblem, wireTemplate } from '@/lib/templates/variables';
import { checkAnswer, fold, isOtherStepsTap, type InboundReply } from '../answers';
import { contactUpdateValues } from './contact-update';
import { renderText, type Escape, type VariableScope } from '../variables';
import { ACTION_TIMEOUT_MS, actionRequest, readAnswer, type ActionResult } from './action';
import { evaluate } from './conditions';
import { channelFor, flowConversation, sendMessage, sendText, type RunContext, type Step } from './context';
import { questionMessage } from './question-message';
import { logStep, takeReply, updateLastStep, type State } from './state';
import { ENDLESS_TRIGGER_REASON, MAX_FLOWS_WITHOUT_WAIT, TRIGGER_TARGET_GONE } from './trigger-chain';
import { delayEnd, waitEnd, type AccountClock } from './time';
import { noOptionsReason, optionsFromVariable, withOptions, type VariableOption } from './variable-options';
import { isMarketing, OPTED_OUT } from '@/lib/opt-out/marketing';

/** Beyond the request's own time limit, how long an ACTION waits for its job before it counts as lost. */
const ACTION_GRACE_MS = 60_000;

// What each step type does. A step returns where the contact goes next: another step (`go`,
// null for the end of the flow), a wait (`wait`: an answer or the end of a delay), or a final
// status (`end`).

export type Outcome =
  | { kind: 'go'; idx: number | null }
  | { kind: 'wait' }
  | { kind: 'end'; status: 'COMPLETED' | 'FAILED' | 'EXPIRED'; reason: string; handedOver?: boolean };

export function scopeOf(ctx: RunContext, s: State): VariableScope {
  return { contact: ctx.contact as unknown as Record<string, unknown>, steps: s.variables, flowVariables: ctx.execution.flowExecutionVariables as Record<string, unknown> };
}

const keyOf = (step: Step) => step.name || `step_${step.ordering_idx}`;

/** Renders a text, noting missing variables for the step's log. */
function render(ctx: RunContext, s: State, text: string, missing: string[], escape?: Escape) {
  const out = renderText(text, scopeOf(ctx, s), escape);
  missing.push(...out.missing);
  return out.text;
}
const missingNote = (missing: string[]) => (missing.length ? `Missing variables rendered empty: ${[...new Set(missing)].map((m) => `{{${m}}}`).join(', ')}.` : undefined);

/** The question as it goes out, after `before` (a validation message) when it is asked again. */
function question(ctx: RunContext, s: State, step: Step, missing: string[], before = '') {
  const text = [before, render(ctx, s, step.body, missing)].filter(Boolean).join('\n\n');
  return questionMessage(step, text, step.answer_instructions ? render(ctx, s, step.answer_instructions, missing) : '');
}

async function contactChange(ctx: RunContext, change: Change) {
  await upsertContacts(ctx.tx, [{
    actor: { accountId: ctx.flow.accountId, userId: null }, canonicalPhone: ctx.contact.canonical_phone, phone: ctx.contact.phone,
    change, onExisting: 'merge',
  }]);
}

/** Runs a step that has not started yet. */
export async function runStep(ctx: RunContext, s: State, step: Step): Promise<Outcome> {
  const missing: string[] = [];
  switch (step.step_type) {
    case 'MESSAGE': {
      const body = render(ctx, s, step.body, missing);
      const text = step.body_type === 'text' ? body : [body, render(ctx, s, step.body_file_url, missing)].filter(Boolean).join('\n');
      const id = await sendText(ctx, text);
      logStep(s, step.id, { status: 'COMPLETED', messages: [id], result: { body: text }, error: missingNote(missing) });
      return { kind: 'go', idx: step.next_step_default_idx };
    }
    case 'TEMPLATE': {
      const found = step.chat_template ? await findTemplate(ctx.tx, ctx.flow.accountId, step.chat_template) : null;
      if (!found || found.template.isDeleted || found.template.status !== 'approved' || found.channel.status === 'INACTIVE') {
        const error = 'The template is missing, not approved, or its channel is switched off.';
        logStep(s, step.id, { status: 'FAILED', error });
        return { kind: 'end', status: 'FAILED', reason: error };
      }
      if (isMarketing(found.template) && ctx.contact.opted_out) {
        logStep(s, step.id, { status: 'FAILED', error: OPTED_OUT });
        return { kind: 'end', status: 'FAILED', reason: OPTED_OUT };
      }
      const variables = step.template_variables.map((v) => render(ctx, s, v, missing));
      // The template may have changed since the flow was published: no placeholder goes out unfilled.
      const countProblem = variableCountProblem(found.template.components, variables.length);
      if (countProblem) {
        const error = `The template changed since the flow was published. ${countProblem}`;
        logStep(s, step.id, { status: 'FAILED', error });
        return { kind: 'end', status: 'FAILED', reason: error };
      }
      // A try on the sandbox sends the template through the sandbox, whichever channel it belongs to.
      const channel = ctx.execution.channelId !== null ? (await channelFor(ctx, null)) ?? found.channel : found.channel;
      const [queued] = await queueTemplateSends(ctx.tx, [{
        actor: { accountId: ctx.flow.accountId, userId: null }, channel, templateId: found.template.id,
        phone: ctx.contact.phone, canonicalPhone: ctx.contact.canonical_phone, variables,
        wire: wireTemplate(found.template, variables), body: renderTemplate(found.template.components, variables),
        messageSource: 'FLOW', conversationSource: 'FLOW', contactId: ctx.fec.contactId, conversationStatus: 'FLOW',
      }], { sendLater: ctx.sends });
      ctx.seen.conversation = queued.opened;
      // The next steps send on the same channel, looked up already.
      ctx.seen.channels.set(channel.id, channel);
      if (step.answer_options.length) {
        // Its quick-reply buttons branch: the step waits for the tap, as a question for its answer.
        logStep(s, step.id, { status: 'RUNNING', messages: [queued.id], result: { variables, options: step.answer_options }, error: missingNote(missing) });
        s.waiting = 'ANSWER';
        s.waitingSince = ctx.now;
        s.waitUntil = waitEnd(step, ctx.now);
        s.attempts = 0;
        return { kind: 'wait' };
      }
      logStep(s, step.id, { status: 'COMPLETED', messages: [queued.id], result: { variables }, error: missingNote(missing) });
      return { kind: 'go', idx: step.next_step_default_idx };
    }
    case 'QUESTION':
    case 'MENU': {
      const options = step.has_options_from_variable ? optionsFromVariable(step, scopeOf(ctx, s)) : null;
      if (options && !options.length) {
        // Nothing to choose from: the contact is told so (when the step says how) and the step fails.
        const text = step.missing_options_message ? render(ctx, s, step.missing_options_message, missing) : '';
        const messages = text ? [await sendText(ctx, text)] : [];
        const error = noOptionsReason(step, scopeOf(ctx, s));
        logStep(s, step.id, { status: 'FAILED', messages, result: { options: [] }, error: [error, missingNote(missing)].filter(Boolean).join(' ') });
        if (step.answer_failed_next_step_idx !== null) return { kind: 'go', idx: step.answer_failed_next_step_idx };
        return { kind: 'end', status: 'FAILED', reason: error };
      }
      const id = await sendMessage(ctx, question(ctx, s, options ? withOptions(step, options) : step, missing));
      logStep(s, step.id, { status: 'RUNNING', messages: [id], result: { attempts: 0, ...(options ? { options } : {}) }, error: missingNote(missing) });
      s.waiting = 'ANSWER';
      s.waitingSince = ctx.now;
      s.waitUntil = waitEnd(step, ctx.now);
      s.attempts = 0;
      return { kind: 'wait' };
    }
    case 'CONDITIONAL': {
      const result = evaluate(step.conditions, scopeOf(ctx, s));
      const branch = result.passed ? 'then' : 'otherwise';
      logStep(s, step.id, { status: 'COMPLETED', result: { branch, conditions: result.checked } });
      return { kind: 'go', idx: result.passed ? step.next_step_default_idx : step.next_step_alternate_idx };
    }
    case 'ACTION': {
      const request = actionRequest(step, (text, escape) => render(ctx, s, text, missing, escape));
      // The request goes out from its own job (action-job.ts): this run commits and frees its worker meanwhile.
      const seq = s.stepSeq;
      logStep(s, step.id, { status: 'RUNNING', request, error: missingNote(missing) });
      await enqueue(ctx.tx, QUEUES.flowAction.name, { fecId: ctx.fec.id, seq, request });
      s.waiting = 'ACTION';
      s.waitingSince = ctx.now;
      s.waitUntil = new Date(ctx.now.getTime() + ACTION_TIMEOUT_MS + ACTION_GRACE_MS);
      return { kind: 'wait' };
    }
    case 'DELAY': {
      const until = delayEnd(step, ctx.now, await accountClockOf(ctx));
      logStep(s, step.id, { status: 'RUNNING', result: { until: until.toISOString() } });
      s.waiting = 'DELAY';
      s.waitingSince = ctx.now;
      s.waitUntil = until;
      return { kind: 'wait' };
    }
    case 'TAG': {
      if (step.contact_tags.length) {
        await contactChange(ctx, { fields: {}, tags: { mode: step.tags_mode === 'REPLACE' ? 'replace' : 'add', names: step.contact_tags } });
      }
      if (step.conversation_tags.length) {
        const conversation = await flowConversation(ctx, null);
        if (step.tags_mode === 'REPLACE') await ctx.tx.delete(conversationTags).where(eq(conversationTags.conversationId, conversation.id));
        const ids = [...(await upsertTags(ctx.tx, ctx.flow.accountId, step.conversation_tags)).values()];
        await ctx.tx.insert(conversationTags).values(ids.map((tagId) => ({ conversationId: conversation.id, tagId }))).onConflictDoNothing();
      }
      logStep(s, step.id, { status: 'COMPLETED', result: { contact_tags: step.contact_tags, conversation_tags: step.conversation_tags, mode: step.tags_mode } });
      return { kind: 'go', idx: step.next_step_default_idx };
    }
    case 'CONTACT_UPDATE': {
      const rendered = Object.fromEntries(Object.entries(step.contact_update_fields).map(([key, template]) => [key, render(ctx, s, template, missing)]));
      const { fields, meta, refused } = contactUpdateValues(rendered);
      await contactChange(ctx, { fields, meta: Object.keys(meta).length ? { mode: 'merge', value: meta } : undefined });
      const notes = [missingNote(missing), ...refused].filter(Boolean).join(' ');
      logStep(s, step.id, { status: 'COMPLETED', result: { fields, meta }, error: notes || undefined });
      return { kind: 'go', idx: step.next_step_default_idx };
    }
    case 'CONVERSATION': {
      const conversation = await flowConversation(ctx, null);
      const team = step.assign_to_team ?? null;
      const named = step.assign_to_users.length > 0;
      if (named) {
        await ctx.tx.insert(conversationAssignees).values(step.assign_to_users.map((userId) => ({ conversationId: conversation.id, userId })))
          .onConflictDoNothing();
      }
      // The team's queue; and, unless the step named people, a member by its strategy in place of
      // whoever held it: the flow routes it there.
      const toTeam = team !== null && await assignToTeam(ctx.tx, ctx.flow.accountId, team,
        [{ accountId: ctx.flow.accountId, conversationId: conversation.id, contactId: ctx.fec.contactId }], named ? { pickMember: false } : { replacing: true });
      // After the assignment, so that the conversation.updated event carries it.
      await moveFlowConversations(ctx.tx, sql`conversations.id = ${conversation.id}`, ['CREATED', 'FLOW', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'], 'NEW');
      logStep(s, step.id, {
        status: 'COMPLETED', result: { conversation: conversation.id, assigned: step.assign_to_users, ...(team !== null ? { team } : {}) },
        ...(team !== null && !toTeam ? { error: 'The team no longer exists: the conversation went to the inbox without one.' } : {}),
      });
      return { kind: 'end', status: 'COMPLETED', reason: 'Handed over to agents.', handedOver: true };
    }
    case 'GO_TO':
      logStep(s, step.id, { status: 'COMPLETED', result: { to: step.next_step_default_idx } });
      return { kind: 'go', idx: step.next_step_default_idx };
    case 'TRIGGER_FLOW': {
      if (ctx.chain + 1 >= MAX_FLOWS_WITHOUT_WAIT) {
        logStep(s, step.id, { status: 'FAILED', error: ENDLESS_TRIGGER_REASON });
        return { kind: 'end', status: 'FAILED', reason: ENDLESS_TRIGGER_REASON };
      }
      const { triggerFlow } = await import('../start');
      const execution = await triggerFlow(ctx.tx, ctx.flow.accountId, step.trigger_flow!, ctx.fec.contactId, ctx.execution.flowExecutionVariables as Record<string, string>, ctx.chain + 1, ctx.counters);
      if (!execution) {
        logStep(s, step.id, { status: 'FAILED', result: { flow_execution: null }, error: TRIGGER_TARGET_GONE });
        return { kind: 'end', status: 'FAILED', reason: TRIGGER_TARGET_GONE };
      }
      logStep(s, step.id, { status: 'COMPLETED', result: { flow_execution: execution } });
      return { kind: 'end', status: 'COMPLETED', reason: 'Went on in another flow.' };
    }
    case 'END':
    default:
      logStep(s, step.id, { status: 'COMPLETED' });
      return { kind: 'go', idx: null };
  }
}

/** The next unseen message that may answer this step: taps on other steps' buttons are passed over, seen. */
function takeAnswer(s: State, step: Step): InboundReply | undefined {
  for (let reply = takeReply(s); reply; reply = takeReply(s)) if (!isOtherStepsTap(step.id, reply)) return reply;
  return undefined;
}

/** A step waiting for an answer that has not come: still waiting, or its wait is over. */
function noAnswer(ctx: RunContext, s: State, step: Step): Outcome {
  if (!s.waitUntil || s.waitUntil > ctx.now) return { kind: 'wait' };
  s.waiting = '';
  s.waitUntil = null;
  updateLastStep(s, { status: 'EXPIRED', result: { timed_out: true } });
  if (step.has_max_wait_time) return { kind: 'go', idx: step.next_step_alternate_idx ?? step.next_step_default_idx };
  return { kind: 'end', status: 'EXPIRED', reason: 'No answer within 24 hours.' };
}

/**
 * A TEMPLATE waiting for a tap on one of its quick-reply buttons: a tap (or a reply with a
 * button's text) goes to that button's step; any other reply is the answer too, and goes on by
 * next_step_default_idx.
 */
export function resumeTemplateTap(ctx: RunContext, s: State, step: Step): Outcome {
  const reply = takeAnswer(s, step);
  if (!reply) return noAnswer(ctx, s, step);
  // Buttons are not numbered: only a button's own text (a tap carries it) chooses one.
  const i = step.answer_options.findIndex((o) => fold(o) === fold(reply.body));
  const answer = i >= 0 ? step.answer_options[i] : reply.body;
  s.variables[keyOf(step)] = answer;
  s.waiting = '';
  s.waitUntil = null;
  updateLastStep(s, { status: 'COMPLETED', result: { answer, option: i >= 0 ? i : null, message: reply.id } });
  return { kind: 'go', idx: (i >= 0 ? step.next_steps_for_options_idx[i] : undefined) ?? step.next_step_default_idx };
}

/** A QUESTION (or MENU) waiting for its answer: the next unseen message, or the wait's end. */
export async function resumeQuestion(ctx: RunContext, s: State, step: Step): Promise<Outcome> {
  const reply = takeAnswer(s, step);
  if (!reply) return noAnswer(ctx, s, step);
  const options = step.has_options_from_variable ? await askedOptions(ctx, s) : null;
  const asked = options ? withOptions(step, options) : step;
  const checked = checkAnswer(asked, reply, '');
  if (checked.ok) {
    // An option from a variable answers with its item's value; text that matches none (ANY) stays text.
    const answer = options && checked.option !== undefined ? options[checked.option].value : checked.value;
    s.variables[keyOf(step)] = answer;
    s.waiting = '';
    s.waitUntil = null;
    updateLastStep(s, { status: 'COMPLETED', result: { answer, option: checked.option ?? null, message: reply.id, attempts: s.attempts + 1 } });
    const byOption = checked.option !== undefined ? step.next_steps_for_options_idx[checked.option] : undefined;
    return { kind: 'go', idx: byOption ?? step.next_step_default_idx };
  }
  s.attempts += 1;
  if (s.attempts >= step.max_answer_attempts) {
    s.waiting = '';
    s.waitUntil = null;
    updateLastStep(s, { status: 'FAILED', result: { attempts: s.attempts, last_answer: reply.body }, error: `No valid answer after ${s.attempts} attempts (${checked.reason}).` });
    if (step.answer_failed_next_step_idx !== null) return { kind: 'go', idx: step.answer_failed_next_step_idx };
    return { kind: 'end', status: 'FAILED', reason: `No valid answer after ${s.attempts} attempts.` };
  }
  const missing: string[] = [];
  const before = step.answer_validation_message ? render(ctx, s, step.answer_validation_message, missing) : 'Sorry, that answer is not valid.';
  const id = await sendMessage(ctx, question(ctx, s, asked, missing, before));
  updateLastStep(s, { messages: [id], result: { attempts: s.attempts, last_answer: reply.body } });
  return { kind: 'wait' };
}

/** The result logged by the step the contact waits on: this run's, else its stored row. */
async function waitedStepResult(ctx: RunContext, s: State): Promise<Record<string, unknown> | undefined> {
  const mine = s.logs.at(-1);
  if (mine) return mine.result;
  const [log] = await ctx.tx.select({ result: flowExecutionContactSteps.executionResult }).from(flowExecutionContactSteps)
    .where(and(eq(flowExecutionContactSteps.flowExecutionContactId, ctx.fec.id), eq(flowExecutionContactSteps.seq, s.stepSeq - 1)));
  return log?.result as Record<string, unknown> | undefined;
}

/** The options the waiting question was asked with (logged on its step when asked). */
async function askedOptions(ctx: RunContext, s: State): Promise<VariableOption[]> {
  const options = (await waitedStepResult(ctx, s))?.options;
  return Array.isArray(options) ? options as VariableOption[] : [];
}

/** An ACTION waiting for its HTTP answer (written on its log by the action job), or timed out at its wait's end. */
export async function resumeAction(ctx: RunContext, s: State, step: Step): Promise<Outcome> {
  const answer = (await waitedStepResult(ctx, s) as { answered?: ActionResult } | undefined)?.answered
    ?? (s.waitUntil && s.waitUntil <= ctx.now ? { status: null, body: '', error: 'No answer: the request was lost or timed out.', durationMs: 0 } : null);
  if (!answer) return { kind: 'wait' };
  s.waiting = '';
  s.waitUntil = null;
  const parsed = readAnswer(answer.body);
  s.variables[keyOf(step)] = parsed;
  // A 2xx that could not be read whole (over the size kept) is no success either.
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300 && !answer.error;
  const error = answer.error ?? (ok ? undefined : `The request answered ${answer.status}.`);
  updateLastStep(s, {
    status: ok ? 'COMPLETED' : 'FAILED',
    // `answered` (the job's raw answer) gives way to the answer as read.
    result: { answered: undefined, status: answer.status, response: parsed, duration_ms: answer.durationMs, branch: ok ? 'success' : 'failure' },
    error,
  });
  return { kind: 'go', idx: ok ? step.next_step_default_idx : step.next_step_alternate_idx };
}

/** A DELAY: over once its time has come. */
export async function resumeDelay(ctx: RunContext, s: State, step: Step): Promise<Outcome> {
  if (s.waitUntil && s.waitUntil > ctx.now) return { kind: 'wait' };
  s.waiting = '';
  s.waitUntil = null;
  updateLastStep(s, { status: 'COMPLETED' });
  return { kind: 'go', idx: step.next_step_default_idx };
}

/** The account's working hours and time zone when it has them on, else null (always open). */
async function accountClockOf(ctx: RunContext): Promise<AccountClock> {
  const [a] = await ctx.tx.select({ has: accounts.hasWorkingHours, hours: accounts.workingHours, timeZone: accounts.defaultTimezone })
    .from(accounts).where(eq(accounts.id, ctx.flow.accountId));
  const timeZone = a?.timeZone || 'UTC';
  return { timeZone, workingHours: a?.has ? { hours: a.hours, timeZone } : null };
}

export async function endConversation(ctx: RunContext) {
  await moveFlowConversations(ctx.tx, ofContacts([ctx.fec.contactId]), 'FLOW', 'RESOLVED');
}

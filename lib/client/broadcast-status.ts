import type { Broadcast, BroadcastStatus, RecipientStatus } from './types';

// What the dashboard derives from a broadcast's status and counters: which controls apply, how
// often to refresh, and the delivery funnel. Pure, so it is unit-tested.

export const BROADCAST_STATUSES = [
  'PENDING', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELED', 'FAILED',
] as const satisfies readonly BroadcastStatus[];
export const RECIPIENT_STATUSES = [
  'pending', 'sent', 'delivered', 'read', 'answered', 'failed', 'skipped',
] as const satisfies readonly RecipientStatus[];

// Fail to compile if the server gains a status the dashboard does not list.
type UnlistedBroadcast = Exclude<BroadcastStatus, (typeof BROADCAST_STATUSES)[number]>;
type UnlistedRecipient = Exclude<RecipientStatus, (typeof RECIPIENT_STATUSES)[number]>;
const everyBroadcastStatusListed: [UnlistedBroadcast] extends [never] ? true : UnlistedBroadcast = true;
const everyRecipientStatusListed: [UnlistedRecipient] extends [never] ? true : UnlistedRecipient = true;
void everyBroadcastStatusListed;
void everyRecipientStatusListed;

export const FINAL_STATUSES: readonly BroadcastStatus[] = ['COMPLETED', 'CANCELED', 'FAILED'];

export type Control = 'pause' | 'resume' | 'cancel';

/** The controls the API accepts in this status (the others would be refused or do nothing). */
export function controlsFor(status: BroadcastStatus): Control[] {
  if (status === 'PENDING' || status === 'RUNNING') return ['pause', 'cancel'];
  if (status === 'PAUSED') return ['resume', 'cancel'];
  return [];
}

/** The list refreshes this often while a broadcast in it sends. */
export const LIST_POLL_MS = 2_000;
/** A broadcast's page refreshes this often while it sends or is paused. */
export const DETAIL_POLL_MS = 1_500;
/** After a broadcast ends, deliveries, reads and replies still arrive: the page follows them this long, this often. */
export const SETTLE_MS = 10 * 60_000;
export const SETTLE_POLL_MS = 5_000;
/** A broadcast scheduled for later is looked at no more often than this until its time comes. */
export const SCHEDULED_POLL_MS = 60_000;

type Timing = Pick<Broadcast, 'status' | 'start_on' | 'completed_on' | 'sent' | 'answered'>;

/**
 * How soon to fetch a broadcast again, or false to stop: `fast` while it sends (and, on its own
 * page, while paused: sends under way still finish); until its start when scheduled for later;
 * every few seconds for a while after it ends, while some message it sent can still be
 * delivered, read or answered; then not at all.
 */
export function pollMs(b: Timing, now: number, fast: number, { whilePaused = true } = {}): number | false {
  if (b.status === 'RUNNING') return fast;
  if (b.status === 'PAUSED') return whilePaused ? fast : false;
  if (b.status === 'PENDING') {
    const wait = b.start_on ? Date.parse(b.start_on) - now : 0;
    return wait > SCHEDULED_POLL_MS ? SCHEDULED_POLL_MS : fast;
  }
  const ended = b.completed_on ? Date.parse(b.completed_on) : NaN;
  const canMove = b.sent > b.answered;
  return canMove && Number.isFinite(ended) && now - ended < SETTLE_MS ? SETTLE_POLL_MS : false;
}

/** Whether the broadcast is sending now (or is due to start). */
export function isSending(b: Pick<Broadcast, 'status' | 'start_on'>, now: number): boolean {
  return b.status === 'RUNNING' || (b.status === 'PENDING' && (!b.start_on || Date.parse(b.start_on) <= now));
}

/** The list's refresh: the soonest any broadcast on the page needs (paused ones do not move the list). */
export function listPollMs(list: Timing[] | undefined, now: number): number | false {
  let soonest: number | false = false;
  for (const b of list ?? []) {
    const ms = pollMs(b, now, LIST_POLL_MS, { whilePaused: false });
    if (ms !== false && (soonest === false || ms < soonest)) soonest = ms;
  }
  return soonest;
}

export type FunnelStep = { key: 'sent' | 'delivered' | 'read' | 'answered' | 'failed' | 'skipped' | 'pending'; label: string; count: number; pct: number };

type Counters = Pick<Broadcast, 'total' | 'sent' | 'delivered' | 'read' | 'answered' | 'failed' | 'skipped' | 'pending'>;

/**
 * The funnel (sent ⊇ delivered ⊇ read ⊇ answered), then the recipients that left it (failed,
 * skipped) and those still waiting; each as a share of the total.
 */
export function funnel(b: Counters): { progress: FunnelStep[]; outcome: FunnelStep[] } {
  const step = (key: FunnelStep['key'], label: string): FunnelStep => ({
    key, label, count: b[key], pct: b.total > 0 ? (b[key] / b.total) * 100 : 0,
  });
  return {
    progress: [step('sent', 'Sent'), step('delivered', 'Delivered'), step('read', 'Read'), step('answered', 'Answered')],
    outcome: [step('failed', 'Failed'), step('skipped', 'Skipped'), step('pending', 'Pending')],
  };
}

/** A share as people read it: whole percents, "<1%" for a small non-zero share. */
export function formatPct(pct: number): string {
  if (pct > 0 && pct < 1) return '<1%';
  if (pct < 100 && pct > 99) return '99%';
  return `${Math.round(pct)}%`;
}

import type { DraftStep, Position } from '@/lib/client/flow-builder';
import { branchField, branches, branchTarget, newStep, uniqueName, type StepType } from './step-types';

// The builder's edits as pure functions over the steps and their positions: the one model the
// canvas is drawn from, so undo, copy/paste and autosave all work on the same thing.

export type Model = { steps: DraftStep[]; layout: Record<string, Position> };

export const nodeId = (idx: number) => `s${idx}`;
export const idxOf = (nodeIdValue: string) => Number(nodeIdValue.slice(1));

export function nextIdx(steps: DraftStep[]): number {
  return steps.reduce((m, s) => Math.max(m, s.ordering_idx + 1), 0);
}

const NAME_BASE: Partial<Record<StepType, string>> = { QUESTION: 'question', MENU: 'menu', ACTION: 'request' };

export function addStep(m: Model, type: StepType, at: Position, from?: { idx: number; branch: string }): { model: Model; idx: number } {
  const idx = nextIdx(m.steps);
  const base = NAME_BASE[type];
  const name = base ? uniqueName(base, new Set(m.steps.map((s) => s.name ?? ''))) : '';
  let steps = [...m.steps, newStep(type, idx, name)];
  if (from) steps = connect(steps, from.idx, from.branch, idx);
  return { model: { steps, layout: { ...m.layout, [idx]: at } }, idx };
}

/** Sets where a step's branch leads (null: nowhere). */
export function connect(steps: DraftStep[], source: number, branch: string, target: number | null): DraftStep[] {
  return steps.map((s) => {
    if (s.ordering_idx !== source) return s;
    const field = branchField(branch);
    if (typeof field !== 'number') return { ...s, [field]: target };
    const links: (number | null)[] = [...(s.next_steps_for_options_idx ?? [])];
    while (links.length < field) links.push(null);
    links[field] = target;
    while (links.length && links[links.length - 1] === null) links.pop();
    return { ...s, next_steps_for_options_idx: links as number[] };
  });
}

/** Removes steps and every link to them. */
export function removeSteps(m: Model, idxs: Set<number>): Model {
  const unlink = (n: number | null | undefined) => (n !== null && n !== undefined && idxs.has(n) ? null : n ?? null);
  const steps = m.steps.filter((s) => !idxs.has(s.ordering_idx)).map((s) => {
    const links = (s.next_steps_for_options_idx ?? []).map((n) => unlink(n));
    while (links.length && links[links.length - 1] === null) links.pop();
    return {
      ...s, next_step_default_idx: unlink(s.next_step_default_idx), next_step_alternate_idx: unlink(s.next_step_alternate_idx),
      answer_failed_next_step_idx: unlink(s.answer_failed_next_step_idx), next_steps_for_options_idx: links as number[],
    };
  });
  const layout = Object.fromEntries(Object.entries(m.layout).filter(([k]) => !idxs.has(Number(k))));
  return { steps, layout };
}

/**
 * The model with step `idx` first (ordering_idx 0, where every run starts): it and the step that
 * was first (if any is left) swap indexes, and every link and place follows them.
 */
export function makeFirst(m: Model, idx: number): Model {
  if (idx === 0) return m;
  const swap = (n: number | null | undefined) => (n === idx ? 0 : n === 0 ? idx : n ?? null);
  const steps = m.steps.map((s) => ({
    ...s, ordering_idx: swap(s.ordering_idx)!, next_step_default_idx: swap(s.next_step_default_idx),
    next_step_alternate_idx: swap(s.next_step_alternate_idx), answer_failed_next_step_idx: swap(s.answer_failed_next_step_idx),
    next_steps_for_options_idx: (s.next_steps_for_options_idx ?? []).map((n) => swap(n)) as number[],
  })).sort((a, b) => a.ordering_idx - b.ordering_idx);
  const layout = Object.fromEntries(Object.entries(m.layout).map(([k, v]) => [String(swap(Number(k))), v]));
  return { steps, layout };
}

/**
 * Copies of steps added beside the originals: links among the copies follow them, links out of
 * the copied set are dropped, names get a suffix so they stay unique.
 */
export function pasteSteps(m: Model, copied: Model, offset = 48): { model: Model; idxs: number[] } {
  let next = nextIdx(m.steps);
  const map = new Map(copied.steps.map((s) => [s.ordering_idx, next++]));
  const taken = new Set(m.steps.map((s) => s.name ?? ''));
  const remap = (n: number | null | undefined) => (n === null || n === undefined ? null : map.get(n) ?? null);
  const added = copied.steps.map((s) => {
    const name = s.name ? uniqueName(`${s.name}_copy`, taken) : '';
    taken.add(name);
    const links = (s.next_steps_for_options_idx ?? []).map(remap);
    while (links.length && links[links.length - 1] === null) links.pop();
    return {
      ...s, name, ordering_idx: map.get(s.ordering_idx)!, next_step_default_idx: remap(s.next_step_default_idx),
      next_step_alternate_idx: remap(s.next_step_alternate_idx), answer_failed_next_step_idx: remap(s.answer_failed_next_step_idx),
      next_steps_for_options_idx: links as number[],
    };
  });
  const layout = { ...m.layout };
  for (const s of copied.steps) {
    const p = copied.layout[s.ordering_idx] ?? { x: 0, y: 0 };
    layout[map.get(s.ordering_idx)!] = { x: p.x + offset, y: p.y + offset };
  }
  return { model: { steps: [...m.steps, ...added], layout }, idxs: added.map((s) => s.ordering_idx) };
}

export const NODE_W = 264;
const GAP_X = 56;
const GAP_Y = 120;
const NODE_H = 160; // a step's usual drawn height, for one not measured yet
// Room kept for a step about to be added, not drawn yet: a question with its options and answer
// settings draws taller than the usual step (~190), and must not reach into the step below it.
const NEW_NODE_H = 240;
const MARGIN = 24;

/** The drawn height of each step React Flow has measured (the others count as NODE_H). */
export function measuredHeights(nodes: { id: string; measured?: { height?: number } }[]): Map<number, number> {
  return new Map(nodes.flatMap((n) => (n.measured?.height ? [[idxOf(n.id), n.measured.height] as [number, number]] : [])));
}

/**
 * `at`, or the nearest place below it where a new step covers none of the others: a step added
 * by tapping a step type lands in the middle of the view, which is often where a step already is.
 */
export function freeSpot(layout: Record<string, Position>, at: Position, heights: Map<number, number> = new Map()): Position {
  // A step just added may still be drawing (its options, its selection): never counted shorter than usual.
  const boxes = Object.entries(layout).map(([idx, p]) => ({ ...p, h: Math.max(heights.get(Number(idx)) ?? 0, NODE_H) }));
  let spot = { ...at };
  for (let tries = 0; tries < 100; tries++) {
    const hit = boxes.find((b) => spot.x < b.x + NODE_W + MARGIN && b.x < spot.x + NODE_W + MARGIN
      && spot.y < b.y + b.h + MARGIN && b.y < spot.y + NEW_NODE_H + MARGIN);
    if (!hit) return spot;
    spot = { x: spot.x, y: hit.y + hit.h + MARGIN };
  }
  return spot;
}

/** Rows by distance from the first step, each row centred; steps no path reaches go in a last row. */
export function autoLayout(m: Model, heights: Map<number, number> = new Map()): Model {
  const byIdx = new Map(m.steps.map((s) => [s.ordering_idx, s]));
  const level = new Map<number, number>();
  const order: number[] = [];
  const queue: number[] = byIdx.has(0) ? [0] : m.steps.slice(0, 1).map((s) => s.ordering_idx);
  for (const q of queue) level.set(q, 0);
  while (queue.length) {
    const at = queue.shift()!;
    order.push(at);
    const s = byIdx.get(at)!;
    for (const b of branches(s)) {
      const t = branchTarget(s, b.id);
      if (t !== null && byIdx.has(t) && !level.has(t)) { level.set(t, level.get(at)! + 1); queue.push(t); }
    }
  }
  const last = Math.max(-1, ...level.values()) + 1;
  for (const s of m.steps) if (!level.has(s.ordering_idx)) { level.set(s.ordering_idx, last); order.push(s.ordering_idx); }
  const rows = new Map<number, number[]>();
  for (const idx of order) rows.set(level.get(idx)!, [...(rows.get(level.get(idx)!) ?? []), idx]);
  const layout: Record<string, Position> = {};
  let y = 0;
  for (const r of [...rows.keys()].sort((a, b) => a - b)) {
    const row = rows.get(r)!;
    const width = row.length * NODE_W + (row.length - 1) * GAP_X;
    row.forEach((idx, i) => { layout[idx] = { x: Math.round(-width / 2 + i * (NODE_W + GAP_X)), y }; });
    y += Math.max(140, ...row.map((idx) => heights.get(idx) ?? NODE_H)) + GAP_Y;
  }
  return { steps: m.steps, layout };
}

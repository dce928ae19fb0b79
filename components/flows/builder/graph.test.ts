import { describe, expect, it } from 'vitest';
import { makeFirst, removeSteps, type Model } from './graph';

const model = (): Model => ({
  steps: [
    { ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi', next_step_default_idx: 1 },
    { ordering_idx: 1, step_type: 'CONDITIONAL', next_step_default_idx: 2, next_step_alternate_idx: 0 },
    { ordering_idx: 2, step_type: 'END' },
  ] as Model['steps'],
  layout: { 0: { x: 0, y: 0 }, 1: { x: 0, y: 200 }, 2: { x: 0, y: 400 } },
});

describe('makeFirst', () => {
  it('swaps the chosen step with the first, links and places following', () => {
    const m = makeFirst(model(), 1);
    expect(m.steps.map((s) => [s.ordering_idx, s.step_type, s.next_step_default_idx, s.next_step_alternate_idx ?? null])).toEqual([
      [0, 'CONDITIONAL', 2, 1],
      [1, 'MESSAGE', 0, null],
      [2, 'END', null, null],
    ]);
    expect(m.layout).toEqual({ 0: { x: 0, y: 200 }, 1: { x: 0, y: 0 }, 2: { x: 0, y: 400 } });
  });

  it('gives a flow whose first step was deleted a new one', () => {
    const m = makeFirst(removeSteps(model(), new Set([0])), 2);
    expect(m.steps.map((s) => [s.ordering_idx, s.step_type, s.next_step_default_idx])).toEqual([[0, 'END', null], [1, 'CONDITIONAL', 0]]);
  });
});

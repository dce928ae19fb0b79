import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/api/errors';
import { checkSteps } from './steps-check';

function errorsOf(items: unknown[]): unknown {
  try {
    checkSteps(items, []);
  } catch (error) {
    if (error instanceof ValidationError) return error.body;
    throw error;
  }
  return null;
}

describe('checkSteps', () => {
  it('reports a link to a step that does not exist on the linking step', () => {
    const body = errorsOf([{ ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi', next_step_default_idx: 9 }]) as { steps: Record<string, Record<string, string[]>> };
    expect(body.steps['0'].next_step_default_idx).toEqual(['No step has ordering_idx 9.']);
  });

  it('does not also report a link to a step whose own fields are wrong', () => {
    const body = errorsOf([
      { ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi', next_step_default_idx: 1 },
      { ordering_idx: 1, step_type: 'NOT_A_TYPE' },
    ]) as { steps: Record<string, unknown> };
    expect(Object.keys(body.steps)).toEqual(['1']);
    expect(body.steps['1']).toHaveProperty('step_type');
  });
});

import type { FieldErrors } from './errors';

// Text Postgres cannot store, JSON deep enough to exhaust a stack, and the one key a JavaScript
// object cannot hold as data (`__proto__`, which validation would drop unseen): refused with a
// field error before validation, wherever they are in a body or a query (docs/api-conventions.md).

export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = 'Null characters are not allowed.';
export const SURROGATE_MESSAGE = 'Enter valid text: an unpaired UTF-16 surrogate is not a character.';
export const DEPTH_MESSAGE = `Nesting deeper than ${MAX_JSON_DEPTH} levels is not allowed.`;
export const RESERVED_KEY = '__proto__';
export const RESERVED_KEY_MESSAGE = `"${RESERVED_KEY}" cannot be used as a name: choose another.`;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(s: string): string | null {
  if (s.includes('\0')) return NUL_MESSAGE;
  if (UNPAIRED_SURROGATE.test(s)) return SURROGATE_MESSAGE;
  return null;
}

/** `{a: {"0": {b: [message]}}}` for the path a, 0, b, as DRF nests field errors. */
function nest(path: (string | number)[], message: string): FieldErrors {
  if (!path.length) return { non_field_errors: [message] };
  let errors: FieldErrors | string[] = [message];
  for (let i = path.length - 1; i >= 0; i--) errors = { [String(path[i])]: errors } as FieldErrors;
  return errors as FieldErrors;
}

/** The first unstorable string or too-deep nesting in a parsed body or query, as DRF field errors; null when none. */
export function hostileInput(value: unknown): FieldErrors | null {
  // Iterative, so that no input can exhaust the stack here.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return nest(path, problem);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) return nest(path, DEPTH_MESSAGE);
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      const problem = key === RESERVED_KEY ? RESERVED_KEY_MESSAGE : textProblem(key);
      if (problem) return nest(path.length ? path : ['non_field_errors'], problem);
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

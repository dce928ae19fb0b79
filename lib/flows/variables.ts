// Variables in a step's texts: `{{contact.first_name}}` (any contact field or meta key),
// `{{step.<step name>}}` with an optional path into a JSON answer (`{{step.lookup.order.status}}`),
// and `{{flow_execution_variables.<name>}}`; `{{contact.first_name | there}}` gives the text to use
// when the value is missing or empty. A missing variable with no such text renders empty and is
// reported to the caller, which logs it on the step: it never stops the execution.

const PATTERN = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** What is between the braces: the variable's name, and the text after `|` used when it has no value (null: none given). */
export function parseVariable(inner: string): { name: string; fallback: string | null } {
  const bar = inner.indexOf('|');
  return bar < 0 ? { name: inner.trim(), fallback: null } : { name: inner.slice(0, bar).trim(), fallback: inner.slice(bar + 1).trim() };
}

export function variableNames(text: string): string[] {
  return [...text.matchAll(PATTERN)].map((m) => parseVariable(m[1]).name);
}

export type VariableScope = {
  contact: Record<string, unknown>;
  steps: Record<string, unknown>;
  flowVariables: Record<string, unknown>;
};

/** The value at `path` inside `value`, reading into JSON text on the way; undefined when there is none. */
export function walk(value: unknown, path: string[]): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || node === undefined) return undefined;
    if (typeof node === 'string') {
      try { node = JSON.parse(node); } catch { return undefined; }
    }
    if (typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The value a variable names, or undefined. */
export function lookupVariable(name: string, scope: VariableScope): unknown {
  const [space, ...path] = name.trim().split('.');
  if (space === 'contact') {
    if (!path.length) return undefined;
    const direct = walk(scope.contact, path);
    if (direct !== undefined) return direct;
    return walk(scope.contact.meta, path);
  }
  if (space === 'step') return walk(scope.steps, path);
  if (space === 'flow_execution_variables') return walk(scope.flowVariables, path);
  return undefined;
}

/** The dotted paths inside a JSON answer (objects' keys, a few levels deep): what the builder offers after `{{step.<name>.`. */
export function answerPaths(value: unknown, prefix: string, depth = 3, limit = 60): string[] {
  const out: string[] = [];
  const walkPaths = (node: unknown, at: string, left: number) => {
    if (left === 0 || node === null || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [key, child] of Object.entries(node)) {
      if (out.length >= limit || !/^[A-Za-z0-9_-]+$/.test(key)) continue;
      const path = at ? `${at}.${key}` : key;
      out.push(path);
      walkPaths(child, path, left - 1);
    }
  };
  walkPaths(value, prefix, depth);
  return out;
}

export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The text with its variables filled in, and the names of those that were missing (and had no fallback). */
/**
 * `escape`: how a value (or a fallback) is written where it lands, given the offset of its
 * variable in `text` (a URL's part, a JSON string's content); as it is by default.
 */
export type Escape = (value: string, at: number) => string;

export function renderText(text: string, scope: VariableScope, escape: Escape = (v) => v): { text: string; missing: string[] } {
  const missing: string[] = [];
  const out = text.replace(PATTERN, (_, inner: string, at: number) => {
    const { name, fallback } = parseVariable(inner);
    const value = lookupVariable(name, scope);
    const shown = asText(value);
    if (shown === '' && fallback !== null) return escape(fallback, at);
    if (value === undefined || value === null) missing.push(name);
    return escape(shown, at);
  });
  return { text: out, missing };
}

import type { z } from 'zod';
import type { FieldErrors } from './errors';

/**
 * Nests zod issues the way DRF nests serializer errors: `{field: [msg]}`, nested objects as
 * objects; items of a list of objects as a list with `{}` for the valid ones (ListSerializer);
 * items of a list of plain values as an object keyed by index (ListField). Issues without a path
 * go under `non_field_errors`. A list is one or the other whatever the order of its items' errors:
 * once any item has errors inside it, an item's own error goes under its `non_field_errors`.
 */
export function zodToDrf(error: z.ZodError): FieldErrors {
  return drfErrors(error.issues.flatMap((i) => explained(i)).map((i) => ({ message: i.message, path: i.path })));
}

/** Messages at paths into a body, nested by zodToDrf's rules. */
function drfErrors(found: { message: string; path: readonly PropertyKey[] }[]): FieldErrors {
  // A list's index is a number; an object's key is a string even when it is digits (`{"5": …}`), and stays a key.
  const issues = found.map((i) => ({ message: i.message, path: i.path.length ? [...i.path] : ['non_field_errors'] }));
  const isIndex = (key: PropertyKey) => typeof key === 'number';
  const at = (path: PropertyKey[]) => path.map(String).join('\u0000');
  // The lists with an item that has errors inside it (an index followed by more path).
  const objectLists = new Set<string>();
  for (const { path } of issues) {
    for (let i = 0; i + 2 < path.length; i++) if (isIndex(path[i + 1])) objectLists.add(at(path.slice(0, i + 1)));
  }
  // Without a prototype, so that a key such as `constructor` finds nothing inherited to write into.
  const bag = (list: boolean): Record<string, unknown> => Object.assign(Object.create(null), list ? { __list: true } : {});
  const out = bag(false);
  for (const issue of issues) {
    const last = issue.path.length - 1;
    const path = (isIndex(issue.path[last]) && objectLists.has(at(issue.path.slice(0, last)))
      ? [...issue.path, 'non_field_errors'] : issue.path).map(String);
    let node: Record<string, unknown> = out;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i];
      // A list of item errors is an object keyed by index first; turned into an array below.
      node[key] ??= bag(objectLists.has(at(path.slice(0, i + 1))));
      node = node[key] as Record<string, unknown>;
    }
    const leaf = path[path.length - 1];
    const list = (node[leaf] ??= []) as string[];
    if (Array.isArray(list) && !list.includes(issue.message)) list.push(issue.message);
  }
  return listify(out) as FieldErrors;
}

type Issue = { code: string; path: PropertyKey[]; message: string; errors?: Issue[][]; issues?: Issue[] };

/** zod's own words for a value that fits no form of a union (drf-messages.ts leaves them). */
const ZOD_UNION_MESSAGE = 'Invalid input';

/** How far a union's branch got into the value: the depth of its deepest issue. */
const reach = (branch: Issue[]) => Math.max(0, ...branch.map((i) => i.path.length));

/**
 * A value that matches no form of a union is told in the words of the form it came closest to
 * (`[{"nom": "x"}]` for tags: the object form, whose `name` is missing), not zod's "Invalid input";
 * a record's bad key is told as the key's own error.
 */
function explained(raw: z.core.$ZodIssue): Issue[] {
  const issue = raw as unknown as Issue;
  // A union given its own message says it best.
  if (issue.code === 'invalid_union' && issue.errors?.length && issue.message === ZOD_UNION_MESSAGE) {
    const closest = issue.errors.reduce((best, branch) => (reach(branch) > reach(best) ? branch : best));
    return closest.flatMap((i) => explained({ ...i, path: [...issue.path, ...i.path] } as unknown as z.core.$ZodIssue));
  }
  if (issue.code === 'invalid_key' && issue.issues?.length) {
    return [{ ...issue, message: `Invalid key: ${issue.issues[0].message}` }];
  }
  return [issue];
}

/** Errors of a list of objects by item index, as DRF's ListSerializer gives them: `{}` for the valid ones. */
export function itemErrors(byIndex: Record<number, FieldErrors>): FieldErrors[] {
  const length = Math.max(-1, ...Object.keys(byIndex).map(Number)) + 1;
  return Array.from({ length }, (_, i) => byIndex[i] ?? {});
}

function listify(node: unknown): unknown {
  if (Array.isArray(node) || node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (record.__list) {
    const { __list: _, ...items } = record;
    return itemErrors(Object.fromEntries(Object.entries(items).map(([i, v]) => [i, listify(v)])) as Record<number, FieldErrors>);
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, listify(v)]));
}

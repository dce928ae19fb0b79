import { ApiRequestError, type DrfBody } from './api-fetch';

// Reading DRF error bodies: `{field: [msg]}`, nested objects as objects, list items as lists
// (with `{}` for valid items), `non_field_errors` and `detail` for the rest.

type Path = (string | number)[];

function at(body: unknown, path: Path): unknown {
  let node = body;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[String(key)];
  }
  return node;
}

/** Every message at `path` and below it, flattened. */
export function messagesAt(body: unknown, path: Path): string[] {
  const node = at(body, path);
  const out: string[] = [];
  const walk = (n: unknown) => {
    if (typeof n === 'string') out.push(n);
    else if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') Object.values(n).forEach(walk);
  };
  walk(node);
  return out;
}

/** The DRF body of a failed request, or a generic one for anything else thrown. */
export function errorBody(error: unknown): DrfBody | null {
  if (!error) return null;
  if (error instanceof ApiRequestError) return error.body;
  return { detail: error instanceof Error ? error.message : 'Something went wrong.' };
}

/**
 * Messages for the top of a form: `detail`, `non_field_errors`, and errors of any field the form
 * does not show (so nothing the API says is silently dropped).
 */
export function topMessages(body: DrfBody | null, shownFields: readonly string[]): string[] {
  if (!body) return [];
  const out: string[] = [];
  if (typeof body.detail === 'string') out.push(body.detail);
  out.push(...messagesAt(body, ['non_field_errors']));
  for (const key of Object.keys(body)) {
    if (key === 'detail' || key === 'non_field_errors' || shownFields.includes(key)) continue;
    out.push(...messagesAt(body, [key]).map((m) => `${key}: ${m}`));
  }
  return out;
}

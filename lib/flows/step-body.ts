import type { SerializedStep } from './serializer';

/** A step as shown by the API turned back into a request body: without its ids, so it can be sent again. */
export function stepBody(s: SerializedStep): Record<string, unknown> {
  const { id: _id, flow: _flow, conditions, ...rest } = s;
  return { ...rest, conditions: conditions.map(({ id: _cid, ...c }) => c) };
}

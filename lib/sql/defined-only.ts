/** The entries whose value is not undefined, or null when none is left (an update with nothing to set). */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> | null {
  const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
  return Object.keys(kept).length ? kept : null;
}

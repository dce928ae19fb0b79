/** Timestamps on the wire: ISO 8601 in UTC (`2026-11-21T10:00:00.000Z`), null stays null. */
export function iso(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

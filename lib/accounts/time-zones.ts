// The IANA time zones an account may be set to: the runtime's own list, plus "UTC" (which the
// list names only as Etc/UTC in some runtimes). The dashboard offers the browser's list.

export const TIME_ZONES: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();

const known = new Set(TIME_ZONES);

export const isTimeZone = (name: string): boolean => known.has(name);

/** This browser's (or process's) own zone when the list has it, else UTC. */
export function localTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && known.has(zone) ? zone : 'UTC';
}

// The IANA time zones an account may be set to: the runtime's own list, plus "UTC" and the current
// names of zones the runtime lists under an older one (its ICU lists Asia/Calcutta, not
// Asia/Kolkata). Any other name the runtime's clock knows is accepted too, since browsers report
// either spelling. The dashboard offers the list.

const CURRENT_NAMES = [
  'UTC', 'Africa/Asmara', 'America/Argentina/Buenos_Aires', 'America/Argentina/Catamarca', 'America/Argentina/Cordoba',
  'America/Argentina/Jujuy', 'America/Argentina/Mendoza', 'America/Atikokan', 'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville', 'America/Nuuk', 'Asia/Ho_Chi_Minh', 'Asia/Kathmandu', 'Asia/Kolkata', 'Asia/Yangon',
  'Atlantic/Faroe', 'Europe/Kyiv', 'Pacific/Chuuk', 'Pacific/Kanton', 'Pacific/Pohnpei',
];

function runtimeKnows(name: string): boolean {
  // Area/Location names (or UTC): not offsets or abbreviations, which some runtimes also accept.
  if (!/^(UTC|[A-Z][A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2})$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONES: readonly string[] = [...new Set([...Intl.supportedValuesOf('timeZone'), ...CURRENT_NAMES.filter(runtimeKnows)])].sort();

const known = new Set(TIME_ZONES);

export const isTimeZone = (name: string): boolean => known.has(name) || runtimeKnows(name);

/** This browser's (or process's) own zone when it is a zone name, else UTC. */
export function localTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

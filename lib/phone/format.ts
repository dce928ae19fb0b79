import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// How a phone is shown to people: the canonical E.164 number in international format, so one page
// never mixes the spellings contacts were imported with. The small metadata set is enough to
// format (it is what the browser loads); a number it cannot parse is shown as it is.

export function formatPhone(canonical: string | null | undefined): string {
  if (!canonical) return '';
  const number = parsePhoneNumberFromString(canonical);
  return number ? number.formatInternational() : canonical;
}

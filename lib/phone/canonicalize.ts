import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

// One canonical E.164 number for every way people and providers write it: national numbers take
// the account's default country; `00` and `+` prefixes; digits-only international numbers as chat
// providers send them; Mexico's legacy mobile `1` after +52 is dropped (one number, two
// spellings); Argentina keeps its mobile `9` after +54, which is how the chat networks address
// Argentine mobiles; a Brazilian mobile written without the `9` that every mobile now carries
// takes it (WhatsApp still names many Brazilian senders that way). The import tests' sample
// (lib/test-support/contacts-csv.ts) holds most of these spellings, canonicalize.test.ts the others.

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: string };

const ALLOWED = /^[\d\s()+\-./]+$/;

function parse(text: string, country?: CountryCode): string | null {
  const number = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : undefined);
  if (!number || !number.isValid()) return null;
  let e164 = number.number as string;
  // +52 1 XXXXXXXXXX (legacy mobile prefix) and +52 XXXXXXXXXX are the same line.
  if (e164.startsWith('+521') && e164.length === 14) e164 = '+52' + e164.slice(4);
  return e164;
}

// An extension after a number in exports and address books (`ext. 12`, `x12`, `#12`): the line
// reaches the switchboard, which is the number a chat channel knows.
const EXTENSION = /\s*(?:ext\.?|extension|x|#)\s*\d{1,6}$/i;

// Mexico's retired dialling prefixes before a 10-digit number: 044 / 045 (mobile), 01 (long distance).
const MX_OLD_PREFIX = /^(?:044|045|01)[\s\-()]*(\d[\d\s\-()]{9,})$/;

// +55, a two-digit area code, then eight digits of a mobile range (6 to 9): a mobile's number
// before the ninth digit was put in front of it. Also when the phone library reads the eight digits
// as valid as they stand (7xxx-xxxx, radio-only lines that no chat channel reaches).
const BR_EIGHT_DIGIT_MOBILE = /^55(\d{2})([6-9]\d{7})$/;

/** A Brazilian mobile's nine-digit number from its eight-digit form (digits with 55 in front); null for anything else. */
function ninthDigit(digits: string): string | null {
  const old = BR_EIGHT_DIGIT_MOBILE.exec(digits);
  return old ? parse(`+55${old[1]}9${old[2]}`) : null;
}

/** A national Brazilian number as digits with 55 in front, its trunk and carrier prefixes dropped (`(011) …`, `015 11 …`). */
function brazilianDigits(text: string): string | null {
  const number = parsePhoneNumberFromString(text, { defaultCountry: 'BR' });
  return number?.countryCallingCode === '55' ? `55${number.nationalNumber}` : null;
}

// The same numbers come back again and again (a contact's replies, sends to the same people), and
// the phone library takes tens of microseconds to read one: recent answers are kept, the oldest
// forgotten first. Only short inputs are kept, so a garbage body cannot fill the memory.
const KEPT = 10_000;
const KEPT_INPUT_LENGTH = 40;
const kept = new Map<string, PhoneResult>();

export function canonicalizePhone(input: unknown, defaultCountry?: string): PhoneResult {
  const text = typeof input === 'string' ? input : typeof input === 'number' ? String(input) : null;
  if (text === null || text.length > KEPT_INPUT_LENGTH) return read(input, defaultCountry);
  const key = `${defaultCountry ?? ''} ${text}`;
  const known = kept.get(key);
  if (known) return known;
  const result = Object.freeze(read(text, defaultCountry));
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, result);
  return result;
}

function read(input: unknown, defaultCountry?: string): PhoneResult {
  const raw = typeof input === 'string' ? input.trim() : typeof input === 'number' ? String(input) : '';
  if (!raw) return { ok: false, reason: 'Phone is empty.' };
  // Full-width digits and plus (East Asian keyboards) read as ASCII.
  const plain = raw.normalize('NFKC').replace(EXTENSION, '').trim();
  if (!ALLOWED.test(plain)) return { ok: false, reason: `"${raw}" is not a phone number.` };
  let text = plain.replace(/(?!^)\+/g, '');
  const digits = text.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 17) return { ok: false, reason: `"${raw}" is not a possible phone number.` };
  if (text.startsWith('00')) text = '+' + text.slice(2);
  // Mexico: strip the legacy `1` before parsing, so every spelling validates the same way.
  const mexico = /^\+?\s*52[\s\-()]*1[\s\-()]*(\d[\d\s\-()]{9,})$/.exec(text);
  if (mexico && mexico[1].replace(/\D/g, '').length === 10) text = '+52' + mexico[1];
  const country = (defaultCountry?.toUpperCase() || undefined) as CountryCode | undefined;
  const oldPrefix = country === 'MX' ? MX_OLD_PREFIX.exec(text) : null;
  if (oldPrefix && oldPrefix[1].replace(/\D/g, '').length === 10) text = oldPrefix[1];
  let e164: string | null = null;
  if (text.startsWith('+')) {
    e164 = parse(text) ?? ninthDigit(text.replace(/\D/g, ''));
  } else {
    // A national number of the default country first (a Brazilian mobile without its nine taking
    // it, before its area code could read as a country code); failing that, digits-only international.
    const brazilian = country === 'BR' ? brazilianDigits(text) : null;
    e164 = parse(text, country) ?? (brazilian ? ninthDigit(brazilian) : null) ?? parse('+' + digits) ?? ninthDigit(digits);
    if (!e164 && digits.startsWith('521') && digits.length === 13) e164 = parse('+52' + digits.slice(3));
  }
  // An eight-digit Brazilian mobile the phone library reads as valid takes its nine too.
  e164 = (e164 && ninthDigit(e164.slice(1))) ?? e164;
  if (!e164) return { ok: false, reason: `"${raw}" is not a valid phone number.` };
  return { ok: true, e164 };
}

import { canonicalizePhone } from '@/lib/phone/canonicalize';

// The contact search key: lower-case, accents stripped, so a trigram index answers case- and
// accent-insensitive `LIKE '%term%'` for phones, names, emails and URLs. The same normalisation
// is applied to the search term.

export function normalizeForSearch(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function contactSearchText(c: {
  canonicalPhone: string; firstName?: string | null; lastName?: string | null; email?: string | null; externalUrl?: string | null;
}): string {
  return normalizeForSearch([
    c.canonicalPhone.replace(/\D/g, ''), c.firstName ?? '', c.lastName ?? '', c.email ?? '', c.externalUrl ?? '',
  ].join(' '));
}

/** pg_trgm finds no trigram in a shorter term: its index cannot narrow such a search. */
export const TRIGRAM_MIN_LENGTH = 3;

/**
 * A term that looks like a phone fragment is matched on its digits only; a whole number, however
 * it is spelled ("+52 1 55 …", "055 …" in the account's `country`), on the digits of the number
 * it canonicalises to, as the contact's phone was stored.
 */
export function searchTerm(raw: string, country?: string): string {
  const trimmed = raw.trim();
  if (/^[+\d\s().-]+$/.test(trimmed) && /\d/.test(trimmed)) {
    const whole = country !== undefined && trimmed.replace(/\D/g, '').length >= 7 ? canonicalizePhone(trimmed, country) : null;
    return whole?.ok ? whole.e164.replace(/\D/g, '') : trimmed.replace(/\D/g, '');
  }
  return normalizeForSearch(trimmed);
}

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

/** A term that looks like a phone fragment is matched on its digits only. */
export function searchTerm(raw: string): string {
  const trimmed = raw.trim();
  if (/^[+\d\s().-]+$/.test(trimmed) && /\d/.test(trimmed)) return trimmed.replace(/\D/g, '');
  return normalizeForSearch(trimmed);
}

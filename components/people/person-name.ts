type Person = { first_name?: string | null; last_name?: string | null; email?: string | null };

/** "First Last", or the email when the name is blank. */
export function personName(p: Person | null | undefined, fallback = '—'): string {
  if (!p) return fallback;
  const name = `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim();
  return name || p.email || fallback;
}

import type { ImportRow } from './row';

// ON CONFLICT cannot touch one row twice in a statement, so rows of a batch that share a
// canonical phone are merged first, with the upsert's semantics applied in file order: later
// provided fields win, meta merges key by key, tags accumulate. The phone keeps the first
// spelling, as the contact API keeps the stored spelling when it merges.

export type MergedContact = Omit<ImportRow, 'line'> & { rowCount: number };

export function mergeByPhone(rows: ImportRow[]): MergedContact[] {
  const byPhone = new Map<string, MergedContact>();
  for (const { line: _line, ...row } of rows) {
    const seen = byPhone.get(row.canonicalPhone);
    if (!seen) {
      byPhone.set(row.canonicalPhone, { ...row, meta: { ...row.meta }, tags: [...row.tags], rowCount: 1 });
      continue;
    }
    seen.rowCount += 1;
    seen.firstName = row.firstName ?? seen.firstName;
    seen.lastName = row.lastName ?? seen.lastName;
    seen.email = row.email ?? seen.email;
    seen.externalId = row.externalId ?? seen.externalId;
    seen.externalUrl = row.externalUrl ?? seen.externalUrl;
    seen.source = row.source ?? seen.source;
    seen.optedOut = row.optedOut ?? seen.optedOut;
    Object.assign(seen.meta, row.meta);
    for (const tag of row.tags) if (!seen.tags.includes(tag)) seen.tags.push(tag);
  }
  return [...byPhone.values()];
}

import { describe, expect, it } from 'vitest';
import { headerProblem, mapHeader, needsMetaPrefix } from './columns';
import { mergeByPhone } from './merge';
import { isBlankRecord, validateRow, type ImportRow } from './row';

const header = mapHeader(['Phone', 'First Name', 'last_name', 'email', 'external_url', 'tags', 'city', 'Lifetime Value', '']);
const row = (fields: string[], line = 2) => validateRow(header, fields, line, 'MX');

describe('mapHeader', () => {
  it('recognises contact columns in any case and spacing, the rest goes to meta', () => {
    expect(header.phoneIndex).toBe(0);
    expect(header.columns.map((c) => c.kind)).toEqual(['field', 'field', 'field', 'field', 'field', 'field', 'meta', 'meta', 'ignored']);
  });
  it('reads a column named meta.<key> as that attribute, also when <key> names a contact column', () => {
    const prefixed = mapHeader(['phone', 'email', 'meta.email', 'META.meta.x', 'meta.', 'meta.plan ', 'meta.Nombre']);
    expect(prefixed.columns).toEqual([
      { kind: 'field', field: 'phone', name: 'phone' }, { kind: 'field', field: 'email', name: 'email' },
      { kind: 'meta', key: 'email', name: 'meta.email' }, { kind: 'meta', key: 'meta.x', name: 'META.meta.x' },
      { kind: 'ignored', name: 'meta.' }, { kind: 'meta', key: 'plan ', name: 'meta.plan' }, { kind: 'meta', key: 'Nombre', name: 'meta.Nombre' },
    ]);
    // The export prefixes exactly the names that would not read back as themselves.
    expect(['email', 'Nombre', 'WhatsApp', 'meta.x', 'plan ', ' plan', 'plan', 'Lifetime Value'].filter(needsMetaPrefix))
      .toEqual(['email', 'Nombre', 'WhatsApp', 'meta.x', 'plan ', ' plan']);
    expect(headerProblem(prefixed)).toBeNull();
  });
  it('opts a contact out on a truthy opted_out cell, never back in, and refuses other values', () => {
    const flagged = mapHeader(['phone', 'Opted Out']);
    const read = (cell: string) => validateRow(flagged, ['55 1234 5678', cell], 2, 'MX');
    for (const yes of ['true', 'YES', '1', 'x', 'Sí', 'sim']) expect(read(yes), yes).toMatchObject({ ok: true, row: { optedOut: true } });
    // A date (an export's, another system's "opted out on") is when they did; a later one is now.
    expect(read('2026-03-01')).toMatchObject({ ok: true, row: { optedOut: '2026-03-01T00:00:00.000Z' } });
    expect(read('2026-03-01T10:00:00.123Z')).toMatchObject({ ok: true, row: { optedOut: '2026-03-01T10:00:00.123Z' } });
    const later = read('2999-01-01');
    expect(later.ok && Date.parse(later.row.optedOut as string)).toBeLessThanOrEqual(Date.now());
    expect(read('2024-02-31')).toMatchObject({ ok: false });
    // Without a zone, UTC; Postgres's "+00" read.
    expect(read('2026-03-01 10:00')).toMatchObject({ ok: true, row: { optedOut: '2026-03-01T10:00:00.000Z' } });
    expect(read('2026-03-01 10:00:00.123456+00')).toMatchObject({ ok: true, row: { optedOut: '2026-03-01T10:00:00.123Z' } });
    // A column only named like it keeps what it cannot read, as the attribute it was.
    const alias = mapHeader(['phone', 'Unsubscribed']);
    expect(validateRow(alias, ['55 1234 5678', 'por precio'], 2, 'MX')).toMatchObject({ ok: true, row: { meta: { Unsubscribed: 'por precio' } } });
    expect(validateRow(alias, ['55 1234 5678', 'yes'], 2, 'MX')).toMatchObject({ ok: true, row: { optedOut: true, meta: {} } });
    for (const no of ['', 'false', 'No', '0', 'não']) {
      const result = read(no);
      expect(result, no).toMatchObject({ ok: true });
      expect(result.ok && result.row.optedOut, no).toBeUndefined();
    }
    expect(read('maybe')).toMatchObject({ ok: false, rejection: {
      reason: 'opted_out: "maybe" is neither yes (true, yes, 1, x, sí, sim, or a date) nor no (false, no, 0, não, or blank).',
    } });
    const merged = mergeByPhone([
      { line: 2, canonicalPhone: '+525512345678', phone: '1', meta: {}, tags: [], optedOut: true },
      { line: 3, canonicalPhone: '+525512345678', phone: '1', meta: {}, tags: [] },
    ]);
    expect(merged[0].optedOut).toBe(true);
  });
  it('reports a missing phone column', () => {
    expect(mapHeader(['name', 'email']).phoneIndex).toBe(-1);
  });
  it('knows Spanish, Portuguese, Google Contacts and HubSpot names, without case or accents', () => {
    const fields = (names: string[]) => mapHeader(names).columns.map((c) => (c.kind === 'field' ? c.field : c.kind));
    expect(fields(['Teléfono', 'Nombre', 'Apellidos', 'Correo electrónico', 'Etiquetas'])).toEqual(['phone', 'first_name', 'last_name', 'email', 'tags']);
    expect(fields(['Telefone', 'Nome', 'Sobrenome'])).toEqual(['phone', 'first_name', 'last_name']);
    expect(fields(['Name', 'Phone 1 - Value', 'E-mail 1 - Value'])).toEqual(['meta', 'phone', 'email']);
    const hubspot = mapHeader(['Phone Number', 'Mobile Phone Number', 'City']);
    expect(hubspot.phoneIndex).toBe(0);
    expect(hubspot.otherPhones).toEqual([1]);
    const blankFirst = validateRow(hubspot, ['', '55 1234 5678', 'Puebla'], 2, 'MX');
    expect(blankFirst).toMatchObject({ ok: true, row: { canonicalPhone: '+525512345678', meta: { 'Mobile Phone Number': '55 1234 5678', City: 'Puebla' } } });
  });
  it('ignores the line and reason columns of a corrected download, however many times corrected', () => {
    const header = mapHeader(['line', 'reason', 'line', 'reason', 'phone', 'city']);
    expect(header.columns.map((c) => c.kind)).toEqual(['ignored', 'ignored', 'ignored', 'ignored', 'field', 'meta']);
  });
  it('refuses a column named __proto__, which no attribute can hold', () => {
    expect(headerProblem(mapHeader(['phone', '__proto__']))).toBe('The CSV header has a column "__proto__", which cannot name an attribute: rename it.');
    // Names of Object's own properties are attributes like any other.
    expect(mapHeader(['phone', 'constructor', 'toString']).columns.map((c) => c.kind)).toEqual(['field', 'meta', 'meta']);
  });
  it('refuses more attribute columns than a contact keeps, rather than losing the ones past them', () => {
    const columns = (n: number) => ['phone', 'email', ...Array.from({ length: n }, (_, i) => `attr ${i}`)];
    expect(headerProblem(mapHeader(columns(200)))).toBeNull();
    expect(headerProblem(mapHeader(columns(250)))).toBe('The CSV has 250 attribute columns, and a contact keeps at most 200 attributes: remove 50 of them, so that none is lost.');
  });
});

describe('validateRow', () => {
  it('maps a good row: canonical phone, fields, meta as strings, tags split on ;', () => {
    const r = row(['55 1234 5678', 'José', '', 'a@example.com', '', 'vip; lead;;vip', 'Madrid', '12.50', 'x']);
    expect(r.ok).toBe(true);
    const c = (r as { row: ImportRow }).row;
    expect(c.canonicalPhone).toBe('+525512345678');
    expect(c.phone).toBe('55 1234 5678');
    expect(c.firstName).toBe('José');
    expect(c.lastName).toBeUndefined(); // blank: provides nothing
    expect(c.meta).toEqual({ city: 'Madrid', 'Lifetime Value': '12.50' });
    expect(c.tags).toEqual(['vip', 'lead']);
  });
  it('rejects an empty or impossible phone with its line and the row', () => {
    const r = row(['', 'Ana', '', '', '', '', '', '', ''], 7);
    expect(r).toMatchObject({ ok: false, rejection: { line: 7, reason: 'Phone is empty.' } });
    expect((r as { rejection: { row: Record<string, string> } }).rejection.row).toMatchObject({ Phone: '', 'First Name': 'Ana' });
    expect(row(['12', '', '', '', '', '', '', '', '']).ok).toBe(false);
  });
  it('rejects a malformed email with the API wording', () => {
    expect(row(['5512345678', '', '', 'two@@example.com', '', '', '', '', ''])).toMatchObject({
      ok: false, rejection: { reason: 'email: Enter a valid email address.' },
    });
  });
  it('rejects names over 100 characters and bad URLs', () => {
    expect(row(['5512345678', 'x'.repeat(101), '', '', '', '', '', '', '']).ok).toBe(false);
    expect(row(['5512345678', '', '', '', 'not a url', '', '', '', '']).ok).toBe(false);
  });
  it('tolerates missing trailing fields, rejects extra non-empty ones', () => {
    expect(row(['5512345678']).ok).toBe(true);
    expect(row(['5512345678', '', '', '', '', '', '', '', '', '', ''], 3).ok).toBe(true);
    expect(row(['5512345678', '', '', '', '', '', '', '', '', 'surprise']).ok).toBe(false);
  });
  it('knows blank records', () => {
    expect(isBlankRecord(['', ' ', ''])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });
});

describe('mergeByPhone', () => {
  it('merges rows of one phone in file order: later fields win, meta merges, tags add', () => {
    const a = (row(['+52 55 1234 5678', 'Ana', 'Old', '', '', 'vip', 'Madrid', '', '']) as { row: ImportRow }).row;
    const b = (row(['5512345678', '', 'New', 'b@example.com', '', 'lead', '', '7', ''], 3) as { row: ImportRow }).row;
    const [m, ...rest] = mergeByPhone([a, b]);
    expect(rest).toEqual([]);
    expect(m).toMatchObject({
      phone: '+52 55 1234 5678', firstName: 'Ana', lastName: 'New', email: 'b@example.com', rowCount: 2,
      meta: { city: 'Madrid', 'Lifetime Value': '7' }, tags: ['vip', 'lead'],
    });
  });
});

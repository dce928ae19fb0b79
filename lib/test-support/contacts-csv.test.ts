import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { mapHeader } from '@/lib/contacts/import/columns';
import { validateRow } from '@/lib/contacts/import/row';
import { LineTracker } from '@/lib/csv/line-numbers';
import { contactsCsv, SAMPLE_1K, type ContactsCsv } from './contacts-csv';

// The import tests trust the generator's figures; this holds them to the import's own rules (the
// CSV options the import job parses with, its header mapping, its row validation), so the figures
// are what a correct import must report, and the committed fixture is the generator's output.

const FIXTURE = path.resolve(__dirname, '../../e2e/fixtures/contacts-1k.csv');

/** Every record through the import's parsing and validation, against what the generator says. */
function checkAgainstImportRules(file: ContactsCsv) {
  const parsed = parse(file.text, {
    bom: true, delimiter: ',', info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const [head, ...data] = parsed;
  expect(head.record).toEqual(file.header);
  expect(data).toHaveLength(file.rows);
  const header = mapHeader(head.record);
  const lines = new LineTracker();
  lines.startLine(head.record, head.info);

  const created = new Set<string>();
  let rejected = 0;
  data.forEach(({ record, info }, i) => {
    const expected = file.records[i];
    expect(record, `row ${i}`).toEqual(expected.fields);
    expect(lines.startLine(record, info), `row ${i}`).toBe(expected.line);
    const result = validateRow(header, record, expected.line, 'MX');
    if (result.ok) {
      expect(expected.reason, `row ${i}: ${record[0]}`).toBeNull();
      expect(result.row.canonicalPhone, `row ${i}: ${record[0]}`).toBe(expected.e164);
      created.add(result.row.canonicalPhone);
    } else {
      rejected++;
      expect(result.rejection.reason, `row ${i}: ${record[0]}`).toBe(expected.reason);
    }
  });
  expect(rejected).toBe(file.rejected);
  expect(created.size).toBe(file.distinct);
  expect(file.rows - file.rejected - file.distinct).toBe(file.repeats);
}

describe('contactsCsv', () => {
  const sample = contactsCsv(SAMPLE_1K);

  it('makes the sample with the figures the import tests expect', () => {
    expect(sample).toMatchObject({ rows: 1000, rejected: 35, distinct: 940, repeats: 25 });
    expect(sample.records[0]).toMatchObject({ line: 2, reason: 'Phone is empty.' });
    expect(sample.records.some((r) => r.reason === 'email: Enter a valid email address.')).toBe(true);
    checkAgainstImportRules(sample);
  });

  it('is the committed fixture, byte for byte', () => {
    expect(fs.readFileSync(FIXTURE, 'utf8')).toBe(sample.text);
  });

  it('writes a spreadsheet-like file: BOM, CRLF, quoted commas, quotes and line breaks, every phone spelling', () => {
    const { text, records } = sample;
    expect(text.startsWith('\ufeffphone,first_name,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/"(?:[^"]|"")*"/g, '').includes('\n')).toBe(true);
    expect(text.replace(/"(?:[^"]|"")*"/g, '').split('\n').every((l) => l === '' || l.endsWith('\r'))).toBe(true);
    const cells = records.flatMap((r) => r.fields);
    expect(cells.some((c) => c.includes(','))).toBe(true);
    expect(cells.some((c) => c.includes('"'))).toBe(true);
    expect(cells.some((c) => c.includes('\n'))).toBe(true);
    expect(records.some((r) => r.line > records[0].line + records.indexOf(r))).toBe(true); // records spanning lines
    const phones = records.filter((r) => r.e164).map((r) => r.fields[0]);
    expect(phones.some((p) => /^\+52 1 /.test(p))).toBe(true); // Mexico's legacy mobile 1
    expect(phones.some((p) => /^521\d{10}$/.test(p))).toBe(true); // the same, digits only
    expect(phones.some((p) => /^\+54 9 /.test(p))).toBe(true); // Argentina's mobile 9
    expect(phones.some((p) => /^00/.test(p))).toBe(true);
    expect(phones.some((p) => /^\d{10}$/.test(p))).toBe(true); // national, the account's country
    expect(phones.some((p) => /^\(\d\d\) /.test(p))).toBe(true);
    // The same contact written two different ways.
    const spellings = new Map<string, Set<string>>();
    for (const r of records.filter((x) => x.e164)) spellings.set(r.e164!, (spellings.get(r.e164!) ?? new Set()).add(r.fields[0]));
    expect([...spellings.values()].some((s) => s.size > 1)).toBe(true);
    expect(records.some((r) => r.fields[6].includes(';'))).toBe(true); // several tags
  });

  it('gives the same bytes for the same options, and other bytes for another seed', () => {
    expect(contactsCsv(SAMPLE_1K).text).toBe(sample.text);
    expect(contactsCsv({ ...SAMPLE_1K, seed: 8 }).text).not.toBe(sample.text);
  });

  it('keeps its promises on larger files with the default proportions', () => {
    const large = contactsCsv({ rows: 10_000, seed: 3 });
    expect(large).toMatchObject({ rows: 10_000, rejected: 350, repeats: 250, distinct: 9_400 });
    checkAgainstImportRules(large);
  });
});

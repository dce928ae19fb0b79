import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';

// The upload stores the file in chunks of about a megabyte, which the import hands to its parser
// one at a time: a UTF-8 character cut in two by a chunk boundary must come out whole.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { uploadContactsCsv } = await import('./upload');
const { runImport } = await import('./run');
const { CHUNK_BYTES } = await import('./chunks');
const { rejectedRowsCsv } = await import('./service');
const { queue, stopQueue } = await import('@/lib/jobs/queue');

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

const ROWS = 3000;
const name = (i: number) => `Zoë Ñandú 日本語 ${i}`;

const PIECE = 5001; // the request body arrives in pieces of this size (importBytes)
// The upload stores a chunk once it holds CHUNK_BYTES or more: the first ends after this many bytes.
const BOUNDARY = Math.ceil(CHUNK_BYTES / PIECE) * PIECE;

const PAD_COLUMNS = 120;
const PAD_CELL = 10_000; // an attribute's longest value

/** Row 0's padding: cells of attributes `p1`, `p2`… adding exactly `bytes` bytes (each cell with its comma). */
function padCells(bytes: number): string {
  const full = Math.floor(bytes / (PAD_CELL + 1));
  const rest = bytes - full * (PAD_CELL + 1);
  return `,${'x'.repeat(PAD_CELL)}`.repeat(full) + (rest ? `,${'x'.repeat(rest - 1)}` : '');
}

/** The file, with row 0 padded so that the first chunk boundary cuts the 日 of a later row in two. */
function csv(): { bytes: Buffer; padding: number } {
  const header = `phone,first_name,city,${Array.from({ length: PAD_COLUMNS }, (_, i) => `p${i + 1}`).join(',')}\n`;
  const row = (i: number, pad = '') => `+52 55 ${10_000_000 + i},${name(i)},Mérida${pad}\n`;
  let at = Buffer.byteLength(header);
  let lastBefore = 0; // byte offset of the last 日 that starts before the boundary
  for (let i = 0; i < ROWS; i++) {
    const start = at + Buffer.byteLength(row(i).slice(0, row(i).indexOf('日')));
    if (start <= BOUNDARY - 1) lastBefore = start;
    at += Buffer.byteLength(row(i));
  }
  const padding = BOUNDARY - 1 - lastBefore; // moves that 日 to start one byte before the boundary
  const text = header + Array.from({ length: ROWS }, (_, i) => row(i, i === 0 ? padCells(padding) : '')).join('');
  return { bytes: Buffer.from(text, 'utf8'), padding };
}

async function importBytes(bytes: Buffer) {
  const db = await getDb();
  await queue(); // the upload enqueues its job: started first, as at server start (PGlite is one connection)
  const account = await seedTestAccount(db, { country: 'MX' });
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += PIECE) controller.enqueue(bytes.subarray(at, at + PIECE));
      controller.close();
    },
  });
  const id = await uploadContactsCsv(db, { accountId: account.account_id, userId: account.admin.id }, body, bytes.length);
  const [first] = await execRows<{ n: number }>(db, sql`select length(data) as n from contact_import_chunks where import_id = ${id} and seq = 0`);
  await runImport(db, id, 700);
  const [status] = await execRows<{ status: string; total_rows: number; created_count: number; rejected_count: number }>(db, sql`
    select status, total_rows, created_count, rejected_count from contact_imports where id = ${id}`);
  const stored = await execRows<{ first_name: string; meta: { city: string } }>(db, sql`
    select first_name, meta from contacts where account_id = ${account.account_id} order by canonical_phone`);
  return { status, stored, id, accountId: account.account_id, firstChunk: Number(first.n) };
}

describe('runImport', () => {
  it('keeps every character whole across chunk boundaries', async () => {
    const { bytes, padding } = csv();
    expect(bytes.subarray(BOUNDARY - 1, BOUNDARY + 2).toString('utf8')).toBe('日'); // the boundary cuts it
    const { status, stored, firstChunk } = await importBytes(bytes);
    expect(firstChunk).toBe(BOUNDARY);
    expect(status).toEqual({ status: 'COMPLETED', total_rows: ROWS, created_count: ROWS, rejected_count: 0 });
    expect(stored.map((c) => c.first_name)).toEqual(Array.from({ length: ROWS }, (_, i) => name(i)));
    expect(stored.map((c) => c.meta.city)).toEqual(Array.from({ length: ROWS }, () => 'Mérida'));
    const padded = Object.entries(stored[0].meta).filter(([k]) => k !== 'city');
    expect(padded.length).toBeLessThanOrEqual(PAD_COLUMNS);
    expect(padded.reduce((n, [, v]) => n + v.length + 1, 0)).toBe(padding + (padding % (PAD_CELL + 1) === 1 ? -1 : 0));
  });

  it('removes NUL characters inside fields and keeps the rest of the row', async () => {
    const bytes = Buffer.from('phone,first_name,city\n+52 55 1000\u00002000,Ana\u0000 María,Mé\u0000rida\n', 'utf8');
    const { status, stored } = await importBytes(bytes);
    expect(status).toEqual({ status: 'COMPLETED', total_rows: 1, created_count: 1, rejected_count: 0 });
    expect(stored).toEqual([expect.objectContaining({ first_name: 'Ana María', meta: { city: 'Mérida' } })]);
  });

  it("reads Excel's sep= line as the delimiter, the header after it, lines counted as in the file", async () => {
    const bytes = Buffer.from('sep=;\r\nphone;first_name;last_name\r\n5520000001;Sep;Línea\r\nabc;Bad;Row\r\n', 'utf8');
    const { status, stored, id } = await importBytes(bytes);
    expect(status).toEqual({ status: 'COMPLETED', total_rows: 2, created_count: 1, rejected_count: 1 });
    expect(stored).toEqual([expect.objectContaining({ first_name: 'Sep', meta: {} })]);
    const db = await getDb();
    const [rejected] = await execRows<{ line: number }>(db, sql`select line from contact_import_errors where import_id = ${id}`);
    expect(rejected.line).toBe(4);
  });

  it('reads a file Excel saved as Windows-1252 with its quotes, dashes and euro signs', async () => {
    // "phone;first_name;last_name;Nota" with "José", curly quotes, an en dash and € (0x80).
    const text = 'phone;first_name;last_name;Nota\n5510002001;Jos\xe9;\x93Pepe\x94;Cr\xe9dito \x96 \x80500\n';
    const { status, stored } = await importBytes(Buffer.from(text, 'latin1'));
    expect(status).toEqual({ status: 'COMPLETED', total_rows: 1, created_count: 1, rejected_count: 0 });
    expect(stored).toEqual([expect.objectContaining({ first_name: 'José', meta: { Nota: 'Crédito \u2013 €500' } })]);
    const db = await getDb();
    const [row] = await execRows<{ last_name: string }>(db, sql`select last_name from contacts where first_name = 'José' and last_name like '%Pepe%'`);
    expect(row.last_name).toBe('\u201cPepe\u201d');
  });

  it('judges the encoding cell by cell: a Windows-1252 accent megabytes in, and a stray one among UTF-8', async () => {
    const utf8 = (t: string) => Buffer.from(t, 'utf8');
    const cp1252 = (t: string) => Buffer.from(t, 'latin1');
    const bytes = Buffer.concat([
      utf8('phone,first_name,last_name\n5510004001,José,Muñoz\n'),
      utf8('\n'.repeat(CHUNK_BYTES + 100)), // blank lines: past the first stored chunk
      cp1252('5510004002,Pe\xf1a,Mu\xf1oz \x96 Quer\xe9taro\n'),
      utf8('5510004003,André,Gonçalves 😀\n'),
    ]);
    const { status, stored } = await importBytes(bytes);
    expect(status).toEqual({ status: 'COMPLETED', total_rows: 3, created_count: 3, rejected_count: 0 });
    const db = await getDb();
    const names = await execRows<{ first_name: string; last_name: string }>(db, sql`
      select first_name, last_name from contacts where canonical_phone in ('+525510004001', '+525510004002', '+525510004003') order by canonical_phone`);
    expect(names).toEqual([
      { first_name: 'José', last_name: 'Muñoz' }, { first_name: 'Peña', last_name: 'Muñoz \u2013 Querétaro' },
      { first_name: 'André', last_name: 'Gonçalves 😀' },
    ]);
    expect(stored).toHaveLength(3);
  });

  it('takes a Spanish header after Excel\'s sep= line, and a second phone column where the first is blank', async () => {
    const bytes = Buffer.from('\ufeffsep=;\r\nTeléfono;Nombre;Apellidos;Celular\r\n5510005001;Ana;López;\r\n;Beto;Ruiz;5510005002\r\n', 'utf8');
    const { status, stored } = await importBytes(bytes);
    expect(status).toEqual({ status: 'COMPLETED', total_rows: 2, created_count: 2, rejected_count: 0 });
    expect(stored.map((c) => c.first_name)).toEqual(['Ana', 'Beto']);
    // A header without a phone after the sep= line is refused at upload, as without it.
    const db = await getDb();
    const refused = uploadContactsCsv(db, { accountId: 1, userId: 1 }, new Blob(['sep=;\nname;email\nAna;a@example.com\n']).stream(), 40);
    await expect(refused).rejects.toMatchObject({ status: 400, body: { non_field_errors: ['The CSV header has no "phone" column.'] } });
  });

  it('reads a UTF-8 header as UTF-8 when a row further on was saved as Windows-1252', async () => {
    // "Teléfono" in UTF-8, then "Señor Peña" in Windows-1252 (ñ is one byte, 0xF1): the upload's
    // header check decodes cell by cell, as the import does, and finds the phone column.
    const bytes = Buffer.concat([
      Buffer.from('Nombre,Apellido,Teléfono\r\nAna,López,5510006001\r\n', 'utf8'),
      Buffer.from('Se\xf1or,Pe\xf1a,5510006002\r\n', 'latin1'),
    ]);
    const { status, accountId } = await importBytes(bytes);
    expect(status).toEqual({ status: 'COMPLETED', total_rows: 2, created_count: 2, rejected_count: 0 });
    const names = await execRows<{ first_name: string; last_name: string }>(await getDb(), sql`
      select first_name, last_name from contacts where account_id = ${accountId} order by canonical_phone`);
    expect(names).toEqual([{ first_name: 'Ana', last_name: 'López' }, { first_name: 'Señor', last_name: 'Peña' }]);
  });

  it('gives the rejected rows back in the file\'s own column order, cells past the header last', async () => {
    const text = [
      'Plan,Phone,zeta,First Name,alpha',
      'pro,12,z,Ana,a', // too short a number
      'free,nope,,Beto,', // not a number
      'x,5510002002,,Caro,,extra 6,,,,,,,,extra 14', // more cells than the header
    ].join('\n');
    const { status, id, accountId } = await importBytes(Buffer.from(text, 'utf8'));
    expect(status).toMatchObject({ status: 'COMPLETED', rejected_count: 3 });
    const body = await new Response(await rejectedRowsCsv(await getDb(), accountId, id)).text();
    const lines = body.replace(/^\ufeff/, '').trim().split('\r\n');
    const past = Array.from({ length: 9 }, (_, i) => `column ${i + 6}`).join(','); // numbered, 6 to 14
    expect(lines[0]).toBe(`line,reason,Plan,Phone,zeta,First Name,alpha,${past}`);
    expect(lines[1]).toMatch(/^2,.*,pro,12,z,Ana,a,{9}$/);
    expect(lines[3]).toMatch(/^4,.*,x,5510002002,,Caro,,extra 6,{8}extra 14$/);
  });

  it('keeps the rows before a quote never closed and ends FAILED, saying where', async () => {
    const text = 'phone,first_name\n5510003001,Ana\n5510003002,"Beto\n5510003003,Caro\n';
    const { id, stored } = await importBytes(Buffer.from(text, 'utf8'));
    const [row] = await execRows<{ status: string; total_rows: number; error: string }>(await getDb(), sql`
      select status, total_rows, error from contact_imports where id = ${id}`);
    expect(row).toMatchObject({ status: 'FAILED', total_rows: 1, error: expect.stringMatching(/^The file could not be read after line 2: /) });
    expect(row.error).toBe('The file could not be read after line 2: a quote (") that opens a field on line 3 is never closed, so the rest of the file reads as one field.');
    expect(stored.map((c) => c.first_name)).toEqual(['Ana']);
  });
});

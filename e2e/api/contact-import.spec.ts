import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { contactsCsv, SAMPLE_1K } from '../../lib/test-support/contacts-csv';
import { newAccount, NOT_FOUND, NOT_PROVIDED, UUID, type TestAccount } from './factories';

// CSV upload (POST /api/contact/upload), its progress report and its rejected rows.

// The committed sample and what the generator that made it says a correct import reports
// (lib/test-support/contacts-csv.test.ts holds the two together).
const SAMPLE = path.resolve(__dirname, '../fixtures/contacts-1k.csv');
const expected = contactsCsv(SAMPLE_1K);
const expectedRejections = expected.records.filter((r) => r.reason).map((r) => ({ line: r.line, reason: r.reason }));
const csv = (headers: Record<string, string>) => ({ ...headers, 'Content-Type': 'text/csv' });

async function upload(request: APIRequestContext, account: TestAccount, body: string | Buffer): Promise<string> {
  const res = await request.post('/api/contact/upload', { headers: csv(account.admin.headers), data: body });
  expect(res.status(), await res.text()).toBe(200);
  const { upload_group_id: id } = await res.json();
  expect(id).toMatch(UUID);
  return id;
}

/** The upload's report once the job has finished with it. */
async function finished(request: APIRequestContext, account: TestAccount, id: string) {
  let body: Record<string, unknown> = {};
  await expect.poll(async () => {
    const res = await request.get(`/api/contact/upload/${id}`, { headers: account.admin.headers });
    body = await res.json();
    return body.status;
  }, { timeout: 45_000, intervals: [100, 250, 500] }).toMatch(/COMPLETED|FAILED/);
  return body as {
    status: string; rows: number; created: number; updated: number; unchanged: number; rejected: number; error: string | null;
    byte_size: number; processed_bytes: number; rejected_rows: { line: number; reason: string; row: Record<string, string> }[];
  };
}

test.describe('contact CSV import', () => {
  test('imports the 1k sample into an MX account with the expected figures', async ({ request }) => {
    test.setTimeout(120_000);
    expect(expected).toMatchObject({ rows: 1000, rejected: 35, distinct: 940, repeats: 25 });
    const account = await newAccount(request);
    const id = await upload(request, account, fs.readFileSync(SAMPLE));
    const report = await finished(request, account, id);
    expect(report).toMatchObject({ status: 'COMPLETED', rows: 1000, rejected: 35, created: 940, updated: 25, error: null });
    expect(report.processed_bytes).toBe(report.byte_size);
    expect(report.rejected_rows).toHaveLength(35);
    // Line numbers as in the file (header = line 1, records may span lines), in order, each with
    // its reason and the row as written.
    expect(report.rejected_rows.map((r) => ({ line: r.line, reason: r.reason }))).toEqual(expectedRejections);
    const first = expected.records[0];
    expect(report.rejected_rows[0]).toEqual({
      line: 2, reason: 'Phone is empty.', row: Object.fromEntries(expected.header.map((name, i) => [name, first.fields[i]])),
    });

    // A progress poll asks for the counters alone, or for fewer rejected rows.
    const counters = await (await request.get(`/api/contact/upload/${id}?rejected_rows=0`, { headers: account.admin.headers })).json();
    expect(counters).toEqual({ ...report, rejected_rows: [] });
    const two = await (await request.get(`/api/contact/upload/${id}?rejected_rows=2`, { headers: account.admin.headers })).json();
    expect(two.rejected_rows).toEqual(report.rejected_rows.slice(0, 2));
    // The list of uploads finds it again: its counters, not its rejected rows; not another account's.
    const { rejected_rows: _rows, ...summary } = report;
    const listed = await (await request.get('/api/contact/upload', { headers: account.agent.headers })).json();
    expect(listed).toEqual({ count: 1, next: null, previous: null, results: [summary] });
    const another = await newAccount(request);
    expect((await (await request.get('/api/contact/upload', { headers: another.admin.headers })).json()).count).toBe(0);
    for (const [value, message] of [
      ['1001', 'Ensure this value is less than or equal to 1000.'],
      ['-1', 'Ensure this value is greater than or equal to 0.'],
      ['two', 'A valid integer is required.'],
      ['1.5', 'A valid integer is required.'],
      ['', 'A valid integer is required.'], // was read as 0
    ]) {
      const bad = await request.get(`/api/contact/upload/${id}?rejected_rows=${value}`, { headers: account.admin.headers });
      expect(bad.status()).toBe(400);
      expect(await bad.json()).toEqual({ rejected_rows: [message] });
    }
    for (const r of report.rejected_rows) {
      expect(r.line).toBeGreaterThan(1);
      expect(r.reason.length).toBeGreaterThan(0);
      expect(Object.keys(r.row)).toContain('Lifetime Value');
    }
    expect(report.rejected_rows.some((r) => r.reason === 'email: Enter a valid email address.')).toBe(true);

    const list = await request.get('/api/contact', { headers: account.admin.headers });
    expect(list.status()).toBe(200);
    expect((await list.json()).count).toBe(940);

    const rejected = await request.get(`/api/contact/upload/${id}/rejected`, { headers: account.admin.headers });
    expect(rejected.status()).toBe(200);
    expect(rejected.headers()['content-type']).toContain('text/csv');
    expect(rejected.headers()['content-disposition']).toContain('attachment');
    const text = (await rejected.text()).replace(/^\ufeff/, '');
    expect(text.split('\r\n')[0]).toMatch(/^line,reason,phone,first_name,/);
    expect(text.split('\r\n')[1]).toMatch(/^2,Phone is empty\.,/);

    // The same file again creates nothing, and nearly every valid row finds its contact as it left
    // it, so nothing is written or announced. A number repeated with other values in a later batch
    // (batches are smaller on PGlite) is set back and forth: those rows count as updated.
    const again = await finished(request, account, await upload(request, account, fs.readFileSync(SAMPLE)));
    expect(again).toMatchObject({ status: 'COMPLETED', rows: 1000, rejected: 35, created: 0 });
    expect(again.updated + again.unchanged).toBe(965);
    expect(again.unchanged).toBeGreaterThanOrEqual(951);
    expect((await (await request.get('/api/contact', { headers: account.admin.headers })).json()).count).toBe(940);
  });

  test('detects semicolon and tab delimiters and maps extra columns to meta', async ({ request }) => {
    const account = await newAccount(request);
    const semicolon = '\ufeffphone;first_name;tags;city\r\n55 1111 2222;Ana;"vip;lead";Madrid\r\n+52 1 55 1111 2222;;b2b;\r\n12;Bad;;\r\n';
    expect(await finished(request, account, await upload(request, account, semicolon)))
      .toMatchObject({ status: 'COMPLETED', rows: 3, created: 1, updated: 1, rejected: 1, rejected_rows: [{ line: 4 }] });
    const tab = 'Phone\tFirst Name\tplan\n5533334444\tBeto\tpro\n5544445555\tCarla\tfree\n';
    expect(await finished(request, account, await upload(request, account, tab)))
      .toMatchObject({ status: 'COMPLETED', rows: 2, created: 2, updated: 0, rejected: 0, rejected_rows: [] });
    expect((await (await request.get('/api/contact', { headers: account.admin.headers })).json()).count).toBe(3);
  });

  test('refuses a file without a phone column, and other media types', async ({ request }) => {
    const account = await newAccount(request);
    const noPhone = await request.post('/api/contact/upload', { headers: csv(account.admin.headers), data: 'name,email\nAna,a@example.com\n' });
    expect(noPhone.status()).toBe(400);
    expect(await noPhone.json()).toEqual({ non_field_errors: ['The CSV header has no "phone" column.'] });
    const wide = ['phone', ...Array.from({ length: 250 }, (_, i) => `attr${i}`)];
    const tooWide = await request.post('/api/contact/upload', {
      headers: csv(account.admin.headers), data: `${wide.join(',')}\n${['+525512345678', ...wide.slice(1).map(() => 'x')].join(',')}\n`,
    });
    expect([tooWide.status(), await tooWide.json()]).toEqual([400, {
      non_field_errors: ['The CSV has 250 attribute columns, and a contact keeps at most 200 attributes: remove 50 of them, so that none is lost.'],
    }]);
    const empty = await request.post('/api/contact/upload', { headers: csv(account.admin.headers), data: '' });
    expect(empty.status()).toBe(400);

    const json = await request.post('/api/contact/upload', { headers: account.admin.headers, data: { phone: '5512345678' } });
    expect(json.status()).toBe(415);
    expect(await json.json()).toEqual({ detail: 'Unsupported media type "application/json" in request.' });
  });

  test('a corrected download of rejected rows imports; repeated columns are refused; spreadsheet names are recognised', async ({ request }) => {
    const account = await newAccount(request);
    const headers = account.admin.headers;
    // The download of rejected rows: "line" and "reason" first, formula-like cells behind a quote.
    const bad = await upload(request, account, 'phone,first_name,Plan\n+52 55,Jean-Luc,=gold\n');
    const rejectedReport = await finished(request, account, bad);
    expect(rejectedReport).toMatchObject({ rejected: 1, created: 0 });
    // The rejected row's cells come in the file's column order.
    expect(Object.keys(rejectedReport.rejected_rows[0].row)).toEqual(['phone', 'first_name', 'Plan']);
    const download = await (await request.get(`/api/contact/upload/${bad}/rejected`, { headers })).text();
    expect(download).toContain("'+52 55,Jean-Luc,'=gold");
    const corrected = download.replace("'+52 55,", "'+52 55 1234 9876,");
    const again = await finished(request, account, await upload(request, account, corrected));
    expect(again).toMatchObject({ status: 'COMPLETED', created: 1, rejected: 0 });
    const [contact] = (await (await request.get('/api/contact?search=Jean-Luc', { headers })).json()).results;
    expect(contact).toMatchObject({ canonical_phone: '+525512349876', first_name: 'Jean-Luc', meta: { Plan: '=gold' } });

    // Excel's "Unicode Text" (UTF-16 with its byte-order mark) is named as such.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('phone\tfirst_name\r\n5512345678\tAna\r\n', 'utf16le')]);
    const refused = await request.post('/api/contact/upload', { headers: csv(headers), data: utf16 });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ non_field_errors: ['The file is UTF-16 (Excel\'s "Unicode Text"): save it as "CSV UTF-8" and upload that.'] });

    // A column named twice would lose one of the two.
    for (const header of ['phone,first_name,phone', 'phone,tags,Tags', 'phone,City,City']) {
      const res = await request.post('/api/contact/upload', { headers: csv(headers), data: `${header}\n5512345678,a,b\n` });
      expect(res.status(), header).toBe(400);
      expect((await res.json()).non_field_errors[0]).toMatch(/^The CSV header has the column "(phone|Tags|City)" twice/);
    }

    // "Mobile" and "E-mail" are the phone and the email; with a "phone" column too, "Mobile" is an attribute.
    await finished(request, account, await upload(request, account, 'Mobile,E-mail,Surname\n55 1234 0001,ana@example.com,Ruiz\n'));
    await finished(request, account, await upload(request, account, 'phone,Mobile\n55 1234 0002,55 9999 0000\n'));
    const ana = (await (await request.get('/api/contact?search=ana@example.com', { headers })).json()).results[0];
    expect(ana).toMatchObject({ canonical_phone: '+525512340001', email: 'ana@example.com', last_name: 'Ruiz', meta: {} });
    const two = (await (await request.get('/api/contact?search=5512340002', { headers })).json()).results[0];
    expect(two.meta).toEqual({ Mobile: '55 9999 0000' });
  });

  test('a deleted contact stays deleted; attributes past the limit are not added, an over-long value is rejected', async ({ request }) => {
    const account = await newAccount(request);
    const headers = account.admin.headers;
    const made = await (await request.post('/api/contact', { headers, data: { phone: '+52 55 2000 0009', first_name: 'Gone' } })).json();
    expect((await request.delete(`/api/contact/${made.id}`, { headers })).status()).toBe(204);
    const keys = Array.from({ length: 199 }, (_, i) => `k${i}`);
    const full = await request.post('/api/contact', { headers, data: { phone: '+52 55 2000 0010', meta: Object.fromEntries(keys.map((k) => [k, 'v'])) } });
    expect(full.status()).toBe(201);

    const report = await finished(request, account, await upload(request, account,
      `phone,city,extra,notes\n+52 55 2000 0009,Puebla,,\n+52 55 2000 0010,León,more,\n+52 55 2000 0011,,,${'y'.repeat(10_001)}\n`));
    expect(report).toMatchObject({ status: 'COMPLETED', rows: 3, updated: 2, created: 0, rejected: 1 });
    expect(report.rejected_rows[0]).toMatchObject({ line: 4, reason: "notes: An attribute's value holds at most 10,000 characters." });
    const gone = await (await request.get(`/api/contact/${made.id}`, { headers })).json();
    expect(gone).toMatchObject({ is_deleted: true, meta: { city: 'Puebla' } });
    const crowded = await (await request.get(`/api/contact/${(await full.json()).id}`, { headers })).json();
    expect(Object.keys(crowded.meta)).toHaveLength(200);
    expect(crowded.meta.city).toBe('León');
    expect(crowded.meta.extra).toBeUndefined();
  });

  test('requires authentication', async ({ request }) => {
    const res = await request.post('/api/contact/upload', { headers: { 'Content-Type': 'text/csv' }, data: 'phone\n5512345678\n' });
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
    const get = await request.get('/api/contact/upload/00000000-0000-0000-0000-000000000000');
    expect(get.status()).toBe(401);
    expect(await get.json()).toEqual(NOT_PROVIDED);
  });

  test("another account's upload and malformed ids are not found", async ({ request }) => {
    const owner = await newAccount(request);
    const other = await newAccount(request);
    const id = await upload(request, owner, 'phone\n5512345678\n');
    for (const url of [`/api/contact/upload/${id}`, `/api/contact/upload/${id}/rejected`, '/api/contact/upload/not-a-uuid', '/api/contact/upload/123/rejected']) {
      const res = await request.get(url, { headers: other.admin.headers });
      expect(res.status(), url).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    expect((await finished(request, owner, id)).created).toBe(1);
  });
});

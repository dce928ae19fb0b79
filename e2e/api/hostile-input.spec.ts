import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, uniquePhone, type TestAccount } from './factories';

// Any input gets a 4xx, never a 5xx, and every error under /api/ is a JSON body: a table over every
// route file (so a new route is covered without anyone adding it here), each path tried with real
// ids of the account's objects and with ids that cannot exist, with every method (TRACE and
// PROPFIND too), a NUL character in the query and in body strings, an unpaired surrogate, JSON
// nested 5,000 levels deep, values the database cannot hold, and paths that cannot be decoded.

const ROOT = path.resolve(__dirname, '../..');

function routePaths(dir = 'app/api'): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return routePaths(rel);
    return entry.name === 'route.ts' ? [dir.slice('app'.length)] : [];
  });
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND'] as const;
const BOGUS_IDS = ['99999999999999999999', '%zz', '-1', '00000000-0000-0000-0000-000000000000'];

const nul = JSON.stringify({
  name: 'a\u0000b', phone: '+52 55 1234\u00005678', first_name: '\u0000', email: 'x\u0000@example.com', body: 'hi\u0000',
  meta: { ['ke\u0000y']: 'v\u0000' }, notes: 'n\u0000', tags: [{ name: 't\u0000' }], events: ['contact.created'],
  target: 'https://example.com/\u0000', status: 'RESOLVED', text: 'a\u0000', variables: ['\u0000'], recipients: [{ phone: '\u0000', data: [] }],
});
const surrogate = '{"name": "\\ud800", "phone": "+52 55 1234 5678", "first_name": "x\\udc00y", "body": "\\ud83d", "text": "\\ud800"}';
const deep = `{"phone": "+52 55 1234 5678", "meta": ${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
// Values the database cannot hold: ids past Postgres's integer, year 0000.
const outOfRange = JSON.stringify({
  name: 'Range', phone: '+52 55 1234 5678', channel: 99999999999, user: 99999999999, notes: [{ id: 99999999999, notes: 'x' }],
  steps: [{ step_type: 'END', ordering_idx: 0, assign_to_users: [99999999999] }], start_on: '0000-01-01T00:00:00Z', since: '0000-01-01T00:00:00Z',
  execute_for: 'LIST', contact_lists: [{ contact_list: [{ phone: '+52 55 1111 2222' }] }],
});
const BODIES = { nul, surrogate, deep, outOfRange };

type Ids = Record<string, string>;

/** The account's objects, so that requests reach the validation of real objects. */
async function objects(request: APIRequestContext, account: TestAccount): Promise<Ids> {
  const h = account.admin.headers;
  const phone = uniquePhone();
  const contact = await (await request.post('/api/contact', { headers: h, data: { phone, notes: 'a note' } })).json();
  const inbound = await (await request.post('/api/channels/sandbox/inbound', { headers: h, data: { phone, type: 'text', text: 'Hola' } })).json();
  const channel = (await (await request.get('/api/channels', { headers: h })).json()).results[0];
  const template = (await (await request.get('/api/channels/chat/template?search=welcome', { headers: h })).json()).results[0];
  const subscription = await (await request.post('/api/webhook-subscription', {
    headers: h, data: { events: ['contact.created'], target: 'http://127.0.0.1:9/hostile' },
  })).json();
  const delivery = await (await request.post(`/api/webhook-subscription/${subscription.id}/test`, { headers: h, data: {} })).json();
  const key = await (await request.post('/api/dev/api-keys', { headers: h, data: { name: 'hostile' } })).json();
  const upload = await (await request.post('/api/contact/upload', {
    headers: { ...h, 'Content-Type': 'text/csv' }, data: 'phone\n+52 55 1234 5678\n',
  })).json();
  const broadcast = await (await request.post('/api/broadcast', {
    headers: h, data: { name: 'Hostile', chat_template: template.id, recipients: [{ phone, data: ['a', 'b'] }], start_on: new Date(Date.now() + 3600_000).toISOString() },
  })).json();
  const ids: Ids = {
    contact: contact.id, note: String(contact.notes[0].id), conversation: inbound.conversation ?? inbound.conversation_id,
    channel: String(channel.id), template: template.id, subscription: subscription.id, delivery: delivery.delivery ?? delivery.id,
    key: String(key.id), upload: upload.upload_group_id, broadcast: String(broadcast.id),
  };
  for (const [name, value] of Object.entries(ids)) expect(value, name).toBeTruthy();
  return ids;
}

/** The route's path with its segments filled in from `id(name, segment)`. */
function fill(route: string, id: (param: string, prefix: string) => string): string {
  return route.replace(/\[(\.\.\.)?([a-z_]+)\]/g, (_m, _rest, param, offset) => id(param, route.slice(0, offset)));
}

function realId(ids: Ids) {
  return (param: string, prefix: string): string => {
    if (param === 'path') return 'nope';
    if (param === 'nextauth') return 'session';
    if (param === 'file') return 'swagger-ui.css';
    if (param === 'note_id') return ids.note;
    if (param === 'channel_id') return ids.channel;
    const by: [string, string][] = [
      ['/api/broadcast', ids.broadcast], ['/api/channels/chat/template', ids.template], ['/api/channels', ids.channel],
      ['/api/contact/upload', ids.upload], ['/api/contact', ids.contact], ['/api/dev/api-keys', ids.key],
      ['/api/inbox/conversation', ids.conversation], ['/api/webhook-delivery', ids.delivery],
      ['/api/webhook-subscription', ids.subscription],
    ];
    return by.find(([p]) => prefix.startsWith(p))?.[1] ?? '1';
  };
}

test('no input gets a 5xx, and every error under /api/ is JSON', async ({ request }) => {
  test.setTimeout(300_000);
  const account = await newAccount(request);
  const ids = await objects(request, account);
  const routes = routePaths();
  expect(routes.length).toBeGreaterThan(45);
  const failures: string[] = [];
  let sent = 0;
  const check = async (method: string, url: string, body?: string) => {
    const res = await request.fetch(url, {
      method, headers: { ...account.admin.headers, ...(body ? { 'Content-Type': 'application/json' } : {}) }, data: body,
      maxRedirects: 0,
    });
    sent += 1;
    const type = res.headers()['content-type'] ?? '';
    if (res.status() >= 500) failures.push(`${method} ${url} ${body ? `(${body.slice(0, 30)}…)` : ''}: ${res.status()} ${(await res.text()).slice(0, 120)}`);
    else if (res.status() >= 400 && !type.includes('application/json')) failures.push(`${method} ${url}: ${res.status()} answered ${type || 'no content type'}`);
  };
  for (const route of routes) {
    const real = fill(route, realId(ids));
    for (const method of METHODS) {
      // A real object is never deleted here: DELETE goes to ids that cannot exist.
      if (method !== 'DELETE') {
        await check(method, `${real}?search=%00&page=%00&status=%00`);
        if (!['GET', 'TRACE', 'PROPFIND'].includes(method)) for (const body of Object.values(BODIES)) await check(method, real, body);
      }
      for (const bogus of BOGUS_IDS) {
        const url = fill(route, (param) => (param === 'path' || param === 'nextauth' || param === 'file' ? bogus : bogus));
        if (url !== route) await check(method, url);
      }
    }
  }
  for (const url of ['/api/%', '/api/contact/%zz', '/api/%E0%A4%A', '/api/contact/..%2f..%2fetc', '/api/contact?search=%ZZ']) {
    for (const method of METHODS) await check(method, url);
  }
  console.log(`hostile requests sent: ${sent}, answered with a 5xx or without JSON: ${failures.length}`);
  expect(failures).toEqual([]);
});

import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOfValues } from '../action-tests';
import { renderText } from '../variables';
import { actionRequest, callAction, readAnswer } from './action';

describe('readAnswer', () => {
  it('reads JSON, else keeps the text; U+0000, which Postgres cannot store, goes either way', () => {
    expect(readAnswer('{"a":[1,"x"]}')).toEqual({ a: [1, 'x'] });
    expect(readAnswer('not json')).toBe('not json');
    expect(readAnswer('{"a":"x\\u0000y"}')).toEqual({ a: 'xy' });
    expect(readAnswer('bin\u0000ary')).toBe('binary');
    expect(JSON.stringify(readAnswer('{"k\\u0000":1}'))).not.toContain('\\u0000"');
  });
});

describe('actionRequest', () => {
  const scope = scopeOfValues({ 'contact.phone': '+525511110002', 'step.notes': 'say "hi" & bye', 'step.next': 'https://x.example/a?b=1' });
  const render = (text: string, escape?: Parameters<typeof renderText>[2]) => renderText(text, scope, escape).text;
  const step = (over: Partial<Parameters<typeof actionRequest>[0]>) => ({
    action_request_method: 'POST' as const, action_request_url: 'https://api.example/hook', action_request_headers: {},
    action_request_params: {}, action_request_body: '', ...over,
  });

  it('encodes a value in the URL\'s query; one before it (a host, a path, a whole address) as it is; params are encoded too', () => {
    const r = actionRequest(step({ action_request_url: 'https://api.example/c/{{contact.phone}}?n={{step.notes}}', action_request_params: { p: '{{contact.phone}}' } }), render);
    expect(r.url).toBe('https://api.example/c/+525511110002?n=say%20%22hi%22%20%26%20bye&p=%2B525511110002');
    expect(actionRequest(step({ action_request_url: '{{step.next}}' }), render).url).toBe('https://x.example/a?b=1');
    expect(actionRequest(step({ action_request_url: '{{step.next}}&q={{contact.phone}}' }), render).url).toBe('https://x.example/a?b=1&q=+525511110002');
  });

  it('escapes a value inside a JSON string, so that a quote keeps the body JSON; one outside a string as it is; other bodies as written', () => {
    const json = actionRequest(step({ action_request_body: '{"notes": "{{step.notes}}", "phone": "{{contact.phone}}", "q": "a \\"{{step.notes}}\\""}' }), render);
    expect(JSON.parse(json.body)).toEqual({ notes: 'say "hi" & bye', phone: '+525511110002', q: 'a "say "hi" & bye"' });
    const cart = scopeOfValues({ 'step.cart': '{"items":[1,2]}' });
    const raw = actionRequest(step({ action_request_body: '{"cart": {{step.cart}}}' }), (text, escape) => renderText(text, cart, escape).text);
    expect(JSON.parse(raw.body)).toEqual({ cart: { items: [1, 2] } });
    const form = actionRequest(step({ action_request_headers: { 'Content-Type': 'text/plain' }, action_request_body: 'notes: {{step.notes}}' }), render);
    expect(form.body).toBe('notes: say "hi" & bye');
  });
});

describe('callAction', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= '127.0.0.1';
    server = http.createServer((req, res) => res.end(JSON.stringify({ who: req.headers['x-who'] ?? null })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the rendered request; a header Node cannot send is an error, not a throw', async () => {
    const step = { action_request_method: 'GET' as const, action_request_url: `${base}/x`, action_request_headers: { 'X-Who': '{{v}}' }, action_request_params: { q: '{{v}}' }, action_request_body: '' };
    const ok = await callAction(actionRequest(step, (t) => t.replace('{{v}}', 'Ana')));
    expect(ok).toMatchObject({ status: 200, body: '{"who":"Ana"}', error: null });
    const broken = await callAction(actionRequest(step, (t) => t.replace('{{v}}', 'Ana\r\nX-Evil: 1')));
    expect(broken).toMatchObject({ status: null, error: expect.stringContaining('could not be sent') });
  });
});

describe('callAction past the size kept', () => {
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= '127.0.0.1';
    server = http.createServer((_req, res) => res.end('x'.repeat(200 * 1024)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/big`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps the start of an answer over 64 KiB and says it was cut', async () => {
    const big = await callAction({ method: 'GET', url, headers: {}, body: '' });
    expect(big.status).toBe(200);
    expect(big.body).toHaveLength(64 * 1024);
    expect(big.error).toBe('The answer is over 64 KiB: only its start was kept.');
  });
});

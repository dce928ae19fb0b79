import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountPatchSchema } from '@/lib/accounts/validation';
import { KEYWORD_MAX_LENGTH, KEYWORDS_MAX } from '@/lib/opt-out/keywords';
import { retrySchedule } from '@/lib/webhooks/retry-schedule';
import { WEBHOOK_EVENTS } from '@/lib/webhooks/validation';
import { buildOpenApiDocument, openApiDocument, openApiJson } from './document';
import { DOCUMENTED_RETRY_SCHEDULE } from './operations/webhooks';

const doc = buildOpenApiDocument();
type Op = { operationId: string; tags: string[]; summary: string; responses: Record<string, unknown>; security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> } };
const op = (method: string, p: string) => doc.paths[p]?.[method] as Op | undefined;

const EXPECTED: [string, string][] = [
  ['get', '/api/account-member'],
  ['get', '/api/user'],
  ['get', '/api/contact'],
  ['post', '/api/contact'],
  ['get', '/api/contact/{id}'],
  ['put', '/api/contact/{id}'],
  ['patch', '/api/contact/{id}'],
  ['delete', '/api/contact/{id}'],
  ['delete', '/api/contact/{id}/notes/{note_id}'],
  ['post', '/api/contact/upload'],
  ['get', '/api/contact/upload/{upload_group_id}'],
  ['get', '/api/contact/upload/{upload_group_id}/rejected'],
  ['get', '/api/health'],
  ['get', '/api/dev/api-keys'],
  ['post', '/api/dev/api-keys'],
  ['delete', '/api/dev/api-keys/{id}'],
  ['get', '/api/me'],
  ['get', '/api/webhook-subscription'],
  ['post', '/api/webhook-subscription'],
  ['get', '/api/webhook-subscription/{id}'],
  ['put', '/api/webhook-subscription/{id}'],
  ['patch', '/api/webhook-subscription/{id}'],
  ['delete', '/api/webhook-subscription/{id}'],
  ['get', '/api/webhook-subscription/{id}/secret'],
  ['post', '/api/webhook-subscription/{id}/secret/rotate'],
  ['get', '/api/webhook-subscription/{id}/deliveries'],
  ['post', '/api/webhook-subscription/{id}/deliveries/resend'],
  ['post', '/api/webhook-subscription/{id}/test'],
  ['get', '/api/webhook-delivery/{id}'],
  ['post', '/api/webhook-delivery/{id}/resend'],
  ['post', '/api/webhook-delivery/{id}/retry'],
];

function* walk(node: unknown, at = '#'): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) yield* walk(v, `${at}/${i}`);
  } else if (node && typeof node === 'object') {
    yield [at, node as Record<string, unknown>];
    for (const [k, v] of Object.entries(node)) yield* walk(v, `${at}/${k}`);
  }
}

function resolve(pointer: string): unknown {
  return pointer.replace(/^#\//, '').split('/').reduce<unknown>((n, key) => (n as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with the API version and a relative server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('is built once per process', () => {
    expect(openApiDocument()).toBe(openApiDocument());
    expect(openApiJson()).toBe(openApiJson());
    expect(JSON.parse(openApiJson())).toEqual(doc);
  });

  it.each(EXPECTED)('documents %s %s', (method, p) => {
    const o = op(method, p);
    expect(o, `${method} ${p}`).toBeDefined();
    expect(o!.summary).toBeTruthy();
    expect(o!.tags.length).toBeGreaterThan(0);
    expect(Object.keys(o!.responses).some((s) => /^2\d\d$/.test(s))).toBe(true);
  });

  it('marks the dashboard-internal routes with the Dashboard tag', () => {
    for (const [method, p] of [['get', '/api/dev/api-keys'], ['post', '/api/dev/api-keys'], ['delete', '/api/dev/api-keys/{id}'], ['get', '/api/me']]) {
      expect(op(method, p)!.tags).toContain('Dashboard');
    }
    expect(op('get', '/api/contact')!.tags).not.toContain('Dashboard');
  });

  it('gives every operation an id, tags declared at the top, responses and unique operationIds', () => {
    const ids = new Set<string>();
    const declared = new Set(doc.tags.map((t) => t.name));
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, o] of Object.entries(item) as [string, Op][]) {
        expect(o.operationId, `${method} ${p}`).toMatch(/^[a-z_]+$/);
        expect(ids.has(o.operationId)).toBe(false);
        ids.add(o.operationId);
        expect(Object.keys(o.responses).length).toBeGreaterThan(0);
        for (const t of o.tags) expect(declared.has(t), t).toBe(true);
        const inPath = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect((o.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name)).toEqual(inPath);
      }
    }
  });

  it('uses the Token scheme globally and no security on the public routes', () => {
    expect(doc.components.securitySchemes.Token).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.security).toEqual([{ Token: [] }]);
    for (const p of ['/api/health', '/api/schema', '/api/docs']) expect(op('get', p)!.security).toEqual([]);
    expect(op('get', '/api/contact')!.security).toBeUndefined();
    expect(op('get', '/api/contact')!.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
  });

  it('documents DRF errors where they apply', () => {
    const codes = (m: string, p: string) => Object.keys(op(m, p)!.responses);
    expect(codes('get', '/api/contact/{id}')).toEqual(expect.arrayContaining(['200', '401', '404']));
    expect(codes('post', '/api/contact')).toEqual(expect.arrayContaining(['201', '400', '401']));
    expect(codes('get', '/api/contact')).toEqual(expect.arrayContaining(['200', '401', '404']));
    expect(codes('post', '/api/contact/upload')).toEqual(expect.arrayContaining(['200', '400', '401', '413', '415']));
    expect(codes('delete', '/api/dev/api-keys/{id}')).toEqual(expect.arrayContaining(['204', '401', '403', '404']));
    expect(codes('get', '/api/health')).not.toContain('401');
    expect(op('get', '/api/contact')!.responses['429']).toEqual({ $ref: '#/components/responses/Throttled' });
    expect(codes('get', '/api/health')).not.toContain('429');
    const listed = op('get', '/api/contact')!.responses['200'] as { headers: Record<string, unknown> };
    expect(listed.headers['X-RateLimit-Remaining']).toEqual({ $ref: '#/components/headers/X-RateLimit-Remaining' });
    expect(doc.components.headers['X-RateLimit-Remaining']).toMatchObject({ schema: { type: 'integer' } });
    expect((op('get', '/api/health')!.responses['200'] as { headers?: object }).headers).toBeUndefined();
    expect(doc.components.responses).toHaveProperty('MethodNotAllowed');
  });

  it('takes request bodies from the validation schemas', () => {
    const body = op('post', '/api/contact')!.requestBody!;
    expect(body.content['application/json']).toMatchObject({ schema: { $ref: '#/components/schemas/ContactUpsertRequest' } });
    const upsert = doc.components.schemas.ContactUpsertRequest as { required: string[]; properties: Record<string, Record<string, unknown>> };
    expect(upsert.required).toEqual(['phone']);
    expect(upsert.properties.first_name).toEqual({ anyOf: [{ type: 'string', maxLength: 100 }, { type: 'null' }] });
    // Field types built with preprocess/transform get their own description, and their defaults.
    expect(upsert.properties.is_deleted.type).toBe('boolean');
    expect(upsert.properties.overwrite_meta).toMatchObject({ type: 'boolean', default: false });
    expect(upsert.properties.meta).toMatchObject({ type: 'object', description: expect.any(String) });
    expect(upsert.properties.notes.description).toBeTruthy();
    expect(upsert.properties.tags).toMatchObject({ type: 'array', description: expect.any(String) });
    const patch = doc.components.schemas.ContactPatchRequest as { required?: string[] };
    expect(patch.required ?? []).toEqual([]);
    expect(op('post', '/api/contact/upload')!.requestBody!.content).toHaveProperty('text/csv');
    expect(op('get', '/api/contact/upload/{upload_group_id}/rejected')!.responses['200']).toMatchObject({ content: { 'text/csv': expect.anything() } });
  });

  it('states the limits of the account\'s opt-out and opt-in words that the validator keeps', () => {
    const patch = doc.components.schemas.AccountPatchRequest as { properties: Record<string, Record<string, unknown>> };
    for (const field of ['opt_out_keywords', 'opt_in_keywords']) {
      expect(patch.properties[field], field).toMatchObject({ type: 'array', maxItems: KEYWORDS_MAX, items: { type: 'string', maxLength: KEYWORD_MAX_LENGTH } });
    }
    const words = (n: number, length: number) => Array.from({ length: n }, (_, i) => `W${i}`.padEnd(length, 'x'));
    expect(accountPatchSchema.safeParse({ opt_out_keywords: words(KEYWORDS_MAX, KEYWORD_MAX_LENGTH) }).success).toBe(true);
    expect(accountPatchSchema.safeParse({ opt_out_keywords: words(KEYWORDS_MAX + 1, 5) }).success).toBe(false);
    expect(accountPatchSchema.safeParse({ opt_out_keywords: words(1, KEYWORD_MAX_LENGTH + 1) }).success).toBe(false);
  });

  it('documents the list filters', () => {
    const names = (p: string) => (op('get', p)!.parameters ?? []).map((x) => x.name);
    expect(names('/api/contact')).toEqual(expect.arrayContaining(['page', 'page_size', 'search']));
    const users = names('/api/user');
    for (const f of ['email', 'first_name', 'last_name']) {
      for (const l of ['icontains', 'iendswith', 'iexact', 'istartswith', 'isnull']) expect(users).toContain(`${f}__${l}`);
    }
    expect(users).toEqual(expect.arrayContaining(['ordering', 'search']));
  });

  it('has no dangling $ref, no untyped {} schema and nothing zod could not represent', () => {
    for (const [at, node] of walk(doc)) {
      if (typeof node.$ref === 'string') expect(resolve(node.$ref), `${at} → ${node.$ref}`).toBeDefined();
      expect(node.$schema, at).toBeUndefined();
      expect(node.$id, at).toBeUndefined();
    }
    for (const [at, node] of walk(doc.components.schemas)) {
      if (at.endsWith('/example') || at.includes('/example/')) continue;
      expect(Object.keys(node).length, `empty schema at ${at}`).toBeGreaterThan(0);
    }
  });

  it('documents every API route of the app', () => {
    // Route files the document deliberately leaves out: framework and test plumbing, the page's assets.
    const skip = new Set(['/api/{path}', '/api/auth/{nextauth}', '/api/test/account', '/api/test/bare', '/api/test/web-process', '/api/test/flow-clock', '/api/test/echo', '/api/test/conversation-idle', '/api/docs/assets/{file}']);
    // Being built in parallel; documented when they land (a lib/openapi/operations/<resource>.ts each),
    // then removed from here.
    const pending: string[] = [];
    const root = path.resolve(__dirname, '../../app/api');
    const routes: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) visit(path.join(dir, entry.name));
        else if (entry.name === 'route.ts') routes.push(dir);
      }
    };
    visit(root);
    // Parameter names may differ from the folder names (`[id]` documented as `{upload_group_id}`):
    // compare the shapes of the paths.
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    const documented = new Set(Object.keys(doc.paths).map(shape));
    for (const dir of routes) {
      const p = `/api${path.relative(root, dir).split(path.sep).map((s) => s.replace(/^\[(?:\.\.\.)?(\w+)\]$/, '{$1}')).map((s) => `/${s}`).join('')}`;
      if (skip.has(p) || pending.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))) continue;
      expect(documented.has(shape(p)), `${p} (app/api/${path.relative(root, dir)}/route.ts) is not in the OpenAPI document`).toBe(true);
    }
  });

  it('documents the webhook subscription operations with their bodies, statuses and roles', () => {
    const schemas = doc.components.schemas as Record<string, { required?: string[]; properties: Record<string, Record<string, unknown>> }>;
    const body = (m: string, p: string) => (op(m, p)!.requestBody!.content['application/json'] as { schema: { $ref: string } }).schema.$ref;
    expect(body('post', '/api/webhook-subscription')).toBe('#/components/schemas/WebhookSubscriptionRequest');
    expect(body('put', '/api/webhook-subscription/{id}')).toBe('#/components/schemas/WebhookSubscriptionReplaceRequest');
    expect(body('patch', '/api/webhook-subscription/{id}')).toBe('#/components/schemas/WebhookSubscriptionPatchRequest');
    expect(body('post', '/api/webhook-subscription/{id}/deliveries/resend')).toBe('#/components/schemas/WebhookResendFailedRequest');
    expect(schemas.WebhookSubscriptionRequest.required).toEqual(['events', 'target']);
    expect(schemas.WebhookSubscriptionRequest.properties.events).toMatchObject({ type: 'array', minItems: 1, items: { enum: [...WEBHOOK_EVENTS] } });
    expect(schemas.WebhookSubscriptionRequest.properties.is_active).toMatchObject({ type: 'boolean', default: true });
    expect(schemas.WebhookSubscriptionPatchRequest.required ?? []).toEqual([]);
    expect(schemas.WebhookResendFailedRequest.required).toEqual(['since']);

    const codes = (m: string, p: string) => Object.keys(op(m, p)!.responses);
    expect(codes('post', '/api/webhook-subscription')).toEqual(expect.arrayContaining(['201', '400', '401']));
    expect(codes('delete', '/api/webhook-subscription/{id}')).toEqual(expect.arrayContaining(['204', '404']));
    for (const [m, p] of [['post', '/api/webhook-subscription'], ['put', '/api/webhook-subscription/{id}'],
      ['patch', '/api/webhook-subscription/{id}'], ['delete', '/api/webhook-subscription/{id}'],
      ['get', '/api/webhook-subscription/{id}/secret'], ['post', '/api/webhook-subscription/{id}/secret/rotate'],
      ['post', '/api/webhook-subscription/{id}/deliveries/resend'], ['post', '/api/webhook-delivery/{id}/resend']]) {
      expect(codes(m, p), `${m} ${p}`).toContain('403');
    }
    for (const [m, p] of [['post', '/api/webhook-subscription/{id}/deliveries/resend'], ['post', '/api/webhook-subscription/{id}/test'],
      ['post', '/api/webhook-delivery/{id}/resend']]) {
      expect(codes(m, p), `${m} ${p}`).toContain('202');
    }
    expect(op('post', '/api/webhook-subscription')!.responses['201']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/NewWebhookSubscription' } } },
    });
    expect(schemas.NewWebhookSubscription.properties).toHaveProperty('secret');
    expect(schemas.WebhookSubscription.properties).not.toHaveProperty('secret');
    const names = (p: string) => (op('get', p)!.parameters ?? []).map((x) => x.name);
    expect(names('/api/webhook-subscription')).toEqual(expect.arrayContaining(['page', 'page_size', 'search']));
    expect(names('/api/webhook-subscription/{id}/deliveries')).toEqual(expect.arrayContaining(['id', 'status', 'page', 'page_size']));
    for (const o of EXPECTED.filter(([, p]) => p.startsWith('/api/webhook-'))) expect(op(...o)!.tags).toEqual(['Webhook subscriptions']);
  });

  it('describes the delivered events in the top-level webhooks section', () => {
    type Hook = { post: Op & { description: string; requestBody: { content: Record<string, { schema: { $ref: string } }> } } };
    const hooks = doc.webhooks as Record<string, Hook>;
    expect(Object.keys(hooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const [type, hook] of Object.entries(hooks)) {
      const post = hook.post;
      expect(post.operationId).toMatch(/^[a-z_]+$/);
      expect(post.security).toEqual([]);
      expect(post.parameters!.map((x) => [x.in, x.name])).toEqual([
        ['header', 'webhook-id'], ['header', 'webhook-timestamp'], ['header', 'webhook-signature'],
      ]);
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['2XX', '410', 'default']));
      const schema = post.requestBody.content['application/json'].schema.$ref;
      if (type.startsWith('contact.')) {
        expect(schema).toBe('#/components/schemas/ContactEvent');
      } else if (type.startsWith('message.')) {
        expect(schema).toBe('#/components/schemas/MessageEvent');
      } else if (type.startsWith('conversation.')) {
        expect(schema).toBe('#/components/schemas/ConversationEvent');
      } else {
        expect(schema).toBe('#/components/schemas/FlowExecutionContactEvent');
        expect(post.description).toMatch(/GET \/api\/flow-execution-contact\/\{id\}/);
      }
    }
    const event = doc.components.schemas.ContactEvent as { required: string[]; properties: Record<string, Record<string, unknown>> };
    expect(event.required.sort()).toEqual(['created_on', 'data', 'id', 'type']);
    expect(event.properties.data).toMatchObject({ $ref: '#/components/schemas/Contact' });
    expect(doc.tags.map((t) => t.name)).toContain('Webhook subscriptions');
  });

  it('states the retry schedule the code uses', () => {
    const saved = process.env.WEBHOOK_RETRY_SCHEDULE;
    delete process.env.WEBHOOK_RETRY_SCHEDULE;
    try {
      expect(retrySchedule()).toEqual(DOCUMENTED_RETRY_SCHEDULE);
    } finally {
      if (saved !== undefined) process.env.WEBHOOK_RETRY_SCHEDULE = saved;
    }
    expect(doc.info.description).toContain('5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h');
  });
});

import { z } from 'zod';
import { JSON_BODY_LIMIT } from '@/lib/api/body';
import { MAX_JSON_DEPTH } from '@/lib/api/hostile-input';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/api/pagination';
import { BROADCAST_BODY_LIMIT } from '@/lib/broadcasts/validation';
import { UPLOAD_LIMIT } from '@/lib/contacts/import/upload';
import { META_MAX_KEYS, META_MAX_VALUE } from '@/lib/contacts/validation';
import { toComponents, toJsonSchema, type JsonSchema } from './json-schema';
import { isJsonBody, type ErrorStatus, type Operation, type ResourceDoc, type ResponseSpec } from './operation';
import { resources as allResources } from './operations';
import { DELIVERY_POLICY, WEBHOOK_HEADERS, WEBHOOK_RESPONSES, webhookEventDocs, type WebhookEventDoc } from './operations/webhooks';
import { DetailError, ValidationError } from './schemas/common';
import { componentName, responseComponents } from './schemas/named';

// Builds the OpenAPI 3.1 document served at /api/schema from the operation registrations in
// ./operations and the zod schemas they name: request schemas are the ones the routes validate
// with, response schemas the ones the serializers are typed with (schemas/common.ts).

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  webhooks: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
  security: Record<string, string[]>[];
  [key: string]: unknown;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

const DESCRIPTION = `
The customer-messaging service API: contacts and CSV uploads, channels and their templates,
template and free-form sends, the inbox's conversations and messages, broadcasts, flows and their
executions, webhook subscriptions and deliveries, and the account with its members and teams.

**Authentication.** Every operation except \`/api/health\`, \`/api/schema\` and \`/api/docs\` needs
the header \`Authorization: Token <key>\`, with a key created at \`/dev/api-keys\` in the dashboard.
A key acts as the account member it belongs to; another account's resources are simply "Not found."

**Bodies.** Write operations take \`application/json\` (\`application/x-www-form-urlencoded\` and
\`multipart/form-data\` are accepted for flat bodies). Unknown fields and read-only fields are ignored.

**Input limits.** Anywhere in a body or query, a NUL character, an unpaired UTF-16 surrogate or nesting
deeper than ${MAX_JSON_DEPTH} levels is a 400 on the field that holds it (never stripped). A contact's \`meta\` holds at
most ${META_MAX_KEYS} keys (of up to 200 characters) with values of up to ${META_MAX_VALUE.toLocaleString('en-US')} characters. Bodies are limited to
${JSON_BODY_LIMIT / 1024 / 1024} MB (JSON and forms), ${BROADCAST_BODY_LIMIT / 1024 / 1024} MB (a broadcast's create) and ${UPLOAD_LIMIT / 1024 / 1024} MB (a CSV upload); beyond, a 413.
CSV downloads write a cell that starts with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return, and is not a
number, with a leading single quote, so that a spreadsheet shows it as text.

**Paths** are served with and without a trailing slash. A malformed UUID or integer id is a 404.

**Errors** use Django REST Framework bodies: \`{"detail": "…"}\`, or for validation a map of
field → messages (\`non_field_errors\` for the rest). A method not served on an existing path is a
405 with an \`Allow\` header; an unexpected failure is a 500 \`{"detail": "A server error occurred."}\`.

**Pagination.** Lists that return an object are paged with \`page\` (1-based) and \`page_size\`
(default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}) in the envelope \`{count, next, previous, results}\`.

**Webhooks.** Subscriptions (\`/api/webhook-subscription\`) receive the events listed under *Webhooks*: a JSON
envelope \`{id, type, created_on, data}\` POSTed to the subscription's \`target\`.

${DELIVERY_POLICY}
`.trim();

const PAGE_PARAMS_DESCRIPTION = {
  page: 'A page number within the paginated result set (1-based). A non-integer or out-of-range page is a 404 '
    + '`{"detail": "Invalid page."}`.',
  page_size: `Number of results to return per page (default ${DEFAULT_PAGE_SIZE}; larger values than ${MAX_PAGE_SIZE} `
    + 'are clamped).',
};

const detail = (example: string) => ({ 'application/json': { schema: ref('DetailError'), example: { detail: example } } });

// While the server throttles (API_RATE_LIMIT), every authenticated answer carries these.
const RATE_LIMIT_HEADERS: Record<string, Record<string, unknown>> = {
  'X-RateLimit-Limit': {
    description: 'Requests the member may make per window (only while the server sets `API_RATE_LIMIT`).',
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left to the member in the current window, after this one.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the current window ends and the allowance is whole again.',
    schema: { type: 'integer', minimum: 1 },
  },
};
const rateLimitHeaderRefs = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const ERROR_RESPONSES: Record<string, Record<string, unknown>> = {
  BadRequest: {
    description: 'Validation failed (a map of field → messages), or the body could not be parsed (`detail`).',
    content: {
      'application/json': {
        schema: { oneOf: [ref('ValidationError'), ref('DetailError')] },
        examples: {
          validation: { summary: 'Field validation', value: { phone: ['This field is required.'], email: ['Enter a valid email address.'] } },
          parse: { summary: 'Unparseable body', value: { detail: 'JSON parse error - Unexpected token } in JSON at position 10' } },
        },
      },
    },
  },
  Unauthorized: {
    description: 'No `Authorization: Token <key>` header (or not of that form), or an unknown or revoked key.',
    headers: { 'WWW-Authenticate': { description: 'Always `Token`.', schema: { type: 'string', const: 'Token' } } },
    content: {
      'application/json': {
        schema: ref('DetailError'),
        examples: {
          missing: { summary: 'No credentials', value: { detail: 'Authentication credentials were not provided.' } },
          invalid: { summary: 'Unknown or revoked key', value: { detail: 'Invalid token.' } },
        },
      },
    },
  },
  PermissionDenied: {
    description: 'The member\'s role may not perform this action.',
    content: detail('You do not have permission to perform this action.'),
  },
  NotFound: {
    description: 'The resource does not exist or belongs to another account (or, for a list, the page is out of range).',
    content: detail('Not found.'),
  },
  MethodNotAllowed: {
    description: 'The method is not served on this path.',
    headers: { Allow: { description: 'The methods served on the path.', schema: { type: 'string' } } },
    content: detail('Method "DELETE" not allowed.'),
  },
  PayloadTooLarge: { description: 'The body is over the size limit.', content: detail('Request body exceeds the limit of 2 MB.') },
  UnsupportedMediaType: {
    description: 'The `Content-Type` of the body is not accepted.',
    content: detail('Unsupported media type "application/xml" in request.'),
  },
  Throttled: {
    description: 'The member has spent this window\'s allowance of requests (only when the server sets `API_RATE_LIMIT`; '
      + 'a member\'s keys and dashboard session share one allowance). While throttling is on, every authenticated '
      + 'answer carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds until the window ends).',
    headers: {
      'Retry-After': { description: 'Seconds until the next window.', schema: { type: 'integer', minimum: 1 } },
      ...rateLimitHeaderRefs,
    },
    content: detail('Request was throttled. Expected available in 42 seconds.'),
  },
  ServerError: { description: 'Unexpected failure; never a stack trace.', content: detail('A server error occurred.') },
};

const ERROR_NAMES: Record<ErrorStatus, string> = {
  400: 'BadRequest', 401: 'Unauthorized', 403: 'PermissionDenied', 404: 'NotFound', 413: 'PayloadTooLarge', 415: 'UnsupportedMediaType',
  429: 'Throttled',
};

function pascal(id: string): string {
  return id.split(/[_\W]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

type Collected = { output: Map<string, z.ZodType>; input: Map<string, z.ZodType> };

function addComponent(map: Map<string, z.ZodType>, name: string, schema: z.ZodType): void {
  const existing = map.get(name);
  if (existing && existing !== schema) throw new Error(`OpenAPI: two different schemas are named ${name}`);
  map.set(name, schema);
}

/** JSON Schema of a response body: a `$ref` to its component (named, or named after the operation). */
function responseSchema(op: Operation, status: number, schema: z.ZodType, collected: Collected): JsonSchema {
  const name = componentName(schema);
  if (name) return ref(name);
  if (schema instanceof z.ZodArray) {
    const item = componentName(schema.element as z.ZodType);
    if (item) return { type: 'array', items: ref(item) };
  }
  const derived = `${pascal(op.operationId)}${status === 200 || status === 201 ? '' : status}Response`;
  addComponent(collected.output, derived, schema);
  return ref(derived);
}

function pathParameters(op: Operation) {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const declared = Object.keys(op.params ?? {});
  if (names.join() !== declared.join()) {
    throw new Error(`OpenAPI: ${op.operationId} path parameters ${names} do not match params ${declared}`);
  }
  return Object.entries(op.params ?? {}).map(([name, p]) => ({
    name,
    in: 'path',
    required: true,
    description: p.description,
    schema: p.kind === 'uuid'
      ? { type: 'string', format: 'uuid' }
      : { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  }));
}

function queryParameters(op: Operation) {
  const out: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  if (op.query) {
    const json = toJsonSchema(op.query, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = schema;
      out.push({
        name, in: 'query', required: required.has(name),
        description: op.queryDescriptions?.[name] ?? description,
        schema: rest,
      });
      seen.add(name);
    }
  }
  if (op.paginated) {
    for (const name of ['page', 'page_size'] as const) {
      if (seen.has(name)) continue;
      out.push({ name, in: 'query', required: false, description: PAGE_PARAMS_DESCRIPTION[name], schema: { type: 'integer', minimum: 1 } });
    }
  }
  return out;
}

function errorStatuses(op: Operation): ErrorStatus[] {
  const out = new Set<ErrorStatus>(op.errors ?? []);
  if (op.auth !== false) {
    out.add(401);
    out.add(429);
  }
  if (op.roles) out.add(403);
  if (op.params && Object.keys(op.params).length) out.add(404);
  if (op.paginated) out.add(404);
  if (op.query) out.add(400);
  if (op.body && isJsonBody(op.body)) {
    out.add(400);
    out.add(413);
    out.add(415);
  }
  return [...out].sort((a, b) => a - b);
}

function buildResponse(op: Operation, status: number, spec: ResponseSpec, collected: Collected, moreHeaders: Record<string, unknown> = {}) {
  const content: Record<string, unknown> = { ...(spec.content ?? {}) };
  if (spec.schema) content['application/json'] = { schema: responseSchema(op, status, spec.schema, collected) };
  const headers = { ...(spec.headers ?? {}), ...moreHeaders };
  return {
    description: spec.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

function buildOperation(op: Operation, collected: Collected): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(op.responses)) {
    const success = status.startsWith('2') && op.auth !== false;
    responses[status] = buildResponse(op, Number(status), spec, collected, success ? rateLimitHeaderRefs : {});
  }
  for (const status of errorStatuses(op)) responses[String(status)] ??= responseRef(ERROR_NAMES[status]);

  let requestBody: Record<string, unknown> | undefined;
  if (op.body && isJsonBody(op.body)) {
    addComponent(collected.input, op.body.name, op.body.schema);
    requestBody = {
      required: op.body.required ?? true,
      ...(op.body.description ? { description: op.body.description } : {}),
      content: { 'application/json': { schema: ref(op.body.name), ...(op.body.example ? { example: op.body.example } : {}) } },
    };
  } else if (op.body) {
    requestBody = {
      required: op.body.required ?? true,
      description: op.body.description,
      content: { [op.body.contentType]: { schema: op.body.schema, ...(op.body.example ? { example: op.body.example } : {}) } },
    };
  }

  let description = op.description ?? '';
  if (op.roles) description = `${description}\n\nRoles: ${op.roles.join(', ')}.`.trim();
  const parameters = [...pathParameters(op), ...queryParameters(op)];
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(description ? { description } : {}),
    tags: op.tags,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(op.auth === false ? { security: [] } : {}),
    ...(op.deprecated ? { deprecated: true } : {}),
  };
}

/**
 * The top-level \`webhooks\` of OpenAPI 3.1: one POST per event type, as the server sends it to a
 * subscription's target (payload, signature headers, what the receiver's answer means).
 */
function buildWebhooks(events: WebhookEventDoc[], operationIds: Set<string>): OpenApiDocument['webhooks'] {
  const out: OpenApiDocument['webhooks'] = {};
  for (const event of events) {
    const name = componentName(event.payload);
    if (!name) throw new Error(`OpenAPI: the payload of the ${event.type} webhook must be a named schema`);
    const operationId = `webhook_${event.type.replace(/\W+/g, '_')}`;
    if (operationIds.has(operationId)) throw new Error(`OpenAPI: duplicate operationId ${operationId}`);
    operationIds.add(operationId);
    out[event.type] = {
      post: {
        operationId,
        summary: event.summary,
        description: event.description,
        tags: ['Webhook subscriptions'],
        parameters: WEBHOOK_HEADERS.map((h) => ({ in: 'header', ...h })),
        requestBody: {
          required: true,
          description: `The event, as JSON (\`Content-Type: application/json\`, \`User-Agent: Engage-Webhooks/1.0\`). `
            + 'Verify the signature over the raw bytes before parsing.',
          content: { 'application/json': { schema: ref(name), ...(event.example ? { example: event.example } : {}) } },
        },
        responses: WEBHOOK_RESPONSES,
        security: [],
      },
    };
  }
  return out;
}

export function buildOpenApiDocument(
  resources: ResourceDoc[] = allResources, events: WebhookEventDoc[] = webhookEventDocs,
): OpenApiDocument {
  const collected: Collected = { output: responseComponents(), input: new Map() };
  addComponent(collected.output, 'DetailError', DetailError);
  addComponent(collected.output, 'ValidationError', ValidationError);

  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  const tagNames = new Set<string>();
  for (const resource of resources) resource.tags.forEach((t) => tagNames.add(t.name));
  for (const op of resources.flatMap((r) => r.operations)) {
    if (operationIds.has(op.operationId)) throw new Error(`OpenAPI: duplicate operationId ${op.operationId}`);
    operationIds.add(op.operationId);
    for (const tag of op.tags) if (!tagNames.has(tag)) throw new Error(`OpenAPI: ${op.operationId} uses undeclared tag ${tag}`);
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`OpenAPI: ${op.method.toUpperCase()} ${op.path} is registered twice`);
    item[op.method] = buildOperation(op, collected);
  }

  // Request and response schemas share names in one namespace; a clash would silently overwrite.
  for (const name of collected.input.keys()) {
    if (collected.output.has(name)) throw new Error(`OpenAPI: ${name} is both a request and a response schema`);
  }
  const schemas = { ...toComponents(collected.output, 'output'), ...toComponents(collected.input, 'input') };
  const webhooks = buildWebhooks(events, operationIds);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Engage API',
      version: '1.0.0',
      description: DESCRIPTION,
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: resources.flatMap((r) => r.tags),
    paths,
    webhooks,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses: ERROR_RESPONSES,
      headers: RATE_LIMIT_HEADERS,
      securitySchemes: {
        Token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The word `Token`, a space, and the API key: `Authorization: Token <key>`. Keys are created at '
            + '`/dev/api-keys` in the dashboard. In the interactive reference, enter `Token <key>` as the value.',
        },
      },
    },
    security: [{ Token: [] }],
  };
}

let cached: OpenApiDocument | undefined;
let cachedJson: string | undefined;

/** Built once per process: the document depends only on the code. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}

export function openApiJson(): string {
  return (cachedJson ??= JSON.stringify(openApiDocument()));
}

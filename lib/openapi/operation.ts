import type { z } from 'zod';
import type { Role } from '@/lib/auth/member';
import type { JsonSchema } from './json-schema';

// One registration per operation: lib/openapi/operations/<resource>.ts exports a `ResourceDoc`
// (its tags and operations) and operations/index.ts lists the resources. The builder derives the
// path parameters, pagination parameters, security and DRF error responses from these fields.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Same kinds as the `params` of `endpoint()` in lib/api/handler.ts: a malformed id is a 404. */
export type PathParam = { kind: 'uuid' | 'int'; description: string };

export type JsonBody = {
  /** The zod schema the route validates the body with; converted with io 'input'. */
  schema: z.ZodType;
  /** Component name, e.g. `ContactUpsertRequest`. */
  name: string;
  required?: boolean;
  description?: string;
  example?: unknown;
};

export type RawBody = {
  contentType: string;
  schema: JsonSchema;
  description: string;
  example?: string;
  required?: boolean;
};

export type ResponseSpec = {
  description: string;
  /** JSON body: a named response schema (lib/openapi/schemas), or an array of one. */
  schema?: z.ZodType;
  /** Other media types (text/csv, text/html). */
  content?: Record<string, { schema: JsonSchema; example?: unknown }>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
};

/** Error statuses with a shared DRF body in `components.responses`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 415 | 429;

export type Operation = {
  method: HttpMethod;
  /** OpenAPI path, e.g. `/api/contact/{id}`; the route also answers with a trailing slash. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Defaults to true: `Authorization: Token <key>` required, 401 documented. */
  auth?: boolean;
  /** Roles allowed (as in `endpoint({roles})`); documents a 403. */
  roles?: Role[];
  params?: Record<string, PathParam>;
  /** The route's query schema (z.object); each property becomes a query parameter. */
  query?: z.ZodObject;
  queryDescriptions?: Record<string, string>;
  /** Page-number pagination: adds `page` and `page_size` and the 404 `Invalid page.`. */
  paginated?: boolean;
  body?: JsonBody | RawBody;
  responses: Record<number, ResponseSpec>;
  /** Error statuses the builder cannot derive from the fields above. */
  errors?: ErrorStatus[];
  deprecated?: boolean;
};

/** A 200 that is a CSV download (csvAttachment in lib/api/handler.ts): `what` it holds, an example, the file's name. */
export function csvDownload(what: string, example: string, filename: string): ResponseSpec {
  return {
    description: `CSV (UTF-8 with a byte-order mark), sent as an attachment: ${what}`,
    content: { 'text/csv': { schema: { type: 'string' }, example } },
    headers: { 'Content-Disposition': { description: `\`attachment; filename="${filename}"\``, schema: { type: 'string' } } },
  };
}

export type TagDoc = { name: string; description: string };

export type ResourceDoc = { tags: TagDoc[]; operations: Operation[] };

export function isJsonBody(body: JsonBody | RawBody): body is JsonBody {
  return 'name' in body;
}

import { z } from 'zod';
import { boolish, tagList, userRefList } from '@/lib/validation/fields';
import { contactTagList, metaSchema, notesSchema, TAGS_MAX } from '@/lib/contacts/validation';

// zod → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) for the document at /api/schema.
// Request bodies are converted with io 'input' (what a client may send), responses with 'output'.
// A few request field types normalise their input with z.preprocess/transform; their JSON Schema
// is described here by identity, so the runtime schemas in lib/validation and lib/contacts stay
// exactly as they are.

export type JsonSchema = { [key: string]: unknown };
export type Io = 'input' | 'output';

const FORM_BOOLEANS = '"true"/"false", "1"/"0", "on"/"off" and "yes"/"no" (any case) are accepted too, for form bodies';

function describeTags(json: JsonSchema) {
  json.description = 'Tags by name, `[{"name": "vip"}]` (plain strings are accepted too); 1 to 100 characters '
    + 'after trimming. Unknown names create the tag.';
  json.example = [{ name: 'vip' }];
}

const described = new Map<z.ZodType, (json: JsonSchema) => void>([
  [boolish, (json) => {
    json.type = 'boolean';
    json.description = `A boolean; ${FORM_BOOLEANS}.`;
  }],
  [metaSchema as z.ZodType, (json) => {
    json.description = 'Free-form attributes. Every value is stored as a string (numbers and booleans as their text, '
      + 'objects and arrays as JSON); `null` removes the key when merging.';
    json.additionalProperties = { description: 'Any JSON value; stored as a string.' };
    json.example = { plan: 'gold', visits: '3' };
  }],
  [notesSchema as z.ZodType, (json) => {
    json.description = 'Notes as one string, a list of strings, or the response form `[{"id"?, "notes"}]` '
      + '(an `id` keeps an existing note). Blank notes are dropped.';
    json.example = [{ notes: 'Prefers WhatsApp' }];
  }],
  [tagList, describeTags],
  [contactTagList, (json) => {
    describeTags(json);
    json.description += ` At most ${TAGS_MAX} in one request.`;
  }],
  [userRefList, (json) => {
    json.description = 'Account members by id, `[{"id": 3}]` (plain ids are accepted too).';
    json.example = [{ id: 1 }];
  }],
]);

const REDUNDANT_PATTERN_FORMATS = new Set(['date-time', 'email', 'uuid', 'uri']);
const SAFE = Number.MAX_SAFE_INTEGER;

function override(io: Io) {
  return (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
    const schema = ctx.zodSchema as z.ZodType;
    const json = ctx.jsonSchema;
    if (io === 'input') described.get(schema)?.(json);
    const def = (schema as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def;
    // zod drops the default of a `.default()` wrapped around a preprocess pipe (boolish).
    if (def.type === 'default' && !('default' in json)) json.default = def.defaultValue;
  };
}

/** Removes what zod emits that is noise or invalid in OpenAPI components, in place. */
function tidy(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(tidy);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const json = node as JsonSchema;
  delete json.$schema;
  // `$id` values like "#/components/schemas/X" are not valid ids (fragment) and are implied by the key.
  delete json.$id;
  // zod's own regexes for formats it validates: the `format` says it, the regex is an implementation detail.
  if (typeof json.format === 'string' && REDUNDANT_PATTERN_FORMATS.has(json.format)) delete json.pattern;
  if (json.type === 'integer') {
    if (json.minimum === -SAFE) delete json.minimum;
    if (json.maximum === SAFE) delete json.maximum;
  }
  // Responses may gain fields over time; a closed object would make that a breaking change.
  if (json.additionalProperties === false) delete json.additionalProperties;
  for (const value of Object.values(json)) tidy(value);
}

/**
 * Converts named zod schemas to `components.schemas` entries; a named schema used inside another
 * becomes a `$ref`, so shared shapes (ShortUser, Tag, Note) are written once.
 */
export function toComponents(named: Map<string, z.ZodType>, io: Io): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override: override(io),
  }) as { schemas: Record<string, JsonSchema> };
  if ('__shared' in schemas) {
    throw new Error('OpenAPI: a recursive schema must be named (give it its own component) so it can be referenced');
  }
  tidy(schemas);
  return schemas;
}

/** One schema on its own (query parameters): inline, no component references. */
export function toJsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12', io, unrepresentable: 'any', override: override(io),
  }) as JsonSchema;
  tidy(json);
  return json;
}

import type { z } from 'zod';

// Response schemas are named once, where they are defined; the document builder turns every named
// schema into `components.schemas[name]` and references it from operations and other schemas.

const byName = new Map<string, z.ZodType>();
const byShape = new WeakMap<z.ZodType, string>();

export function named<T extends z.ZodType>(name: string, schema: T): T {
  const existing = byName.get(name);
  if (existing && existing !== schema) throw new Error(`OpenAPI: two response schemas are named ${name}`);
  byName.set(name, schema);
  byShape.set(schema, name);
  return schema;
}

export function responseComponents(): Map<string, z.ZodType> {
  return new Map(byName);
}

export function componentName(schema: z.ZodType): string | undefined {
  return byShape.get(schema);
}

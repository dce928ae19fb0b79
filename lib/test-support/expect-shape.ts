import { expect } from 'vitest';
import { z } from 'zod';

// Test-only. A documented response schema must have exactly a serialized value's keys and accept it.

/** The object schema's keys, sorted. */
export function keysOf(schema: z.ZodType): string[] {
  expect(schema).toBeInstanceOf(z.ZodObject);
  return Object.keys((schema as z.ZodObject).shape).sort();
}

export function expectShape(schema: z.ZodType, value: unknown): void {
  expect(Object.keys(value as object).sort()).toEqual(keysOf(schema));
  const parsed = schema.safeParse(value);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
}

/**
 * The schema with every object in it strict (an unknown key is an error), however deeply nested:
 * `.strict()` alone covers the top level only, where zod strips unknown keys of nested objects.
 */
export function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, strictly(field as z.ZodType)]));
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodRecord) return z.record(schema.keyType as z.ZodString, strictly(schema.valueType as z.ZodType));
  if (schema instanceof z.ZodUnion) return z.union((schema.options as z.ZodType[]).map(strictly));
  if (schema instanceof z.ZodLazy) return z.lazy(() => strictly(schema.unwrap() as z.ZodType));
  return schema;
}

/**
 * A serialized value against its response schema, strictly: a missing field, an extra one (at any
 * depth) or a value of another type fails, with zod's list of what is wrong.
 */
export function expectStrictShape(schema: z.ZodType, value: unknown, what = 'value'): void {
  const parsed = strictly(schema).safeParse(value);
  expect(parsed.success, `${what}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
}

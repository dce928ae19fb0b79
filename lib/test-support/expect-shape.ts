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

import type { z } from 'zod';

// A form sends a list as a field repeated, so a list of one is a field given once: the fields a
// body schema reads as lists are named here, for the form reader (body.ts) to make such a field a
// one-item list, as DRF's form parsing does.

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under wrappers that do not change its kind (optional, default, a pipe's input …). */
function unwrapped(schema: z.ZodType): z.ZodType {
  for (let s = schema, depth = 0; depth < 20; depth++) {
    const def = defOf(s);
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
  return schema;
}

const cache = new WeakMap<z.ZodType, ReadonlySet<string>>();

/** The top-level fields of an object body schema that take only a list. */
export function listFields(schema: z.ZodType): ReadonlySet<string> {
  let names = cache.get(schema);
  if (!names) {
    const root = defOf(unwrapped(schema));
    const shape = root.type === 'object' ? root.shape ?? {} : {};
    names = new Set(Object.entries(shape).filter(([, field]) => defOf(unwrapped(field)).type === 'array').map(([name]) => name));
    cache.set(schema, names);
  }
  return names;
}

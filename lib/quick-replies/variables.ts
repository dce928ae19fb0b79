// Quick-reply variables: `{{contact.first_name}}`, any contact field or meta key
// (`{{contact.city}}` reads meta when no field has that name), and `{{agent.first_name}}`.
// Filled in the browser when the agent inserts the snippet, so the agent sees and can edit the text.

export const VARIABLE = /\{\{\s*([a-zA-Z_][\w.-]*)\s*\}\}/g;
const ROOTS = ['contact', 'agent'];

/** Variable names that name neither a contact's nor an agent's value. */
export function unknownVariables(body: string): string[] {
  return [...body.matchAll(VARIABLE)].map((m) => m[1]).filter((name) => {
    const [root, ...rest] = name.split('.');
    return !ROOTS.includes(root) || rest.length === 0 || rest.some((p) => !p);
  });
}

export type FillContext = {
  contact: Record<string, unknown> & { meta?: Record<string, unknown> };
  agent?: Record<string, unknown>;
};

function text(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function lookup(name: string, ctx: FillContext): string | undefined {
  const [root, ...path] = name.split('.');
  if (root === 'agent') return text(ctx.agent?.[path.join('.')]);
  if (root !== 'contact') return undefined;
  const key = path.join('.');
  if (key.startsWith('meta.')) return text(ctx.contact.meta?.[key.slice(5)]);
  if (key !== 'meta' && key in ctx.contact) return text(ctx.contact[key]);
  return text(ctx.contact.meta?.[key]);
}

/** The snippet with each variable replaced by its value; an unknown or empty one becomes ''. */
export function fillVariables(body: string, ctx: FillContext): string {
  return body.replace(VARIABLE, (_, name: string) => lookup(name, ctx) ?? '');
}

import { asText, lookupVariable, parseVariable } from '@/lib/flows/variables';

// Quick-reply variables: `{{contact.first_name}}`, any contact field or meta key
// (`{{contact.city}}` reads meta when no field has that name), and `{{agent.first_name}}`;
// `{{contact.first_name | there}}` gives the text to use when the value is missing or empty, as in
// flows. Filled in the browser when the agent inserts the snippet, so the agent sees and can edit
// the text.

export const VARIABLE = /\{\{\s*([a-zA-Z_][\w.-]*\s*(?:\|[^{}]*)?)\}\}/g;
const ROOTS = ['contact', 'agent'];

/** Variable names that name neither a contact's nor an agent's value. */
export function unknownVariables(body: string): string[] {
  return [...body.matchAll(VARIABLE)].map((m) => parseVariable(m[1]).name).filter((name) => {
    const [root, ...rest] = name.split('.');
    return !ROOTS.includes(root) || rest.length === 0 || rest.some((p) => !p);
  });
}

export type FillContext = {
  contact: Record<string, unknown> & { meta?: Record<string, unknown> };
  agent?: Record<string, unknown>;
};

// `{{contact.*}}` is read as a flow step reads it (a field, else a meta key; lib/flows/variables.ts).
function lookup(name: string, ctx: FillContext): unknown {
  const [root, ...path] = name.split('.');
  if (root === 'agent') return ctx.agent?.[path.join('.')];
  return root === 'contact' ? lookupVariable(name, { contact: ctx.contact, steps: {}, flowVariables: {} }) : undefined;
}

/** The snippet with each variable replaced by its value; an unknown or empty one becomes its fallback, else ''. */
export function fillVariables(body: string, ctx: FillContext): string {
  return body.replace(VARIABLE, (_, inner: string) => {
    const { name, fallback } = parseVariable(inner);
    return asText(lookup(name, ctx)) || (fallback ?? '');
  });
}

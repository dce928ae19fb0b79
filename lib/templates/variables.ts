// Template placeholders ({{1}}, {{2}} … or named {{name}}) as the Cloud API defines them. A
// template's `components` is the Cloud API's components array; the variables of a send are
// assigned in order: HEADER text, then BODY text, then each URL button's url.

export type TemplateButton = { type: string; text?: string; url?: string; phone_number?: string };
export type TemplateComponent = {
  type: string;
  format?: string;
  text?: string;
  buttons?: TemplateButton[];
  [key: string]: unknown;
};

/** One group of parameters of a send: a wire component that carries parameters. */
type Slot = { type: 'header' | 'body' | 'button'; index?: number; count: number; names: string[] };

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function placeholders(text: string | undefined): string[] {
  const seen: string[] = [];
  for (const m of (text ?? '').matchAll(PLACEHOLDER)) if (!seen.includes(m[1])) seen.push(m[1]);
  // Positional placeholders go by number, whatever order the text uses them in.
  return seen.every((n) => /^\d+$/.test(n)) ? seen.sort((a, b) => Number(a) - Number(b)) : seen;
}

/**
 * What is wrong with a text's placeholders for the provider, or null: numbered ones run from {{1}}
 * without a gap, and one text does not mix them with named ones.
 */
export function placeholderProblem(text: string | undefined): string | null {
  const names = placeholders(text);
  const numbered = names.filter((n) => /^\d+$/.test(n));
  if (numbered.length && numbered.length !== names.length) return 'Use numbered variables ({{1}}, {{2}} …) or named ones, not both.';
  const missing = numbered.map((_, i) => String(i + 1)).find((n) => !numbered.includes(n));
  return missing ? `Number the variables from {{1}} without gaps: {{${missing}}} is missing.` : null;
}

export function componentList(components: unknown): TemplateComponent[] {
  return Array.isArray(components) ? components.filter((c): c is TemplateComponent => Boolean(c) && typeof c === 'object') : [];
}

function slots(components: unknown): Slot[] {
  const list = componentList(components);
  const out: Slot[] = [];
  const of = (type: string) => list.find((c) => String(c.type).toUpperCase() === type);
  const header = of('HEADER');
  if (header && (header.format ?? 'TEXT').toUpperCase() === 'TEXT') {
    const names = placeholders(header.text);
    if (names.length) out.push({ type: 'header', count: names.length, names });
  }
  const body = of('BODY');
  const bodyNames = placeholders(body?.text);
  if (bodyNames.length) out.push({ type: 'body', count: bodyNames.length, names: bodyNames });
  for (const [index, button] of (of('BUTTONS')?.buttons ?? []).entries()) {
    if (String(button.type).toUpperCase() !== 'URL') continue;
    const names = placeholders(button.url);
    if (names.length) out.push({ type: 'button', index, count: names.length, names });
  }
  return out;
}

/** The texts of the template's quick-reply buttons, in order: what a tap on one answers. */
export function quickReplies(components: unknown): string[] {
  const buttons = componentList(components).find((c) => String(c.type).toUpperCase() === 'BUTTONS')?.buttons ?? [];
  return buttons.filter((b) => String(b.type).toUpperCase() === 'QUICK_REPLY' && typeof b.text === 'string').map((b) => b.text!.trim());
}

/** Whether the template's placeholders are named ({{first_name}}) rather than numbered. */
export function namedPlaceholders(components: unknown): boolean {
  return slots(components).some((s) => s.names.some((n) => !/^\d+$/.test(n)));
}

/** How many values `variables` must carry for this template. */
export function variableCount(components: unknown): number {
  return slots(components).reduce((n, s) => n + s.count, 0);
}

/** Why `given` values do not fit this template's variables, or null when their number is right. */
export function variableCountProblem(components: unknown, given: number): string | null {
  const needed = variableCount(components);
  return given === needed ? null : `This template needs exactly ${needed} variable${needed === 1 ? '' : 's'}; ${given} given.`;
}

function fill(text: string, names: string[], values: string[]): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const i = names.indexOf(name);
    return i >= 0 && values[i] !== undefined ? values[i] : whole;
  });
}

/**
 * Why this template cannot be sent from here, or null: a media header needs a file with every send,
 * which no send here carries, and the provider refuses the send without it.
 */
export function sendProblem(components: unknown): string | null {
  const header = componentList(components).find((c) => String(c.type).toUpperCase() === 'HEADER');
  const format = String(header?.format ?? 'TEXT').toUpperCase();
  return header && format !== 'TEXT'
    ? `This template has a${format === 'IMAGE' ? 'n' : ''} ${format} header, which needs a file with every send; it cannot be sent from here.`
    : null;
}

/** The `template.components` of a Cloud API send, with the variables in order. */
export function wireComponents(components: unknown, variables: string[]): object[] {
  const out: object[] = [];
  let at = 0;
  for (const slot of slots(components)) {
    const values = variables.slice(at, at + slot.count);
    at += slot.count;
    const parameters = values.map((text, i) => {
      const named = !/^\d+$/.test(slot.names[i]);
      return named ? { type: 'text', parameter_name: slot.names[i], text } : { type: 'text', text };
    });
    if (slot.type === 'button') out.push({ type: 'button', sub_type: 'url', index: String(slot.index), parameters });
    else out.push({ type: slot.type, parameters });
  }
  // An authentication template's code button (copy code, one tap) carries the code, which is the
  // body's first value, as the provider requires.
  const buttons = componentList(components).find((c) => String(c.type).toUpperCase() === 'BUTTONS')?.buttons ?? [];
  const code = variables[slots(components).filter((s) => s.type === 'header').reduce((n, s) => n + s.count, 0)];
  buttons.forEach((button, index) => {
    if (String(button.type).toUpperCase() === 'OTP' && code !== undefined) {
      out.push({ type: 'button', sub_type: 'url', index: String(index), parameters: [{ type: 'text', text: code }] });
    }
  });
  return out;
}

/** The message as the contact reads it: header, body and footer with the variables filled in. */
export function renderTemplate(components: unknown, variables: string[]): string {
  const list = componentList(components);
  const filled = new Map<string, string>();
  let at = 0;
  for (const slot of slots(components)) {
    const values = variables.slice(at, at + slot.count);
    at += slot.count;
    const c = slot.type === 'button' ? undefined : list.find((x) => String(x.type).toLowerCase() === slot.type);
    if (c?.text) filled.set(slot.type, fill(c.text, slot.names, values));
  }
  const parts: string[] = [];
  for (const type of ['HEADER', 'BODY', 'FOOTER']) {
    const c = list.find((x) => String(x.type).toUpperCase() === type);
    if (c?.text && (type !== 'HEADER' || (c.format ?? 'TEXT').toUpperCase() === 'TEXT')) {
      parts.push(filled.get(type.toLowerCase()) ?? c.text);
    }
  }
  return parts.join('\n\n');
}

/** The `template` object of a Cloud API send. */
export function wireTemplate(t: { name: string; language: string; components: unknown }, variables: string[]) {
  const components = wireComponents(t.components, variables);
  return { name: t.name, language: { code: t.language }, ...(components.length ? { components } : {}) };
}

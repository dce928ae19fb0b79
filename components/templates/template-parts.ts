import { componentList, renderTemplate, variableCount, type TemplateComponent } from '@/lib/templates/variables';

// The parts of a template as the preview shows them, built only from the server's own placeholder
// logic (lib/templates/variables.ts): variables are numbered as the send expects them — header
// text, then body text, then each URL button's url.

/** A value a template takes: its place among all of them, its part, and its number within that part (as the part's text writes it). */
export type VariableSlot = { index: number; part: string; local: number };
export type PreviewButton = { type: string; text: string; url?: string; phone?: string };
export type Preview = {
  header: { format: string; text?: string } | null;
  body: string | null;
  footer: string | null;
  buttons: PreviewButton[];
};

const find = (list: TemplateComponent[], type: string) => list.find((c) => String(c.type).toUpperCase() === type);
const isTextHeader = (h: TemplateComponent) => (h.format ?? 'TEXT').toUpperCase() === 'TEXT';

/** One label per variable of the send, in order. */
export function variableSlots(components: unknown): VariableSlot[] {
  const list = componentList(components);
  const out: VariableSlot[] = [];
  const add = (n: number, part: string) => {
    for (let i = 0; i < n; i++) out.push({ index: out.length, part, local: i + 1 });
  };
  const header = find(list, 'HEADER');
  if (header && isTextHeader(header)) add(variableCount([header]), 'header');
  const body = find(list, 'BODY');
  if (body) add(variableCount([body]), 'body');
  (find(list, 'BUTTONS')?.buttons ?? []).forEach((b, i) => add(variableCount([{ type: 'BUTTONS', buttons: [b] }]), `button ${i + 1} URL`));
  return out;
}

/**
 * Header, body, footer and buttons with `values` filled in; a blank value leaves its placeholder
 * showing (renderTemplate keeps a placeholder whose value is missing).
 */
export function preview(components: unknown, values: string[]): Preview {
  const list = componentList(components);
  const shown = values.map((v) => (v === '' ? undefined : v)) as string[];
  let at = 0;
  const take = (component: TemplateComponent): string => {
    const n = variableCount([component]);
    const text = renderTemplate([component], shown.slice(at, at + n));
    at += n;
    return text;
  };
  const h = find(list, 'HEADER');
  const header = h ? (isTextHeader(h) ? { format: 'TEXT', text: take(h) } : { format: String(h.format).toUpperCase() }) : null;
  const b = find(list, 'BODY');
  const body = b ? take(b) : null;
  const f = find(list, 'FOOTER');
  const footer = f?.text ? renderTemplate([f], []) : null;
  const buttons = (find(list, 'BUTTONS')?.buttons ?? []).map((btn): PreviewButton => {
    const type = String(btn.type).toUpperCase();
    if (type !== 'URL' || !btn.url) return { type, text: btn.text ?? '', phone: btn.phone_number };
    const n = variableCount([{ type: 'BUTTONS', buttons: [btn] }]);
    // A URL button's placeholders fill the same way as body text.
    const url = renderTemplate([{ type: 'BODY', text: btn.url }], shown.slice(at, at + n));
    at += n;
    return { type, text: btn.text ?? '', url };
  });
  return { header, body, footer, buttons };
}

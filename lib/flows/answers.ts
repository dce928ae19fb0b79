import { canonicalizePhone } from '@/lib/phone/canonicalize';
import type { StepInput } from './validation';

// Checking a contact's answer to a QUESTION (or MENU): the value to store, or why it is refused.
// Options match by the id of a tapped button or list row, their title (case- and accent-insensitive)
// or their number in the list.

export type InboundReply = { id: string; body: string; msgType: string; content?: Record<string, unknown>; location?: unknown };

export type Checked = { ok: true; value: unknown; option?: number } | { ok: false; reason: string };

export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

const MEDIA = ['image', 'document', 'audio', 'video', 'sticker'];
const EMOJI_NUMBERS = ['1️⃣', '2️⃣', '3️⃣', '4️⃣', '5️⃣', '6️⃣', '7️⃣', '8️⃣', '9️⃣', '🔟'];

/** How the options are written under the question. */
export function optionLines(step: Pick<StepInput, 'answer_options' | 'answer_options_render'>): string {
  return step.answer_options.map((o, i) => (step.answer_options_render === 'EMOJIS' ? `${EMOJI_NUMBERS[i]} ${o}` : `${i + 1}. ${o}`)).join('\n');
}

/** An option's id on an interactive message: the step's and the option's, so a tap on an older question's button is not taken for this one's. */
export function optionId(stepId: number, index: number): string {
  return `flow.${stepId}.${index}`;
}

type Tap = { id?: string; title?: string };

const TAP_ID = /^flow\.(\d+)\.(\d+)$/;

function tapOf(reply: InboundReply): Tap | undefined {
  const interactive = (reply.content as { interactive?: { button_reply?: Tap; list_reply?: Tap } } | undefined)?.interactive;
  return interactive?.button_reply ?? interactive?.list_reply;
}

/** A tap on a button or list row of another step's message (pressed twice, or late): no answer to this step. */
export function isOtherStepsTap(stepId: number | undefined, reply: InboundReply): boolean {
  const tap = tapOf(reply);
  const m = typeof tap?.id === 'string' ? tap.id.match(TAP_ID) : null;
  return m !== null && Number(m[1]) !== stepId;
}

/** The option a tapped button or list row selects (Cloud `interactive.button_reply` / `list_reply`), or -1. */
export function tappedOption(stepId: number, reply: InboundReply, options?: string[]): number {
  const tap = tapOf(reply);
  const m = typeof tap?.id === 'string' ? tap.id.match(TAP_ID) : null;
  if (!m || Number(m[1]) !== stepId) return -1;
  // Options read from a variable may differ from one asking to the next: a tap on an earlier
  // message counts by its id only while the option there still has the title tapped.
  const i = Number(m[2]);
  return options && typeof tap?.title === 'string' && fold(options[i] ?? '') !== fold(tap.title) ? -1 : i;
}

export function matchOption(options: string[], reply: string): number {
  const text = fold(reply);
  const byTitle = options.findIndex((o) => fold(o) === text);
  if (byTitle >= 0) return byTitle;
  const emoji = EMOJI_NUMBERS.indexOf(reply.trim());
  if (emoji >= 0 && emoji < options.length) return emoji;
  const n = Number(text.replace(/[.)]$/, ''));
  return Number.isInteger(n) && n >= 1 && n <= options.length ? n - 1 : -1;
}

function checkNumber(step: StepInput, body: string): Checked {
  const text = body.trim().replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(text)) return { ok: false, reason: 'Not a number.' };
  const n = Number(text);
  if (!step.answer_allow_decimals && !Number.isInteger(n)) return { ok: false, reason: 'Not a whole number.' };
  if (step.answer_has_range) {
    if (step.answer_range_min !== '' && n < Number(step.answer_range_min)) return { ok: false, reason: `Below ${step.answer_range_min}.` };
    if (step.answer_range_max !== '' && n > Number(step.answer_range_max)) return { ok: false, reason: `Above ${step.answer_range_max}.` };
  }
  return { ok: true, value: n };
}

export function checkAnswer(step: StepInput & { id?: number }, reply: InboundReply, contactCountry: string): Checked {
  const body = reply.body ?? '';
  if (step.step_type === 'MENU' || step.answer_type === 'SINGLE_OPTION' || (step.answer_options.length && step.answer_type === 'ANY')) {
    const tapped = step.id === undefined ? -1 : tappedOption(step.id, reply, step.has_options_from_variable ? step.answer_options : undefined);
    const i = tapped >= 0 && tapped < step.answer_options.length ? tapped : matchOption(step.answer_options, body);
    if (i < 0) return step.answer_type === 'ANY' && step.step_type !== 'MENU' ? { ok: true, value: body } : { ok: false, reason: 'Not one of the options.' };
    return { ok: true, value: step.answer_options[i], option: i };
  }
  const trimmed = body.trim();
  switch (step.answer_type) {
    case 'ANY': return { ok: true, value: trimmed || reply.content || '' };
    case 'FREE_TEXT': return reply.msgType === 'text' && trimmed ? { ok: true, value: trimmed } : { ok: false, reason: 'Not text.' };
    case 'NUMBER': return checkNumber(step, trimmed);
    case 'EMAIL': return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? { ok: true, value: trimmed.toLowerCase() } : { ok: false, reason: 'Not an email address.' };
    case 'URL': return /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(trimmed) ? { ok: true, value: trimmed } : { ok: false, reason: 'Not a URL.' };
    case 'PHONE': {
      const p = canonicalizePhone(trimmed, step.answer_phone_default_country ?? contactCountry);
      return p.ok ? { ok: true, value: p.e164 } : { ok: false, reason: 'Not a phone number.' };
    }
    case 'DATE': {
      const m = trimmed.match(/^(\d{4})-(\d{2})-(\d{2})$/) ?? trimmed.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
      if (!m) return { ok: false, reason: 'Not a date (YYYY-MM-DD or DD/MM/YYYY).' };
      const [y, mo, d] = m[1].length === 4 ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
      const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
      return Number.isNaN(Date.parse(iso)) ? { ok: false, reason: 'Not a date.' } : { ok: true, value: iso };
    }
    case 'TIME': {
      const m = trimmed.match(/^(\d{1,2}):(\d{2})$/);
      return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? { ok: true, value: `${m[1].padStart(2, '0')}:${m[2]}` } : { ok: false, reason: 'Not a time (HH:MM).' };
    }
    case 'DATETIME': return Number.isNaN(Date.parse(trimmed)) ? { ok: false, reason: 'Not a date and time.' } : { ok: true, value: new Date(trimmed).toISOString() };
    case 'BOOL': {
      const t = fold(trimmed);
      if (['yes', 'y', 'si', 's', 'true', '1', 'ok'].includes(t)) return { ok: true, value: true };
      if (['no', 'n', 'false', '0'].includes(t)) return { ok: true, value: false };
      return { ok: false, reason: 'Not yes or no.' };
    }
    case 'FILE': return MEDIA.includes(reply.msgType) ? { ok: true, value: reply.content ?? {} } : { ok: false, reason: 'Not a file.' };
    case 'IMAGE': return reply.msgType === 'image' ? { ok: true, value: reply.content ?? {} } : { ok: false, reason: 'Not an image.' };
    case 'LOCATION': return reply.msgType === 'location' && reply.location ? { ok: true, value: reply.location } : { ok: false, reason: 'Not a location.' };
    default: return { ok: true, value: trimmed };
  }
}

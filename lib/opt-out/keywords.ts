import { z } from 'zod';

// Opt-out keywords: a message opts its contact out (or back in) when, once trimmed, stripped of the
// punctuation and emoji around it, its accents and its case, it is exactly one of the account's
// words. A sentence that merely contains "stop" does nothing: "stop sending me the wrong size" is a
// reply.

export const KEYWORDS_MAX = 20;
export const KEYWORD_MAX_LENGTH = 30;

/** A keyword as it is stored and shown: trimmed of the punctuation and emoji around it, upper-case, accents kept. */
export function keywordText(text: string): string {
  return text.normalize('NFC')
    // The invisible joiners and selectors that emoji and pasted text carry.
    .replace(/\p{Cf}+/gu, '')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .replace(/\s+/g, ' ').toUpperCase();
}

/** The form a keyword and a message are compared in: "¡Stop!", "stop 🛑" and "STOP" are the same word, "BÁSTA" and "basta" too. */
export function keywordForm(text: string): string {
  return keywordText(text.normalize('NFKD').replace(/\p{M}+/gu, ''));
}

/** A list of keywords: an array, or one text with commas or line breaks between them (a form field). */
export const keywordList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[,\n]/) : v),
  z.array(z.string()).max(100, `At most ${KEYWORDS_MAX} keywords.`),
).transform((list, ctx) => {
  const given = list.map((w) => w.trim()).filter(Boolean);
  // A comma inside a word would split it the next time the list is edited as text.
  const split = given.find((w) => /[,\n]/.test(w));
  if (split !== undefined) ctx.addIssue({ code: 'custom', message: `A keyword cannot hold a comma or a line break ("${split.slice(0, 40)}").` });
  const blank = given.find((w) => !/[\p{L}\p{N}]/u.test(keywordForm(w)));
  if (blank !== undefined) ctx.addIssue({ code: 'custom', message: `A keyword needs a letter or a digit: "${blank.slice(0, 40)}" has none.` });
  const long = given.find((w) => keywordText(w).length > KEYWORD_MAX_LENGTH);
  if (long) ctx.addIssue({ code: 'custom', message: `A keyword has at most ${KEYWORD_MAX_LENGTH} characters ("${long.slice(0, 40)}${long.length > 40 ? '…' : ''}" has ${keywordText(long).length}).` });
  // Once each, as they are compared: "Basta" and "BÁSTA" are one word.
  const words = new Map<string, string>();
  for (const w of given) if (keywordForm(w) && !words.has(keywordForm(w))) words.set(keywordForm(w), keywordText(w));
  if (words.size > KEYWORDS_MAX) ctx.addIssue({ code: 'custom', message: `At most ${KEYWORDS_MAX} keywords.` });
  return [...words.values()];
})
  // The OpenAPI document states the limits the transform keeps, which zod cannot see inside it.
  .meta({ maxItems: KEYWORDS_MAX, items: { type: 'string', maxLength: KEYWORD_MAX_LENGTH } });

/** A word in both lists: it could not say which way the contact means. */
export function keywordInBoth(optOut: string[], optIn: string[]): string | null {
  const inForms = new Set(optIn.map(keywordForm));
  return optOut.find((w) => inForms.has(keywordForm(w))) ?? null;
}

export type KeywordSettings = { optOut: string[]; optIn: string[] };

/** What a message asks for: 'out', 'in', or null for an ordinary message. */
export function keywordIntent(body: string | null | undefined, settings: KeywordSettings): 'out' | 'in' | null {
  if (!body || body.length > KEYWORD_MAX_LENGTH * 2) return null;
  const word = keywordForm(body);
  if (!word) return null;
  if (settings.optOut.some((w) => keywordForm(w) === word)) return 'out';
  if (settings.optIn.some((w) => keywordForm(w) === word)) return 'in';
  return null;
}

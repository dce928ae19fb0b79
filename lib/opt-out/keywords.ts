import { z } from 'zod';

// Opt-out keywords: a message opts its contact out (or back in) when, once trimmed, stripped of the
// punctuation and emoji around it, its accents and its case, it is exactly one of the account's
// words. A sentence that merely contains "stop" does nothing: "stop sending me the wrong size" is a
// reply.

export const KEYWORDS_MAX = 20;
export const KEYWORD_MAX_LENGTH = 30;

/** The form a keyword and a message are compared in: "¡Stop!", "stop 🛑" and "STOP" are the same word. */
export function keywordForm(text: string): string {
  return text.normalize('NFKD')
    // Accents, and the invisible joiners and selectors that emoji and pasted text carry.
    .replace(/[\p{M}\p{Cf}]+/gu, '')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .replace(/\s+/g, ' ').toUpperCase();
}

/** A list of keywords: an array, or one text with commas or line breaks between them (a form field). */
export const keywordList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[,\n]/) : v),
  z.array(z.string().max(200)).max(100),
).superRefine((list, ctx) => {
  // A comma inside a word would split it the next time the list is edited as text.
  const split = list.find((w) => /[,\n]/.test(w));
  if (split !== undefined) ctx.addIssue({ code: 'custom', message: `A keyword cannot hold a comma or a line break ("${split.slice(0, 40)}").` });
}).transform((list, ctx) => {
  const words = [...new Set(list.map(keywordForm).filter(Boolean))];
  const long = words.find((w) => w.length > KEYWORD_MAX_LENGTH);
  if (long) ctx.addIssue({ code: 'custom', message: `A keyword has at most ${KEYWORD_MAX_LENGTH} characters ("${long.slice(0, 40)}" has ${long.length}).` });
  if (words.length > KEYWORDS_MAX) ctx.addIssue({ code: 'custom', message: `At most ${KEYWORDS_MAX} keywords.` });
  return words;
});

/** A word in both lists: it could not say which way the contact means. */
export function keywordInBoth(optOut: string[], optIn: string[]): string | null {
  return optOut.find((w) => optIn.includes(w)) ?? null;
}

export type KeywordSettings = { optOut: string[]; optIn: string[] };

/** What a message asks for: 'out', 'in', or null for an ordinary message. */
export function keywordIntent(body: string | null | undefined, settings: KeywordSettings): 'out' | 'in' | null {
  if (!body || body.length > KEYWORD_MAX_LENGTH * 2) return null;
  const word = keywordForm(body);
  if (!word) return null;
  if (settings.optOut.includes(word)) return 'out';
  if (settings.optIn.includes(word)) return 'in';
  return null;
}

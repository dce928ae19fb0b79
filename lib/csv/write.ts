// CSV output (RFC 4180): fields quoted only when they must be; CR LF line ends, which every
// spreadsheet program opens correctly.
//
// A cell a spreadsheet would run as a formula (one starting with =, +, -, @, a tab or a carriage
// return) is written with a leading single quote, which spreadsheets show as text. A number,
// signed or not, is left as it is: it cannot be a formula, and phone numbers in E.164 ("+52…",
// a plus and digits) are the commonest cell starting with "+".

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The text of a cell as a spreadsheet will not evaluate it. */
export function inertCell(text: string): string {
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/**
 * A cell read back from a file this product wrote: the quote that kept a formula inert goes, so a
 * downloaded file of rejected rows, corrected, can be imported again ("'+52 55 …" is a phone).
 */
export function fromInertCell(text: string): string {
  return text.charCodeAt(0) === 0x27 && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function csvField(value: unknown): string {
  const s = inertCell(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvField).join(',') + '\r\n';
}

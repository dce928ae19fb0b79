// What a CSV file looks like before it is parsed: byte-order mark, encoding, header line and
// delimiter. Spreadsheet programs save with `,` or (in locales with a decimal comma) `;`; tab
// comes from copying cells out of a sheet. Only the header line is inspected: it is written by
// the same program as the rest and holds no data that could mislead the count.

import { isUtf8 } from 'node:buffer';

export type Delimiter = ',' | ';' | '\t';
const DELIMITERS: Delimiter[] = [',', ';', '\t'];

const BOM = [0xef, 0xbb, 0xbf];

export function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && BOM.every((b, i) => bytes[i] === b);
}

/**
 * 'utf8' unless the sample is not valid UTF-8, in which case it was most likely saved as
 * Windows-1252 / Latin-1 (Excel's default "CSV" on Windows), read as 'latin1' rather than
 * turning every accent into U+FFFD. A sample (a chunk, the first pieces of an upload) may end
 * inside a multi-byte character: decoded as a stream, that is an unfinished character, not an
 * invalid one.
 */
export function detectEncoding(sample: Uint8Array): 'utf8' | 'latin1' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf8';
  } catch {
    return 'latin1';
  }
}

// Windows-1252 differs from Latin-1 only in 0x80-0x9F, which Latin-1 reads as C1 control
// characters no spreadsheet writes: there Excel puts typographic quotes, dashes, € and the like.
// (Node's TextDecoder('windows-1252') reads those bytes as Latin-1 too.) The five bytes
// Windows-1252 leaves undefined stay as they are, as WHATWG's decoder leaves them.
const CP1252 = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f'
  + '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const C1 = /[\u0080-\u009f]/g;
const HAS_C1 = /[\u0080-\u009f]/;

/** Text read as Latin-1, as Windows-1252 would have read it. */
export function fromWindows1252(text: string): string {
  return HAS_C1.test(text) ? text.replace(C1, (c) => CP1252[c.charCodeAt(0) - 0x80]) : text;
}

const HIGH_BYTE = /[\x80-\xff]/;

/**
 * A cell read byte for byte (as Latin-1): UTF-8 where its bytes are, Windows-1252 (Excel's "CSV"
 * on Windows) where they are not. Judged cell by cell, because one file can hold both (two
 * exports pasted together) and its first non-ASCII byte can come megabytes in; Windows-1252 text
 * that also reads as valid UTF-8 takes unlikely pairs such as "Ã©".
 */
export function decodeCell(cell: string): string {
  if (!HIGH_BYTE.test(cell)) return cell;
  const bytes = Buffer.from(cell, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : fromWindows1252(cell);
}

/** The first line of the text (BOM removed), without its line break; the whole text if none. */
export function firstLine(text: string): string {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? undefined : end).replace(/\r$/, '');
}

/** Excel's `sep=;` first line, which names the delimiter and comes before the header; null for any other line. */
export function sepLine(line: string): Delimiter | null {
  const m = /^"?sep=(.)"?\s*$/i.exec(line);
  return m && (DELIMITERS as string[]).includes(m[1]) ? m[1] as Delimiter : null;
}

/** The delimiter occurring most often outside quotes in the header line; `,` when none does. */
export function detectDelimiter(headerLine: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Delimiter)) counts.set(ch as Delimiter, counts.get(ch as Delimiter)! + 1);
  }
  let best: Delimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

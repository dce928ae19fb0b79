// A small CSV reader for files the browser opens itself (the broadcast wizard's recipients), so
// their rows can be checked before anything is sent. It reads RFC 4180 CSV as spreadsheet
// programs write it: an optional UTF-8 byte-order mark, `,` `;` or tab as the delimiter (the one
// the header line uses most outside quotes), quoted fields with `""` for a quote and delimiters
// or line breaks inside them, and CR LF, LF or CR line ends. Every record keeps its row number as
// a spreadsheet shows it (the header is row 1; blank rows count), so an error can name the row.
// csv-parse, which the server uses, ships a browser build, but it carries a Buffer polyfill of
// about 110 KB; this covers what a recipients file needs in a few dozen lines.

export type CsvDelimiter = ',' | ';' | '\t';
const DELIMITERS: CsvDelimiter[] = [',', ';', '\t'];

export type CsvRecord = {
  /** The row as a spreadsheet numbers it: the file's first record is row 1, blank rows count. */
  row: number;
  /** The line of the file the record starts on (a quoted line break makes a record span lines). */
  line: number;
  fields: string[];
};

export type CsvTable = {
  delimiter: CsvDelimiter;
  header: string[];
  /** The records after the header, blank ones left out (their row numbers still count). */
  records: CsvRecord[];
};

export class CsvError extends Error {
  constructor(message: string, public line: number) {
    super(message);
    this.name = 'CsvError';
  }
}

/**
 * The file's text: UTF-8 when it is valid UTF-8, otherwise Windows-1252 (what Excel saves as
 * "CSV" on Windows), so accents are not turned into replacement characters.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter occurring most often outside quotes in the first line; `,` when none does. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch as CsvDelimiter)) counts.set(ch as CsvDelimiter, counts.get(ch as CsvDelimiter)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** Every record of the text, the header included, each with its row and first line. */
export function parseCsvRecords(input: string, delimiter: CsvDelimiter = detectDelimiter(input)): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  const endRecord = () => {
    fields.push(field);
    out.push({ row: out.length + 1, line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < n) {
    const ch = text[i];
    if (ch === '"' && field === '') {
      // A quoted field: runs to the quote not followed by another quote.
      const opened = line;
      i += 1;
      for (;;) {
        if (i >= n) throw new CsvError(`A quoted value that starts on line ${opened} is never closed.`, opened);
        const c = text[i];
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (c === '\r' || c === '\n') {
          if (c === '\r' && text[i + 1] === '\n') {
            field += '\r\n';
            i += 2;
          } else {
            field += c;
            i += 1;
          }
          line += 1;
          continue;
        }
        field += c;
        i += 1;
      }
      // Anything between the closing quote and the next delimiter is kept as written.
      continue;
    }
    if (ch === delimiter) {
      fields.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += ch;
    i += 1;
  }
  // The last record, unless the text ended with a line break.
  if (field !== '' || fields.length > 0) endRecord();
  return out;
}

const isBlank = (fields: string[]) => fields.every((f) => f.trim() === '');

/** The header (trimmed names) and the records after it; a file with no header row is an error. */
export function parseCsv(input: string): CsvTable {
  const delimiter = detectDelimiter(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
  const all = parseCsvRecords(input, delimiter);
  const headerAt = all.findIndex((r) => !isBlank(r.fields));
  if (headerAt === -1) throw new CsvError('The file is empty: it needs a header row and at least one row of recipients.', 1);
  const header = all[headerAt].fields.map((h) => h.trim());
  const records = all.slice(headerAt + 1).filter((r) => !isBlank(r.fields));
  return { delimiter, header, records };
}

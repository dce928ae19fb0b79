import type { Info } from 'csv-parse';

// Line numbers of records as a text editor shows them (header = line 1), for rejection reports.
// csv-parse's `info.lines` is the line a record ends on, except that it counts a CR LF inside a
// quoted field as two lines; the fields themselves tell how many such pairs there were, so the
// drift is subtracted, and the record's own line breaks give its first line.

const BREAKS = /\r\n|\r|\n/g;

function countBreaks(fields: string[]): { breaks: number; crlf: number } {
  let breaks = 0;
  let crlf = 0;
  for (const f of fields) {
    if (f.indexOf('\n') === -1 && f.indexOf('\r') === -1) continue;
    breaks += f.match(BREAKS)?.length ?? 0;
    crlf += f.split('\r\n').length - 1;
  }
  return { breaks, crlf };
}

export class LineTracker {
  private drift = 0;
  /** The line the last record ended on (for error messages). */
  lastLine = 0;

  /** The line the record starts on. Call once per record, in order. */
  startLine(fields: string[], info: Pick<Info, 'lines'>): number {
    const { breaks, crlf } = countBreaks(fields);
    this.drift += crlf;
    this.lastLine = info.lines - this.drift;
    return this.lastLine - breaks;
  }
}

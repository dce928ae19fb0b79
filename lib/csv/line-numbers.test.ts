import { parse } from 'csv-parse';
import { describe, expect, it } from 'vitest';
import { LineTracker } from './line-numbers';

/** Start lines of every record, feeding the text in `pieceSize`-byte pieces (as chunks arrive). */
async function startLines(text: string, pieceSize = 1_000_000): Promise<number[]> {
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += pieceSize) parser.write(bytes.subarray(i, i + pieceSize));
  parser.end();
  const tracker = new LineTracker();
  const out: number[] = [];
  for await (const { record, info } of parser) out.push(tracker.startLine(record, info));
  return out;
}

describe('LineTracker', () => {
  const text = '\ufeffa,b\r\n1,2\r\n"x\r\ny",3\r\n\r\n4,5\r\n6,"7\n8\n9"\r\n10,11';
  it('reports the line each record starts on, with CR LF and LF inside quotes and blank lines', async () => {
    expect(await startLines(text)).toEqual([1, 2, 3, 6, 7, 10]);
  });
  it('gives the same lines whatever the chunk boundaries', async () => {
    expect(await startLines(text, 1)).toEqual([1, 2, 3, 6, 7, 10]);
    expect(await startLines(text, 7)).toEqual([1, 2, 3, 6, 7, 10]);
  });
  it('handles LF-only files', async () => {
    expect(await startLines('a\n1\n\n"2\n"\n3\n')).toEqual([1, 2, 4, 6]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseBatches, type ParseEvent, type ParseOptions } from './parse-batches';
import { parseInThread, parsingThreads } from './parse-in-thread';

// The import's parsing on its own thread gives what the same parsing gives in this thread, and
// the thread never outlives its consumer: not when the consumer stops early, not when the file's
// chunks cannot be read.

async function* chunksOf(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function all(events: AsyncIterable<ParseEvent>): Promise<ParseEvent[]> {
  const out: ParseEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function expectNoThreadLeft() {
  await expect.poll(() => parsingThreads.size, { timeout: 5000 }).toBe(0);
}

const rows = Array.from({ length: 25 }, (_, i) => `+52 55 ${10_000_000 + i},Ana ${i},Mérida`);
const file = ['phone,first_name,city', ...rows.slice(0, 10), 'not a phone,Beto,', ...rows.slice(10)].join('\n') + '\n';
const options: ParseOptions = { country: 'MX', skip: 0, batchSize: 10 };

describe('parseInThread', () => {
  it('gives the header, then the batches in file order, as parseBatches does here', async () => {
    const inThread = await all(parseInThread(chunksOf(file, 100), options));
    expect(inThread).toEqual(await all(parseBatches(chunksOf(file, 100), options)));
    expect(inThread.map((e) => e.kind)).toEqual(['header', 'batch', 'batch', 'batch']);
    const batches = inThread.flatMap((e) => (e.kind === 'batch' ? [e.batch] : []));
    expect(batches.map((b) => b.records)).toEqual([10, 10, 6]);
    expect(batches.flatMap((b) => b.rows.map((r) => r.firstName))).toEqual(rows.map((_, i) => `Ana ${i}`));
    expect(batches[1].rejected).toEqual([expect.objectContaining({ line: 12, row: { phone: 'not a phone', first_name: 'Beto', city: '' } })]);
    expect(batches[2].bytes).toBe(Buffer.byteLength(file));
  });

  it('skips the records an earlier attempt committed', async () => {
    const events = await all(parseInThread(chunksOf(file, 64), { ...options, skip: 20 }));
    const batches = events.flatMap((e) => (e.kind === 'batch' ? [e.batch] : []));
    expect(batches.map((b) => b.records)).toEqual([6]);
    expect(batches[0].rows.map((r) => r.firstName)).toEqual(rows.slice(19).map((_, i) => `Ana ${i + 19}`));
  });

  it('keeps the records before a quote never closed and says where the file stopped', async () => {
    const broken = 'phone,first_name\n+52 55 10000001,Ana\n+52 55 10000002,"Beto\n+52 55 10000003,Caro\n';
    const events = await all(parseInThread(chunksOf(broken, 7), options));
    expect(events.map((e) => e.kind)).toEqual(['header', 'batch', 'unreadable']);
    expect(events[1]).toMatchObject({ batch: { records: 1, rows: [{ firstName: 'Ana' }] } });
    expect(events[2]).toMatchObject({ message: expect.stringMatching(/^The file could not be read after line 2: /) });
  });

  it('gives nothing for an empty file', async () => {
    expect(await all(parseInThread(chunksOf('', 10), options))).toEqual([]);
  });

  it('stops its thread when the consumer stops early', async () => {
    for await (const event of parseInThread(chunksOf(file, 100), options)) {
      expect(event.kind).toBe('header');
      expect(parsingThreads.size).toBe(1);
      break;
    }
    await expectNoThreadLeft();
  });

  it('fails, and stops its thread, when a chunk cannot be read', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from('phone,first_name\n+52 55 10000001,Ana\n');
      throw new Error('connection lost');
    }
    await expect(all(parseInThread(failing(), options))).rejects.toThrow('connection lost');
    await expectNoThreadLeft();
  });

  it('fails, rather than waits, when its thread dies midway', async () => {
    const events = parseInThread(chunksOf(file, 100), options);
    expect((await events.next()).value).toMatchObject({ kind: 'header' });
    await [...parsingThreads][0].terminate(); // as a crash or running out of memory would end it
    await expect(all(events)).rejects.toThrow(/import parsing thread exited/);
    await expectNoThreadLeft();
  });
});

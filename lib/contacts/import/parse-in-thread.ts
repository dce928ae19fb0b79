import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseEvent, ParseOptions } from './parse-batches';

// Parsing and validating a file is most of an import's own CPU. On a thread of its own it runs on
// another core while the previous batches are written. The thread is asked for a few events ahead
// of the one being written, no more, so that the file never sits parsed in memory.

export type ToThread = { type: 'next' } | { type: 'chunk'; data: Uint8Array | null };
export type FromThread =
  | { type: 'chunk?' }
  | { type: 'event'; event: ParseEvent }
  | { type: 'end' }
  | { type: 'error'; message: string };

const AHEAD = 2;

// In the server Next.js built, the thread's file is compiled with the app (Next.js sets
// NEXT_RUNTIME there). Run from source (tsx, vitest), the thread has no TypeScript loader of its
// own, so it loads the file through tsx's require hook.
const bundled = process.env.NEXT_RUNTIME === 'nodejs';

// The thread's young generation is capped: V8's default sizes it for a whole process, and the
// thread's live data is a few batches and the phone metadata (npm run bench:import prints the RSS).
const threadOptions = (options: ParseOptions) => ({ workerData: options, resourceLimits: { maxYoungGenerationSizeMb: 8 } });

function startThread(options: ParseOptions): Worker {
  if (bundled) return new Worker(new URL('./parse-thread.ts', import.meta.url), threadOptions(options));
  const dir = JSON.stringify(path.dirname(fileURLToPath(import.meta.url)));
  const load = `require(require.resolve('tsx/cjs', { paths: [${dir}] })); require(require('node:path').join(${dir}, 'parse-thread.ts'));`;
  return new Worker(load, { ...threadOptions(options), eval: true });
}

/** The parsing threads running now in this process (tests stop one to see an import fail cleanly). */
export const parsingThreads = new Set<Worker>();

type Waiting = { resolve: (event: ParseEvent | null) => void; reject: (error: Error) => void };

/** parseBatches(chunks, options), run on a thread of its own. */
export async function* parseInThread(chunks: AsyncIterable<Buffer>, options: ParseOptions): AsyncGenerator<ParseEvent> {
  const input = chunks[Symbol.asyncIterator]();
  const thread = startThread(options);
  parsingThreads.add(thread);
  const waiting: Waiting[] = [];
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const w of waiting.splice(0)) w.reject(failure);
  };
  const send = (message: ToThread) => thread.postMessage(message);

  thread.on('message', (message: FromThread) => {
    if (message.type === 'chunk?') {
      input.next().then(
        (next) => {
          // A copy of exactly the chunk's bytes, handed over rather than cloned: the driver's
          // buffer may be a view of a larger one.
          const data = next.done ? null : new Uint8Array(next.value);
          thread.postMessage({ type: 'chunk', data } satisfies ToThread, data ? [data.buffer] : []);
        },
        (error: Error) => fail(error),
      );
    } else if (message.type === 'error') {
      fail(new Error(`import parsing thread: ${message.message}`));
    } else {
      waiting.shift()?.resolve(message.type === 'event' ? message.event : null);
    }
  });
  thread.on('error', fail);
  thread.on('messageerror', fail); // a reply that could not be read: its request would wait forever
  thread.on('exit', (code) => fail(new Error(`import parsing thread exited (${code})`)));

  const request = (): Promise<ParseEvent | null> => {
    const answer = new Promise<ParseEvent | null>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting.push({ resolve, reject });
      send({ type: 'next' });
    });
    answer.catch(() => {}); // observed when its turn comes
    return answer;
  };

  const requested = Array.from({ length: AHEAD }, request);
  try {
    for (;;) {
      const event = await requested.shift()!;
      if (!event) return;
      requested.push(request());
      yield event;
    }
  } finally {
    thread.removeAllListeners('exit');
    await thread.terminate();
    parsingThreads.delete(thread);
    await input.return?.();
  }
}

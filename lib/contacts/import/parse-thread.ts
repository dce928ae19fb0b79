import { parentPort, workerData } from 'node:worker_threads';
import { parseBatches, type ParseOptions } from './parse-batches';
import type { FromThread, ToThread } from './parse-in-thread';

// The import's parsing thread (started by parse-in-thread.ts): asks its parent for the file's
// chunks as the parser needs them, and answers each `next` with the next header, batch or end.

const port = parentPort!;
let chunkArrived: ((chunk: Buffer | null) => void) | null = null;

async function* chunks(): AsyncGenerator<Buffer> {
  for (;;) {
    const arrived = new Promise<Buffer | null>((resolve) => { chunkArrived = resolve; });
    port.postMessage({ type: 'chunk?' } satisfies FromThread);
    const chunk = await arrived;
    if (!chunk) return;
    yield chunk;
  }
}

const events = parseBatches(chunks(), workerData as ParseOptions);
let answered = Promise.resolve();

async function answerNext(): Promise<void> {
  let reply: FromThread;
  try {
    const next = await events.next();
    reply = next.done ? { type: 'end' } : { type: 'event', event: next.value };
  } catch (error) {
    reply = { type: 'error', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  port.postMessage(reply);
}

port.on('message', (message: ToThread) => {
  if (message.type === 'chunk') {
    const arrived = chunkArrived;
    chunkArrived = null;
    arrived?.(message.data ? Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength) : null);
  } else {
    answered = answered.then(answerNext); // in order, one at a time
  }
});

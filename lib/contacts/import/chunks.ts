import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';

// The uploaded file lives in contact_import_chunks (~1 MB each, in `seq` order) so that any worker
// process can read it, and it is read back one chunk per query: never the whole file in memory.

export const CHUNK_BYTES = 1024 * 1024;

export async function insertChunk(db: Executor, importId: string, seq: number, data: Uint8Array): Promise<void> {
  await db.execute(sql`insert into contact_import_chunks (import_id, seq, data) values (${importId}, ${seq}, ${Buffer.from(data.buffer, data.byteOffset, data.byteLength)})`);
}

export async function readChunk(db: Executor, importId: string, seq: number): Promise<Buffer | null> {
  const [row] = await execRows<{ data: Uint8Array }>(db, sql`
    select data from contact_import_chunks where import_id = ${importId} and seq = ${seq}`);
  // postgres.js gives a Buffer, PGlite a Uint8Array: csv-parse wants a Buffer.
  return row ? Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) : null;
}

/** The chunks from `from` on, in order, fetched one at a time as the consumer asks for them. */
export async function* readChunks(db: Executor, importId: string, from = 0): AsyncGenerator<Buffer> {
  for (let seq = from; ; seq++) {
    const chunk = await readChunk(db, importId, seq);
    if (!chunk) return;
    yield chunk;
  }
}

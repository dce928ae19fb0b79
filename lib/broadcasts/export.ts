import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '@/db';
import { broadcastRecipients } from '@/db/schema';
import { csvLine } from '@/lib/csv/write';
import { findBroadcast } from './queries';

// A broadcast's recipients as a CSV download (the dashboard's "Export"), streamed page by page so
// that a broadcast of any size is never held in memory.

const PAGE = 2000;
const COLUMNS = ['phone', 'canonical_phone', 'status', 'reason', 'contact', 'message', 'sent_on', 'delivered_on', 'read_on',
  'answered_on', 'failed_on'];

export async function recipientsCsv(db: Db, accountId: number, id: number): Promise<ReadableStream<Uint8Array>> {
  const broadcast = await findBroadcast(db, accountId, id);
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const page = await db.select().from(broadcastRecipients)
        .where(and(eq(broadcastRecipients.broadcastId, broadcast.id), gt(broadcastRecipients.id, after)))
        .orderBy(asc(broadcastRecipients.id)).limit(PAGE);
      const width = Math.max(0, ...page.map((r) => r.data.length));
      let text = '';
      if (!started) {
        started = true;
        // BOM: spreadsheets then read UTF-8. Variables get one column each.
        text += '\ufeff' + csvLine([...COLUMNS, ...Array.from({ length: Math.max(width, 1) }, (_, i) => `variable_${i + 1}`)]);
      }
      const iso = (d: Date | null) => (d ? d.toISOString() : '');
      for (const r of page) {
        text += csvLine([r.phone, r.canonicalPhone, r.status, r.reason, r.contactId ?? '', r.messageId ?? '', iso(r.sentOn),
          iso(r.deliveredOn), iso(r.readOn), iso(r.answeredOn), iso(r.failedOn), ...r.data]);
      }
      if (text) controller.enqueue(encoder.encode(text));
      if (page.length < PAGE) controller.close();
      else after = page[page.length - 1].id;
    },
  });
}

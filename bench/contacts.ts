import autocannon from 'autocannon';
import { contactsCsv } from '../lib/test-support/contacts-csv';
import { fmt, percentile, ratio, record, rssMb, sampleRss, type Floor, type Proc } from './lib';

// The contacts' figures, on a server backed by the local Postgres: a 100,000-row CSV import (end
// to end, with the server processes' peak memory), the searches right after it, then the list
// and upserts under load.

type Ctx = { base: string; server: Proc; headers: Record<string, string>; rows: number };

export async function importBenchmark(ctx: Ctx) {
  const idleRssMb = rssMb(ctx.server.child.pid!);
  // The import tests' generator (lib/test-support/contacts-csv.ts), at the bench's size.
  const csv = Buffer.from(contactsCsv({ rows: ctx.rows, seed: 7 }).text, 'utf8');
  const memory = sampleRss(ctx.server.child.pid!);
  const started = performance.now();
  const upload = await fetch(`${ctx.base}/api/contact/upload`, {
    method: 'POST', headers: { ...ctx.headers, 'Content-Type': 'text/csv' }, body: csv,
  });
  if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { upload_group_id: id } = await upload.json();
  const uploaded = performance.now();
  let processing: number | null = null;
  let status: Record<string, unknown> = {};
  for (;;) {
    // As the dashboard polls: counters only (the rejected rows are fetched once, at the end).
    status = await (await fetch(`${ctx.base}/api/contact/upload/${id}?rejected_rows=0`, { headers: ctx.headers })).json();
    if (processing === null && status.status !== 'PENDING') processing = performance.now();
    if (status.status === 'COMPLETED' || status.status === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const finished = performance.now();
  const seconds = (finished - started) / 1000;
  // Where the time went, to within the 100 ms polling step: the upload request, the job waiting
  // to be taken, and the import itself.
  const phases = { upload: (uploaded - started) / 1000, queued: ((processing ?? finished) - uploaded) / 1000, importing: (finished - (processing ?? finished)) / 1000 };
  const peak = memory.stop();
  return {
    rows: Number(status.rows), created: Number(status.created), updated: Number(status.updated), rejected: Number(status.rejected),
    status: String(status.status), seconds, phases, rowsPerSecond: Number(status.rows) / seconds, peakRssMb: peak, idleRssMb, csvMb: csv.length / 1024 / 1024,
  };
}

async function cannon(options: autocannon.Options) {
  return autocannon({ ...options }) as unknown as Promise<autocannon.Result>;
}

export async function listBenchmark(ctx: Ctx) {
  await cannon({ url: `${ctx.base}/api/contact?page_size=20`, headers: ctx.headers, connections: 32, duration: 3 }); // warm-up
  const r = await cannon({ url: `${ctx.base}/api/contact?page_size=20`, headers: ctx.headers, connections: 32, duration: 15 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

export async function searchBenchmark(ctx: Ctx) {
  const out: Record<string, { p50: number; p99: number; count: number }> = {};
  // A name's first letters (Ramírez), a fragment from the middle of a common surname (Fernández):
  // each thousands of the generated contacts; and a phone fragment.
  for (const [label, term] of [['name fragment "ramí"', 'ramí'], ['surname fragment "ernánd"', 'ernánd'], ['phone fragment "5512"', '5512']] as const) {
    const latencies: number[] = [];
    let count = 0;
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      const res = await fetch(`${ctx.base}/api/contact?search=${encodeURIComponent(term)}`, { headers: ctx.headers });
      count = (await res.json()).count;
      if (i >= 20) latencies.push(performance.now() - started); // first requests warm caches
    }
    out[label] = { p50: percentile(latencies, 50), p99: percentile(latencies, 99), count };
  }
  return out;
}

export async function upsertBenchmark(ctx: Ctx, existingPhones: string[]) {
  let n = 0;
  const body = () => {
    n += 1;
    // Half the requests merge into an existing contact (another spelling of its number), half create.
    const phone = n % 2 === 0
      ? existingPhones[n % existingPhones.length]
      : `+5233${String(10_000_000 + ((n * 7919) % 89_999_999)).slice(0, 8)}`;
    return JSON.stringify({ phone, first_name: 'Bench', tags: [{ name: 'bench' }, { name: `b${n % 5}` }], meta: { run: String(n % 100), plan: 'pro' }, notes: n % 10 === 0 ? 'bench note' : undefined });
  };
  const r = await cannon({
    url: `${ctx.base}/api/contact`, method: 'POST', headers: { ...ctx.headers, 'content-type': 'application/json' },
    connections: 32, duration: 15,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: body() }) }],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

export function printContacts(results: {
  importResult: Awaited<ReturnType<typeof importBenchmark>>; list: Awaited<ReturnType<typeof listBenchmark>>;
  floor: Floor;
  search: Awaited<ReturnType<typeof searchBenchmark>>; upsert: Awaited<ReturnType<typeof upsertBenchmark>>;
}) {
  const { importResult: i, list, search, upsert, floor } = results;
  console.log('\n== Contacts, local Postgres, production server');
  console.log(floor.line);
  const importOk = i.rowsPerSecond >= 10_000 && i.peakRssMb < 300;
  console.log(`CSV import: ${fmt(i.rows)} rows (${fmt(i.csvMb, 1)} MB) ${i.status} in ${fmt(i.seconds, 1)} s = ${fmt(i.rowsPerSecond)} rows/s `
    + `(created ${fmt(i.created)}, updated ${fmt(i.updated)}, rejected ${fmt(i.rejected)}; upload ${fmt(i.phases.upload, 1)} s, `
    + `waiting for a worker ${fmt(i.phases.queued, 1)} s, importing ${fmt(i.phases.importing, 1)} s); server RSS idle ${fmt(i.idleRssMb)} MB, peak ${fmt(i.peakRssMb)} MB  `
    + `[goal >= 10,000 rows/s, < 300 MB: ${importOk ? 'met' : 'NOT met'}]`);
  record(`CSV import, ${fmt(i.rows)} rows`, `${fmt(i.rowsPerSecond)} rows/s, peak RSS ${fmt(i.peakRssMb)} MB`, null, '>= 10,000 rows/s, < 300 MB', importOk);
  for (const [label, s] of Object.entries(search)) {
    console.log(`Search ${label} right after the import, 1 client: p50 ${fmt(s.p50, 1)} ms, p99 ${fmt(s.p99, 1)} ms (${fmt(s.count)} matches)  [goal p99 <= 30 ms: ${s.p99 <= 30 ? 'met' : 'NOT met'}]`);
    record(`Search ${label} (${fmt(s.count)} matches), 1 client`, `p99 ${fmt(s.p99, 1)} ms (p50 ${fmt(s.p50, 1)})`, null, 'p99 <= 30 ms', s.p99 <= 30);
  }
  console.log(`List page 1 (20 of ${fmt(i.created)}), 32 connections: ${fmt(list.rps)} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, non-2xx ${list.non2xx}  ${ratio(list.rps, floor, 0.6)}`);
  record(`Contact list, page 1 of 20 over ${fmt(i.created)}, 32 connections`, `${fmt(list.rps)} req/s`, list.rps / floor.mean, '>= 0.6 × floor', list.rps / floor.mean >= 0.6);
  console.log(`Upsert (tags + meta, half new, half existing), 32 connections: ${fmt(upsert.rps)} req/s, p50 ${upsert.p50} ms, p99 ${upsert.p99} ms, non-2xx ${upsert.non2xx}  ${ratio(upsert.rps, floor, 0.4)}`);
  record('Contact upserts, 32 connections', `${fmt(upsert.rps)} req/s`, upsert.rps / floor.mean, '>= 0.4 × floor', upsert.rps / floor.mean >= 0.4);
  record('Floor (bare route), contacts server', `${fmt(floor.mean)} req/s`, 1, '', null);
}

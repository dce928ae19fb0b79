import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fmt, percentile, ratio, record, type Floor } from './lib';

// The webhooks' figures: deliveries per second to a fast local receiver with 10,000 events queued
// (sent by a separate worker process), and the time from a contact change to its delivery at idle.

export class FastReceiver {
  count = 0;
  first = 0;
  last = 0;
  arrivals = new Map<string, number>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      this.count += 1;
      if (!this.first) this.first = now;
      this.last = now;
      try {
        const phone = JSON.parse(Buffer.concat(chunks).toString('utf8')).data?.canonical_phone;
        if (phone) this.arrivals.set(phone, now);
      } catch { /* not ours */ }
      res.writeHead(204).end();
    });
  });
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return this;
  }
  url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

/**
 * Creates `n` contacts, each producing one contact.created event: through a CSV import, which
 * records the events batch by batch, so the queue fills in seconds rather than minutes.
 */
export async function createContacts(base: string, headers: Record<string, string>, n: number, prefix: string) {
  const lines = ['phone,first_name'];
  for (let i = 0; i < n; i++) lines.push(`+52${prefix}${String(i).padStart(8, '0')},Bench`);
  const upload = await fetch(`${base}/api/contact/upload`, {
    method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: lines.join('\n'),
  });
  if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { upload_group_id: id } = await upload.json();
  for (;;) {
    const status = await (await fetch(`${base}/api/contact/upload/${id}`, { headers })).json();
    if (status.status === 'COMPLETED') return;
    if (status.status === 'FAILED') throw new Error(`import failed: ${status.error}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function idleLatency(base: string, headers: Record<string, string>, receiver: FastReceiver, samples = 40) {
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const phone = `+5281${String(90_000_000 + i).slice(0, 8)}`;
    const started = performance.now();
    const res = await fetch(`${base}/api/contact`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ phone }),
    });
    if (res.status !== 201) throw new Error(`create failed ${res.status}`);
    const deadline = Date.now() + 10_000;
    while (!receiver.arrivals.has(phone) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    latencies.push((receiver.arrivals.get(phone) ?? performance.now()) - started);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { p50: percentile(latencies, 50), p90: percentile(latencies, 90), max: Math.max(...latencies) };
}

export function printWebhooks(r: { queued: number; seconds: number; rate: number; latency: { p50: number; p90: number; max: number }; floor: Floor }) {
  console.log('\n== Webhooks, local Postgres');
  console.log(r.floor.line);
  console.log(`Delivery throughput: ${fmt(r.queued)} queued events delivered by one worker process in ${fmt(r.seconds, 1)} s = ${fmt(r.rate)} deliveries/s  ${ratio(r.rate, r.floor)}`);
  record(`Webhook deliveries, ${fmt(r.queued)} queued, one worker process`, `${fmt(r.rate)} deliveries/s`, r.rate / r.floor.mean, '', null);
  console.log(`Contact change to delivery at idle (workers in the web process): p50 ${fmt(r.latency.p50)} ms, p90 ${fmt(r.latency.p90)} ms, max ${fmt(r.latency.max)} ms  [goal p50 <= 200 ms: ${r.latency.p50 <= 200 ? 'met' : 'NOT met'}]`);
  record('Contact change to webhook delivery at idle', `p50 ${fmt(r.latency.p50)} ms, p90 ${fmt(r.latency.p90)} ms`, null, 'p50 <= 200 ms', r.latency.p50 <= 200);
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };
type Script = (count: number) => { status: number; headers?: Record<string, string>; delayMs?: number };

/**
 * A real HTTP receiver on loopback for webhook tests. Each path answers by a script of the
 * attempt number (default 200, at once); every request is recorded.
 */
export class Receiver {
  readonly received: Received[] = [];
  private scripts = new Map<string, Script>();
  private counts = new Map<string, number>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const count = (this.counts.get(path) ?? 0) + 1;
      this.counts.set(path, count);
      this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = this.scripts.get(path)?.(count) ?? { status: 200 };
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.status < 300 ? 'ok' : `failing on purpose (${count})`);
      }, answer.delayMs ?? 0);
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  on(path: string, script: Script): this {
    this.scripts.set(path, script);
    return this;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

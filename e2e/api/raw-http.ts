import http from 'node:http';

// Requests sent with node:http rather than Playwright's request context or fetch, for tests that
// need what those hide: the path exactly as written (fetch normalises it), a connection of its own
// per request (`agent: false`, so the server spreads them over its web processes), or every
// header as the server sent it. Only Host, Connection and (with a body) Content-Length are added.

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export type RawOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** false: a connection for this request alone; default: Node's global agent. */
  agent?: http.Agent | false;
  /** Fails the request with `no answer within N s` when it takes longer. */
  timeoutMs?: number;
};

export function rawRequest(base: string, path: string, options: RawOptions = {}): Promise<RawAnswer> {
  const { port } = new URL(base);
  const { method = 'GET', body, agent, timeoutMs } = options;
  const headers = { ...options.headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, ...(agent === undefined ? {} : { agent }) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      // An answer cut short (its process killed between the headers and the body) ends here: the
      // request saw its response, so neither its 'error' nor its timeout would settle this.
      res.on('error', reject);
      res.on('close', () => { if (!res.complete) reject(new Error('answer cut short')); });
    });
    req.on('error', reject);
    if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.end(body);
  });
}

import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';

// A fake WhatsApp Cloud API on loopback: records every request, answers sends with a new wamid
// unless a script says otherwise (errors, throttling, delays), and serves templates in pages.

export type CloudRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: unknown; at: number };
export type CloudAnswer = { status: number; json?: unknown; delayMs?: number };
type Script = (count: number, body: unknown) => CloudAnswer | undefined;

export const TOKEN = 'EAAG-fake-access-token-1234567890';

export class FakeCloud {
  readonly requests: CloudRequest[] = [];
  private sendScripts = new Map<string, Script>();
  private sendCounts = new Map<string, number>();
  private templatePages = new Map<string, object[][]>();
  private statusCallbacks = new Map<string, { url: string; secret: string }>();
  private wamid = 0;
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => void this.answer(req, Buffer.concat(chunks).toString('utf8'), res));
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Scripts the answers to sends from one phone number id, by attempt number (1-based). */
  onSend(phoneNumberId: string, script: Script): this {
    this.sendScripts.set(phoneNumberId, script);
    return this;
  }

  /**
   * Calls back with a signed `sent` status for each send it accepts from this phone number id, as
   * the provider does, echoing the send's `biz_opaque_callback_data`.
   */
  callBackStatuses(phoneNumberId: string, webhookUrl: string, appSecret: string): this {
    this.statusCallbacks.set(phoneNumberId, { url: webhookUrl, secret: appSecret });
    return this;
  }

  /** Posts a signed callback; a failed one is tried again a second later, a few times, as the provider does. */
  private async callBack(url: string, secret: string, payload: string, attempt = 1): Promise<void> {
    try {
      const res = await fetch(url, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(secret, payload) } });
      await res.arrayBuffer();
      if (res.ok || attempt >= 5) return;
    } catch {
      if (attempt >= 5) return; // the server has stopped
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return this.callBack(url, secret, payload, attempt + 1);
  }

  /** The templates of a business account, one array per page. */
  setTemplates(businessAccountId: string, pages: object[][]): this {
    this.templatePages.set(businessAccountId, pages);
    return this;
  }

  sends(phoneNumberId: string): CloudRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${phoneNumberId}/messages`));
  }

  private async answer(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    let body: unknown = raw;
    try { body = raw ? JSON.parse(raw) : null; } catch { /* keep text */ }
    this.requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, at: Date.now() });
    const reply = (a: CloudAnswer) => {
      const send = () => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(a.json ?? {}));
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      return reply({ status: 401, json: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } } });
    }
    const parts = url.pathname.split('/').filter(Boolean); // [version, id, edge?]
    if (req.method === 'POST' && parts[2] === 'messages') {
      const count = (this.sendCounts.get(parts[1]) ?? 0) + 1;
      this.sendCounts.set(parts[1], count);
      const scripted = this.sendScripts.get(parts[1])?.(count, body);
      if (scripted) return reply(scripted);
      const { to, biz_opaque_callback_data: reference } = body as { to?: string; biz_opaque_callback_data?: string };
      const wamid = `wamid.FAKE${++this.wamid}${Date.now()}`;
      reply({ status: 200, json: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] } });
      const callback = this.statusCallbacks.get(parts[1]);
      if (callback) {
        const status = { id: wamid, status: 'sent', timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: to, biz_opaque_callback_data: reference };
        const payload = JSON.stringify(webhookPayload(parts[1], { statuses: [status] }));
        void this.callBack(callback.url, callback.secret, payload);
      }
      return;
    }
    // A submitted template is pending review, as at the provider; its name is then listed (and deletable).
    if (req.method === 'POST' && parts[2] === 'message_templates') {
      const t = body as { name?: string; language?: string; category?: string; components?: object[] };
      if (!t?.name) return reply({ status: 400, json: { error: { message: 'Invalid parameter', code: 100, error_data: { details: 'name is required' } } } });
      const id = `TPL${++this.wamid}`;
      const pages = this.templatePages.get(parts[1]) ?? [[]];
      pages[pages.length - 1].push({ id, name: t.name, language: t.language, category: t.category, status: 'PENDING', components: t.components });
      this.templatePages.set(parts[1], pages);
      return reply({ status: 200, json: { id, status: 'PENDING', category: t.category } });
    }
    if (req.method === 'DELETE' && parts[2] === 'message_templates') {
      const name = url.searchParams.get('name');
      this.templatePages.set(parts[1], (this.templatePages.get(parts[1]) ?? [[]]).map((page) => page.filter((t) => (t as { name?: string }).name !== name)));
      return reply({ status: 200, json: { success: true } });
    }
    if (req.method === 'GET' && parts[2] === 'message_templates') {
      const pages = this.templatePages.get(parts[1]) ?? [[]];
      const index = Number(url.searchParams.get('after') ?? 0);
      const next = index + 1 < pages.length ? `${this.baseUrl}${url.pathname}?limit=100&after=${index + 1}` : undefined;
      return reply({ status: 200, json: { data: pages[index] ?? [], paging: { cursors: { before: 'b', after: 'a' }, ...(next ? { next } : {}) } } });
    }
    if (req.method === 'GET' && parts.length === 2) {
      return reply({ status: 200, json: { display_phone_number: '15550001111', verified_name: 'Fake Business', id: parts[1] } });
    }
    return reply({ status: 404, json: { error: { message: 'Unknown path', code: 100 } } });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function sign(appSecret: string, body: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** A Cloud API webhook payload carrying messages and/or statuses. */
export function webhookPayload(phoneNumberId: string, value: { messages?: object[]; statuses?: object[]; contacts?: object[] }) {
  return {
    object: 'whatsapp_business_account',
    entry: [{
      id: 'WABA',
      changes: [{
        field: 'messages',
        value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId }, ...value },
      }],
    }],
  };
}

import net from 'node:net';
import { expect, test } from '@playwright/test';
import { OwnServer } from './own-server';

// With SMTP_URL set, a reset link an admin creates is also emailed to the member: the route says
// `emailed: true` and a relay on loopback receives the mail carrying the link.

/** A fake SMTP relay that keeps each message it is given (envelope and data). */
async function fakeRelay() {
  const mails: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    let mail = { from: '', to: [] as string[] };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            mails.push({ ...mail, data: data.join('\n') });
            data = null;
            mail = { from: '', to: [] };
            socket.write('250 queued\r\n');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^MAIL FROM:/i.test(line)) { mail.from = line.replace(/^MAIL FROM:<([^>]*)>.*/i, '$1'); socket.write('250 ok\r\n'); }
        else if (/^RCPT TO:/i.test(line)) { mail.to.push(line.replace(/^RCPT TO:<([^>]*)>.*/i, '$1')); socket.write('250 ok\r\n'); }
        else if (line === 'DATA') { data = []; socket.write('354 go\r\n'); }
        else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('a reset link is emailed to the member when SMTP_URL is set', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const kind = testInfo.project.name === 'api-postgres' ? 'postgres' : 'pglite';
  const relay = await fakeRelay();
  const server = await OwnServer.create(kind, 3600 + (testInfo.workerIndex % 10), {
    SMTP_URL: `smtp://127.0.0.1:${relay.port}`, SMTP_FROM: 'accounts@engage.test',
  });
  try {
    await server.start();
    const account = await (await fetch(`${server.baseURL}/api/test/account`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"country":"MX"}',
    })).json();
    const admin = { Authorization: `Token ${account.admin.key}` };
    const res = await fetch(`${server.baseURL}/api/account-member/${account.agent.id}/reset-link`, { method: 'POST', headers: admin });
    expect(res.status, server.output()).toBe(201);
    const link = await res.json();
    expect(link).toEqual({ url: expect.stringContaining('/set-password?token='), expires_on: expect.any(String), emailed: true });

    expect(relay.mails).toHaveLength(1);
    const [mail] = relay.mails;
    expect(mail.from).toBe('accounts@engage.test');
    expect(mail.to).toEqual([account.agent.email]);
    expect(mail.data).toMatch(/^Subject: Reset your password$/m);
    expect(mail.data).toContain(link.url);
    // The emailed link is the one that works.
    const token = new URL(link.url).searchParams.get('token');
    const check = await fetch(`${server.baseURL}/api/member-link?token=${token}`);
    expect(check.status).toBe(200);
    expect((await check.json()).purpose).toBe('RESET');
  } finally {
    await server.dispose();
    await relay.close();
  }
});

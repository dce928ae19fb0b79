import net from 'node:net';
import tls from 'node:tls';

// A small SMTP client: enough to hand one plain-text message to the relay named by SMTP_URL
// (`smtp://user:pass@host:587`, or `smtps://` for TLS from the start). No dependency for one email.

export type Mail = { from: string; to: string; subject: string; text: string };

function reader(socket: net.Socket) {
  let buffer = '';
  const waiting: ((reply: { code: number; text: string }) => void)[] = [];
  const replies: { code: number; text: string }[] = [];
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    // A reply ends with a line whose code is followed by a space ("250 OK"), after any "250-" lines.
    for (let m = /(^|\n)(\d{3}) [^\n]*\n/.exec(buffer); m; m = /(^|\n)(\d{3}) [^\n]*\n/.exec(buffer)) {
      const end = m.index + m[0].length;
      const reply = { code: Number(m[2]), text: buffer.slice(0, end).trim() };
      buffer = buffer.slice(end);
      const next = waiting.shift();
      if (next) next(reply); else replies.push(reply);
    }
  });
  return () => new Promise<{ code: number; text: string }>((resolve, reject) => {
    const ready = replies.shift();
    if (ready) return resolve(ready);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('the SMTP server closed the connection')));
    waiting.push(resolve);
  });
}

export async function sendMail(smtpUrl: string, mail: Mail, timeoutMs = 15_000): Promise<void> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port) || (secure ? 465 : 25);
  const socket: net.Socket = secure
    ? tls.connect({ host: url.hostname, port, servername: url.hostname })
    : net.connect({ host: url.hostname, port });
  socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the SMTP server did not answer in time')));
  const next = reader(socket);
  const expect = async (codes: number[]) => {
    const reply = await next();
    if (!codes.includes(reply.code)) throw new Error(`SMTP server answered: ${reply.text}`);
  };
  const command = async (line: string, codes: number[]) => {
    socket.write(`${line}\r\n`);
    await expect(codes);
  };
  try {
    await expect([220]);
    await command('EHLO engage', [250]);
    if (url.username) {
      const plain = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString('base64');
      await command(`AUTH PLAIN ${plain}`, [235]);
    }
    await command(`MAIL FROM:<${mail.from}>`, [250]);
    await command(`RCPT TO:<${mail.to}>`, [250, 251]);
    await command('DATA', [354]);
    const body = mail.text.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    const message = [
      `From: ${mail.from}`, `To: ${mail.to}`, `Subject: ${mail.subject}`, `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', body,
    ].join('\r\n');
    await command(`${message}\r\n.`, [250]);
    socket.write('QUIT\r\n');
  } finally {
    socket.end();
  }
}

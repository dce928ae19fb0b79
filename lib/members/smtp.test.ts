import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendMail } from './smtp';

let server: net.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A fake relay that records the commands and the message it was given. */
function fakeRelay(): Promise<{ port: number; lines: string[] }> {
  const lines: string[] = [];
  return new Promise((resolve) => {
    server = net.createServer((socket) => {
      let inData = false;
      let buffer = '';
      socket.write('220 fake ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        let i: number;
        while ((i = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          lines.push(line);
          if (inData) {
            if (line === '.') { inData = false; socket.write('250 queued\r\n'); }
            continue;
          }
          if (line.startsWith('EHLO')) socket.write('250-fake\r\n250 AUTH PLAIN\r\n');
          else if (line.startsWith('AUTH')) socket.write('235 ok\r\n');
          else if (line === 'DATA') { inData = true; socket.write('354 go\r\n'); }
          else if (line === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    }).listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as net.AddressInfo).port, lines }));
  });
}

describe('sendMail', () => {
  it('hands the message to the relay, authenticated, with dot-stuffing', async () => {
    const { port, lines } = await fakeRelay();
    await sendMail(`smtp://ada:p%40ss@127.0.0.1:${port}`, { from: 'a@x.test', to: 'b@y.test', subject: 'Hi', text: 'line\n.dot' });
    expect(lines).toContain(`AUTH PLAIN ${Buffer.from('\0ada\0p@ss').toString('base64')}`);
    expect(lines).toContain('MAIL FROM:<a@x.test>');
    expect(lines).toContain('RCPT TO:<b@y.test>');
    expect(lines).toContain('Subject: Hi');
    expect(lines).toContain('..dot');
  });

  it('fails with the relay\'s answer when it refuses', async () => {
    const lines: string[] = [];
    await new Promise<void>((resolve) => {
      server = net.createServer((socket) => {
        socket.write('220 fake\r\n');
        socket.on('data', (d) => { lines.push(d.toString()); socket.write(d.toString().startsWith('EHLO') ? '250 ok\r\n' : '550 no such user\r\n'); });
      }).listen(0, '127.0.0.1', () => resolve());
    });
    const port = (server!.address() as net.AddressInfo).port;
    await expect(sendMail(`smtp://127.0.0.1:${port}`, { from: 'a@x.test', to: 'b@y.test', subject: 'x', text: 'y' }))
      .rejects.toThrow('550 no such user');
  });
});

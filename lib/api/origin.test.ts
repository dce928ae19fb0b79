import { afterEach, describe, expect, it } from 'vitest';
import { linkOrigin, requestOrigin } from './origin';

const saved = process.env.NEXTAUTH_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.NEXTAUTH_URL;
  else process.env.NEXTAUTH_URL = saved;
});

const forged = () => new Request('http://127.0.0.1:3000/api/account-member/1/reset-link', {
  method: 'POST', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
});

describe('linkOrigin', () => {
  it('builds links that may be emailed on the configured public URL, whatever host the request names', () => {
    process.env.NEXTAUTH_URL = 'https://engage.example.com/';
    expect(linkOrigin(forged())).toBe('https://engage.example.com');
    // Links shown on the page the client is on may still follow the request.
    expect(requestOrigin(forged())).toBe('http://evil.example');
  });

  it('falls back to the request\'s host only when no public URL is configured', () => {
    delete process.env.NEXTAUTH_URL;
    expect(linkOrigin(forged())).toBe('http://evil.example');
    process.env.NEXTAUTH_URL = '  ';
    expect(linkOrigin(forged())).toBe('http://evil.example');
  });
});

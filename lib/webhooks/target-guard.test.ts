import { afterEach, describe, expect, it } from 'vitest';
import { checkTarget, isBlockedAddress, refusedLiteralHost } from './target-guard';

const original = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
afterEach(() => { process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = original; });

describe('webhook target guard', () => {
  it('blocks loopback, private, link-local, metadata and mapped addresses', () => {
    for (const address of ['127.0.0.1', '10.2.3.4', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0']) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isBlockedAddress(address), address).toBe(false);
  });

  it('refuses IP-literal hosts at delivery time unless allow-listed', () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '';
    expect(refusedLiteralHost('127.0.0.1')).toMatch(/private or reserved/);
    expect(refusedLiteralHost('[::1]')).toMatch(/private or reserved/);
    expect(refusedLiteralHost('example.com')).toBeNull();
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '127.0.0.1';
    expect(refusedLiteralHost('127.0.0.1')).toBeNull();
  });

  it('refuses a private target when saved, and allows it once listed', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '';
    await expect(checkTarget('http://localhost:9/x')).rejects.toThrow(/private or reserved/);
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'localhost';
    await expect(checkTarget('http://localhost:9/x')).resolves.toBeUndefined();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { checkOutboundUrl, CHANNEL_BASE_URLS, refusedLiteralHost, WEBHOOK_TARGETS } from './outbound-guard';
import { isPublicAddress } from './special-addresses';

// One or more addresses inside every special-purpose range (its first, last or a middle address),
// and every IPv6 form that carries one of them; then public addresses in each form, which pass.
const NON_PUBLIC: Record<string, string[]> = {
  '0.0.0.0/8 this network': ['0.0.0.0', '0.255.255.255'],
  '10.0.0.0/8 private': ['10.0.0.0', '10.255.255.255'],
  '100.64.0.0/10 shared (CGNAT)': ['100.64.0.1', '100.127.255.255'],
  '127.0.0.0/8 loopback': ['127.0.0.1', '127.255.255.254'],
  '169.254.0.0/16 link-local and metadata': ['169.254.169.254', '169.254.0.1'],
  '172.16.0.0/12 private': ['172.16.0.1', '172.31.255.255'],
  '192.0.0.0/24 IETF protocol assignments': ['192.0.0.1', '192.0.0.170'],
  '192.0.2.0/24 TEST-NET-1': ['192.0.2.10'],
  '192.31.196.0/24 AS112-v4': ['192.31.196.1'],
  '192.52.193.0/24 AMT': ['192.52.193.1'],
  '192.88.99.0/24 6to4 relay anycast': ['192.88.99.1'],
  '192.168.0.0/16 private': ['192.168.0.1', '192.168.255.255'],
  '192.175.48.0/24 AS112 direct delegation': ['192.175.48.1'],
  '198.18.0.0/15 benchmarking': ['198.18.0.1', '198.19.255.255'],
  '198.51.100.0/24 TEST-NET-2': ['198.51.100.7'],
  '203.0.113.0/24 TEST-NET-3': ['203.0.113.9'],
  '224.0.0.0/4 multicast': ['224.0.0.1', '239.255.255.255'],
  '240.0.0.0/4 reserved': ['240.0.0.1', '255.255.255.254'],
  '255.255.255.255/32 broadcast': ['255.255.255.255'],
  '::/128 unspecified': ['::', '0:0:0:0:0:0:0:0'],
  '::1/128 loopback': ['::1', '0:0:0:0:0:0:0:1'],
  '::ffff:0:0/96 IPv4-mapped (private IPv4)': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:192.0.2.10'],
  '::/96 IPv4-compatible': ['::127.0.0.1', '::7f00:1', '::8.8.8.8', '::10.0.0.1'],
  '::ffff:0:0:0/96 IPv4-translated': ['::ffff:0:7f00:1', '::ffff:0:808:808'],
  '64:ff9b::/96 NAT64 (private IPv4)': ['64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::192.168.0.1', '64:ff9b::c000:20a'],
  '64:ff9b:1::/48 local-use NAT64': ['64:ff9b:1::1', '64:ff9b:1::808:808'],
  '100::/64 discard-only': ['100::', '100::ffff:ffff:ffff:ffff'],
  '2001::/23 IETF protocol assignments': ['2001:1::1', '2001:2::1', '2001:3::1', '2001:10::1', '2001:20::1', '2001:1ff::1'],
  '2001::/32 Teredo': ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0:7f00:1::'],
  '2001:db8::/32 documentation': ['2001:db8::1', '2001:db8:ffff::1'],
  '2002::/16 6to4 (private IPv4)': ['2002:7f00:1::', '2002:7f00:0001::1', '2002:a00:1::', '2002:c0a8:101::1', '2002:a9fe:a9fe::', '2002::', '2002:c000:20a::'],
  '2620:4f:8000::/48 AS112-v6': ['2620:4f:8000::1'],
  '3fff::/20 documentation': ['3fff::1', '3fff:fff::1'],
  '5f00::/16 segment routing SIDs': ['5f00::1'],
  'fc00::/7 unique-local': ['fc00::1', 'fd00::1', 'fdff:ffff::1'],
  'fe80::/10 link-local': ['fe80::1', 'febf::1', 'fe80::1%eth0'],
  'fec0::/10 site-local': ['fec0::1', 'feff::1'],
  'ff00::/8 multicast': ['ff02::1', 'ff0e::1'],
  'outside global unicast (reserved by IETF)': ['400::1', '1000::1', '4000::1', 'e000::1'],
  'not an address': ['', 'localhost', '1.2.3', '999.1.1.1', '::g'],
};

const PUBLIC = [
  '8.8.8.8', '93.184.216.34', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.255',
  '192.0.3.0', '198.17.255.255', '198.20.0.0', '223.255.255.255', '11.0.0.1', '169.253.255.255',
  '2606:4700::1111', '2a00:1450:4001::1', '2001:4860:4860::8888', '2001:200::1',
  '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2002:5db8:d822::',
];

describe('public addresses only', () => {
  const forms = Object.entries(NON_PUBLIC).flatMap(([range, addresses]) => addresses.map((a) => [range, a] as const));

  it.each(forms)('refuses %s: %s', (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

/** How an address can be written in a URL's host: a WHATWG URL normalizes each to one form. */
function urlForms(address: string): string[] {
  if (address.includes(':')) return [`http://[${address.replace(/%.*$/, '')}]:8080/x`];
  const parts = address.split('.').map(Number);
  const number = parts.reduce((n, p) => n * 256 + p, 0);
  return [
    `http://${address}/x`, `https://${address}:8443/x`, `http://${number}/x`, `http://0x${number.toString(16)}/x`,
    `http://${parts.map((p) => `0${p.toString(8)}`).join('.')}/x`, `http://${parts[0]}.${parts[1]}.${(parts[2] << 8) + parts[3]}/x`,
  ];
}

const saved = { ...process.env };
afterEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = saved.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  process.env.CHANNEL_ALLOW_PRIVATE_BASE_URLS = saved.CHANNEL_ALLOW_PRIVATE_BASE_URLS;
});

describe('outbound URLs', () => {
  const urls = Object.values(NON_PUBLIC).flat().filter((a) => a && isIpText(a)).flatMap(urlForms);

  it('refuses every non-public address in every URL form, when saved and when fetched', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '';
    process.env.CHANNEL_ALLOW_PRIVATE_BASE_URLS = '';
    let tried = 0;
    const accepted: string[] = [];
    for (const url of urls) {
      let parsed: URL;
      try { parsed = new URL(url); } catch { continue; }
      for (const use of [WEBHOOK_TARGETS, CHANNEL_BASE_URLS]) {
        tried += 1;
        const saving = await checkOutboundUrl(url, use).then(() => 'accepted', (e: Error) => e.message);
        const fetching = refusedLiteralHost(parsed.hostname, use);
        if (saving === 'accepted' || fetching === null) accepted.push(`${url} (${use.allowSetting})`);
        else expect(saving).toContain(use.allowSetting);
      }
    }
    console.log(`SSRF forms tried: ${tried}, accepted: ${accepted.length}`);
    expect(accepted).toEqual([]);
    expect(tried).toBeGreaterThan(400);
  });

  it('accepts public addresses, and private ones only once allow-listed for that use', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '';
    process.env.CHANNEL_ALLOW_PRIVATE_BASE_URLS = '';
    for (const address of PUBLIC) {
      for (const url of urlForms(address)) await expect(checkOutboundUrl(url, WEBHOOK_TARGETS), url).resolves.toBeUndefined();
    }
    await expect(checkOutboundUrl('http://localhost:9/x', CHANNEL_BASE_URLS)).rejects.toThrow(/CHANNEL_ALLOW_PRIVATE_BASE_URLS/);
    process.env.CHANNEL_ALLOW_PRIVATE_BASE_URLS = 'localhost,[::1],127.0.0.1';
    await expect(checkOutboundUrl('http://localhost:9/x', CHANNEL_BASE_URLS)).resolves.toBeUndefined();
    expect(refusedLiteralHost('[::1]', CHANNEL_BASE_URLS)).toBeNull();
    expect(refusedLiteralHost('127.0.0.1', CHANNEL_BASE_URLS)).toBeNull();
    await expect(checkOutboundUrl('http://localhost:9/x', WEBHOOK_TARGETS)).rejects.toThrow(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
    expect(refusedLiteralHost('127.0.0.1', WEBHOOK_TARGETS)).toMatch(/private or reserved/);
  });

  it('reads an allowed address in any spelling as that address, an IPv4-mapped IPv6 one as its IPv4 address', async () => {
    for (const use of [WEBHOOK_TARGETS, CHANNEL_BASE_URLS]) {
      process.env[use.allowSetting] = '127.0.0.1';
      for (const url of ['http://127.0.0.1:3612/x', 'http://0x7f.1:3612/x', 'http://[::ffff:127.0.0.1]:3612/x', 'http://[0:0:0:0:0:ffff:7f00:1]:3612/x']) {
        await expect(checkOutboundUrl(url, use), url).resolves.toBeUndefined();
        expect(refusedLiteralHost(new URL(url).hostname, use), url).toBeNull();
      }
      // Another address, or another form that only carries it (NAT64), is not the one allowed.
      for (const host of ['[::ffff:127.0.0.2]', '[64:ff9b::7f00:1]', '[::1]']) expect(refusedLiteralHost(host, use), host).toMatch(/private or reserved/);
      process.env[use.allowSetting] = '::ffff:10.0.0.1,0:0:0:0:0:0:0:1';
      expect(refusedLiteralHost('10.0.0.1', use)).toBeNull();
      expect(refusedLiteralHost('[::1]', use)).toBeNull();
    }
  });

  it('refuses a host that does not resolve when saving, unless told the fetch will check', async () => {
    await expect(checkOutboundUrl('http://no-such-host.invalid/x', WEBHOOK_TARGETS)).rejects.toThrow(/could not be resolved/);
    await expect(checkOutboundUrl('http://no-such-host.invalid/x', CHANNEL_BASE_URLS, 'accept')).resolves.toBeUndefined();
  });
});

function isIpText(address: string): boolean {
  return /^[\d.]+$/.test(address) ? address.split('.').length === 4 && address.split('.').every((p) => Number(p) <= 255) : address.includes(':') && !address.includes('g');
}

import net from 'node:net';

// Whether an IP address is one the public Internet routes to. Every special-purpose range of the
// IPv4 and IPv6 registries is refused; IPv6 forms that carry an IPv4 address (mapped, 6to4, the
// well-known NAT64 prefix, Teredo) are judged by the IPv4 address they carry, and IPv6 outside
// global unicast (2000::/3) is refused whatever it is.

type Range = readonly [prefix: bigint, bits: number];

function ipv4Value(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** The 128-bit value of an IPv6 address in any textual form (compressed, with a dotted IPv4 tail). */
export function ipv6Value(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Value(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === null ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group || '0', 16)), 0n);
}

function inRange(value: bigint, width: number, [prefix, bits]: Range): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === prefix >> shift;
}

const v4 = (prefix: string, bits: number): Range => [ipv4Value(prefix), bits];
const v6 = (prefix: string, bits: number): Range => [ipv6Value(prefix), bits];

/** The IPv4 Special-Purpose Address Registry, plus multicast and the reserved class E. */
export const IPV4_SPECIAL: readonly Range[] = [
  v4('0.0.0.0', 8), v4('10.0.0.0', 8), v4('100.64.0.0', 10), v4('127.0.0.0', 8), v4('169.254.0.0', 16),
  v4('172.16.0.0', 12), v4('192.0.0.0', 24), v4('192.0.2.0', 24), v4('192.31.196.0', 24), v4('192.52.193.0', 24),
  v4('192.88.99.0', 24), v4('192.168.0.0', 16), v4('192.175.48.0', 24), v4('198.18.0.0', 15), v4('198.51.100.0', 24),
  v4('203.0.113.0', 24), v4('224.0.0.0', 4), v4('240.0.0.0', 4), v4('255.255.255.255', 32),
];

/** Inside global unicast, the IPv6 Special-Purpose Address Registry's ranges (2001::/23 holds Teredo, ORCHID, benchmarking). */
export const IPV6_SPECIAL: readonly Range[] = [
  v6('2001::', 23), v6('2001:db8::', 32), v6('3fff::', 20), v6('2620:4f:8000::', 48),
];
const GLOBAL_UNICAST = v6('2000::', 3);
const MAPPED = v6('::ffff:0:0', 96);
const NAT64 = v6('64:ff9b::', 96);
const SIX_TO_FOUR = v6('2002::', 16);

function ipv4IsPublic(value: bigint): boolean {
  return !IPV4_SPECIAL.some((range) => inRange(value, 32, range));
}

/** The IPv4 address an IPv6 address carries for routing, or null when it carries none. */
function embeddedIpv4(value: bigint): bigint | null {
  if (inRange(value, 128, MAPPED) || inRange(value, 128, NAT64)) return value & 0xffffffffn;
  if (inRange(value, 128, SIX_TO_FOUR)) return (value >> 80n) & 0xffffffffn;
  return null;
}

/**
 * One spelling of an address, to compare it with another: an IPv4-mapped IPv6 address is its IPv4
 * address (`::ffff:7f00:1` is 127.0.0.1), other IPv6 addresses are written out in full, and
 * anything else (a host name) is kept as it is.
 */
export function addressKey(address: string): string {
  if (net.isIP(address.replace(/%.*$/, '')) !== 6) return address;
  const value = ipv6Value(address);
  if (inRange(value, 128, MAPPED)) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  return Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');
}

/** True for an address the public Internet routes to; false for any special-purpose one or a non-address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address.replace(/%.*$/, ''));
  if (family === 4) return ipv4IsPublic(ipv4Value(address));
  if (family !== 6) return false;
  const value = ipv6Value(address);
  const embedded = embeddedIpv4(value);
  if (embedded !== null) return ipv4IsPublic(embedded);
  return inRange(value, 128, GLOBAL_UNICAST) && !IPV6_SPECIAL.some((range) => inRange(value, 128, range));
}

import dns from 'node:dns';
import net from 'node:net';

// Webhook targets must not reach into the operator's own network: loopback, private, link-local,
// unique-local, CGNAT and cloud metadata addresses are refused when a subscription is saved and
// again on every delivery (DNS may change between the two, so delivery pins the checked address).
// WEBHOOK_ALLOW_PRIVATE_TARGETS lists hosts or addresses the operator allows anyway.

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

function allowList(): Set<string> {
  return new Set((process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));
}

export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (!family) return true;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) return isBlockedAddress(address.slice(7));
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function allowed(host: string, address: string): boolean {
  const list = allowList();
  return list.has(host.toLowerCase()) || list.has(address.toLowerCase()) || !isBlockedAddress(address);
}

export class BlockedTargetError extends Error {}

/** Resolves the target's host and refuses it when any address it resolves to is internal. */
export async function checkTarget(target: string): Promise<void> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [{ address: host }] : await dns.promises.lookup(host, { all: true }).catch(() => {
    throw new BlockedTargetError(`The host "${host}" could not be resolved.`);
  });
  for (const { address } of addresses) {
    if (!allowed(host, address)) throw new BlockedTargetError(`The target resolves to a private or reserved address (${address}).`);
  }
}

/**
 * For a target whose host is an IP address: Node connects to it without a lookup, so the guarded
 * lookup never sees it. Returns why it is refused, or null.
 */
export function refusedLiteralHost(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (!net.isIP(host) || allowed(host, host)) return null;
  return `The target resolves to a private or reserved address (${host}).`;
}

/** A `lookup` for http.request that refuses internal addresses, so the checked address is the one used. */
export function guardedLookup(host: string): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !allowed(host, a.address));
      if (refused || !list.length) {
        return callback(new BlockedTargetError(`The target resolves to a private or reserved address (${refused?.address}).`));
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  }) as unknown as net.LookupFunction;
}

import dns from 'node:dns';
import net from 'node:net';
import { addressKey, isPublicAddress } from './special-addresses';

// Every URL the product fetches on someone's say-so (webhook targets, a channel's provider base
// URL, and later flow ACTION steps and media downloads) must not reach into the operator's own
// network. Each use names the setting (a comma-separated list of hosts or addresses) with which
// an operator allows private ones anyway. A URL is checked when it is saved, and again when it is
// fetched: DNS may change between the two, so the fetch connects only to the address it checked.

export type OutboundUse = {
  /** The environment variable listing hosts or addresses allowed although not public. */
  allowSetting: string;
};

export const WEBHOOK_TARGETS: OutboundUse = { allowSetting: 'WEBHOOK_ALLOW_PRIVATE_TARGETS' };
export const CHANNEL_BASE_URLS: OutboundUse = { allowSetting: 'CHANNEL_ALLOW_PRIVATE_BASE_URLS' };

export class BlockedTargetError extends Error {}

function bare(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

// Entries and addresses are compared in one spelling each, so that `[::ffff:127.0.0.1]` is the 127.0.0.1 allowed.
function allowList(use: OutboundUse): Set<string> {
  return new Set((process.env[use.allowSetting] ?? '').split(',').map((s) => addressKey(bare(s.trim()))).filter(Boolean));
}

function allowed(use: OutboundUse, host: string, address: string): boolean {
  const list = allowList(use);
  return list.has(addressKey(bare(host))) || list.has(addressKey(bare(address))) || isPublicAddress(address);
}

function refusal(use: OutboundUse, address: string | undefined): string {
  return `The URL resolves to a private or reserved address (${address ?? 'none'}); `
    + `the operator may allow its host in ${use.allowSetting}.`;
}

/**
 * Resolves the URL's host and refuses it when any address it resolves to is not public. A host
 * that does not resolve is refused unless `unresolved` is 'accept' (the fetch checks again).
 */
export async function checkOutboundUrl(target: string, use: OutboundUse, unresolved: 'refuse' | 'accept' = 'refuse'): Promise<void> {
  const host = bare(new URL(target).hostname);
  let addresses: { address: string }[];
  if (net.isIP(host)) {
    addresses = [{ address: host }];
  } else {
    try {
      addresses = await dns.promises.lookup(host, { all: true });
    } catch {
      if (unresolved === 'accept') return;
      throw new BlockedTargetError(`The host "${host}" could not be resolved.`);
    }
  }
  for (const { address } of addresses) {
    if (!allowed(use, host, address)) throw new BlockedTargetError(refusal(use, address));
  }
}

/**
 * For a URL whose host is an IP address: Node connects to it without a lookup, so the guarded
 * lookup never sees it. Returns why it is refused, or null.
 */
export function refusedLiteralHost(hostname: string, use: OutboundUse): string | null {
  const host = bare(hostname);
  if (!net.isIP(host) || allowed(use, host, host)) return null;
  return refusal(use, host);
}

/** A `lookup` for http.request that refuses non-public addresses, so the checked address is the one used. */
export function guardedLookup(host: string, use: OutboundUse): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !allowed(use, host, a.address));
      if (refused || !list.length) return callback(new BlockedTargetError(refusal(use, refused?.address)));
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  }) as unknown as net.LookupFunction;
}

/**
 * The request options that keep a fetch of `url` on public addresses, or why it is refused.
 * Spread into http(s).request's options; redirects must not be followed (node:http does not).
 */
export function outboundRequestGuard(url: URL, use: OutboundUse): { refused: string } | { lookup: net.LookupFunction } {
  const refused = refusedLiteralHost(url.hostname, use);
  return refused ? { refused } : { lookup: guardedLookup(url.hostname, use) };
}

// A failed connection to the provider, said for a person: Node's codes (ECONNREFUSED …) mean
// nothing to whoever reads the channel page or a message's failure.
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name could not be found',
  EAI_AGAIN: 'the host name could not be looked up (DNS did not answer)',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EPIPE: 'the connection was closed while sending',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

export const UNREACHABLE = 'Could not reach the provider';

/** "Could not reach the provider: the connection was refused (api.example.com:443)." */
export function describeNetworkError(error: NodeJS.ErrnoException & { hostname?: string; address?: string; port?: number }, url: URL): string {
  const reason = (error.code && REASONS[error.code]) || error.message.replace(/\b(E[A-Z_]+|ERR_[A-Z_]+)\b\s*/g, '').trim() || 'the connection failed';
  return `${UNREACHABLE}: ${reason} (${url.host}).`;
}

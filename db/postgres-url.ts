// postgres.js takes a Unix-socket directory only as its `host` option, while libpq (psql, pg,
// pg-boss) also reads it from the URL: `postgres://user@/db?host=/var/run/postgresql`. The same
// DATABASE_URL must work for both, so a `host` query parameter is lifted out into that option
// (postgres.js would otherwise send it to the server as a setting, which Postgres refuses).
// A co-located Postgres is much cheaper to talk to over its socket than over loopback TCP.

export type PostgresTarget = { url: string; host?: string };

export function postgresTarget(url: string): PostgresTarget {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return { url };
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const host = params.get('host');
  if (!host) return { url };
  params.delete('host');
  const rest = params.toString();
  // An empty authority host (`user@/db`) is legal for libpq but not for URL parsers.
  const base = url.slice(0, queryAt).replace(/@\//, '@localhost/').replace(/^(postgres(?:ql)?:\/\/)\//, '$1localhost/');
  return { url: rest ? `${base}?${rest}` : base, host };
}

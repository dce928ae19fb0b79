import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { PostgresTarget } from './postgres-url';

// LISTEN on one channel, with the listener's state made visible. A process that caches what a
// notification would invalidate must know when it might be missing notifications (the connection
// dropped, or is not yet open) and stop trusting its cache until it is listening again.

export type NotificationHandlers = {
  onNotify: (payload: string) => void;
  /** Listening (again): anything may have changed while not listening. */
  onListening: () => void;
  /** No longer listening: notifications may be missed until onListening. */
  onLost: () => void;
};

export type Listener = {
  readonly listening: boolean;
  /** Closed for good (with its database): a new listener is needed. */
  readonly closed: boolean;
  close: () => Promise<void>;
};

const RETRY_MS = 1_000;

/**
 * A dedicated connection, so the pool's connections stay free to be recycled. postgres.js's own
 * `listen` re-subscribes once after a drop and silently gives up if that fails; this one keeps
 * retrying every second for as long as the process lives.
 */
export function listenPostgres(target: PostgresTarget, channel: string, handlers: NotificationHandlers): Listener {
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const lost = () => {
    if (listening) {
      listening = false;
      handlers.onLost();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void attach();
    }, RETRY_MS);
    retry.unref();
  };
  // `onnotify` is the option postgres.js's own `listen` is built on; its types leave it out.
  const onnotify = (name: string, payload: string) => {
    if (name === channel) handlers.onNotify(payload);
  };
  const client = postgres(target.url, {
    host: target.host, max: 1, idle_timeout: 0, max_lifetime: null, fetch_types: false, onnotice: () => {},
    onclose: () => {
      lost();
      schedule();
    },
    ...({ onnotify } as object),
  });
  async function attach() {
    try {
      await client.unsafe(`listen "${channel.replace(/"/g, '""')}"`);
      if (closed) return;
      listening = true;
      handlers.onListening();
    } catch {
      lost();
      schedule();
    }
  }
  void attach();
  return {
    get listening() { return listening; },
    get closed() { return closed; },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      lost();
      await client.end({ timeout: 1 });
    },
  };
}

/** The embedded engine lives in this process: once subscribed, nothing can be missed. */
export function listenPglite(pglite: PGlite, channel: string, handlers: NotificationHandlers): Listener {
  let listening = false;
  let unsubscribe: (() => Promise<void>) | null = null;
  let closed = false;
  const ready = pglite.listen(channel, (payload) => handlers.onNotify(payload)).then((stop) => {
    unsubscribe = stop;
    if (closed) return stop();
    listening = true;
    handlers.onListening();
  }).catch(() => { /* closed before subscribing: stays not listening */ });
  return {
    get listening() { return listening; },
    get closed() { return closed; },
    close: async () => {
      closed = true;
      await ready;
      if (listening) {
        listening = false;
        handlers.onLost();
        await unsubscribe?.().catch(() => {});
      }
    },
  };
}

import { followInbox, type LiveEvent } from './live';

// The server-sent events stream of GET /api/inbox/events. Events: `ready` (connected; `listening`
// false means changes may be missed until `resync`), `change` ({conversations: ids, or null for
// "refresh everything"; contacts: ids of contacts whose details changed}), `resync` (the server listens again after a gap: reload what is shown),
// `lost` (the server stopped listening: poll until `resync`). A comment every 15 s keeps proxies
// from closing an idle connection; `retry` tells the browser to reconnect after a second. At each
// of those the caller's credentials are asked again (`stillAllowed`): a member deactivated, or a key
// revoked, ends the stream within 15 s, as it ends their next request.

const HEARTBEAT_MS = 15_000;

/** Of these conversations, those the stream's member may see (all of them when it may see every one). */
export type VisibleOf = (ids: string[]) => Promise<string[]>;

export function inboxEventStream(
  accountId: number, signal: AbortSignal, stillAllowed: () => Promise<boolean> = async () => true, visibleOf: VisibleOf | null = null,
): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const event = (name: string, data: unknown) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      // A member who sees only some conversations is told only of those (in order: each waits for the one before).
      let told = Promise.resolve();
      const change = (conversations: string[] | null, contacts: string[]) => {
        if (!visibleOf || conversations === null) return event('change', { conversations, contacts });
        told = told.then(async () => {
          const seen = await visibleOf(conversations).catch(() => []);
          if (seen.length || (contacts.length && !conversations.length)) event('change', { conversations: seen, contacts });
        });
      };
      const onEvent = (e: LiveEvent) => {
        if (e.type === 'change') change(e.conversations, e.contacts);
        else if (e.type === 'listening') event('resync', {});
        else if (e.type === 'lost') event('lost', {});
        else cleanup();
      };
      const follow = await followInbox(accountId, onEvent);
      const heartbeat = setInterval(() => {
        void stillAllowed().then((ok) => (ok ? write(': keep-alive\n\n') : cleanup()), () => write(': keep-alive\n\n'));
      }, HEARTBEAT_MS);
      heartbeat.unref?.();
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        follow.stop();
        signal.removeEventListener('abort', cleanup);
        try { controller.close(); } catch { /* already closed by the client */ }
      };
      signal.addEventListener('abort', cleanup);
      if (signal.aborted) return cleanup();
      write('retry: 1000\n\n');
      event('ready', { listening: follow.listening });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  });
}

import { database } from '@/db';
import type { Listener } from '@/db/notifications';

// Live inbox updates for open dashboards. Database triggers (migrations 0013 and 0030) announce every
// change to a conversation, its messages, assignees or tags, and to its contact, on INBOX_CHANNEL, whichever process made it
// (a web process, the worker, an operator); each web process listens once and fans the
// announcements out to its open streams of the same account. While this process is not listening
// (connection lost, not yet open) its streams are told so, and told to resync once it listens again.

export const INBOX_CHANNEL = 'inbox_changes';

export type LiveEvent =
  /** `conversations` null: refresh everything. `contacts`: whose details changed (their conversations are named too). */
  | { type: 'change'; conversations: string[] | null; contacts: string[] }
  | { type: 'listening' }
  | { type: 'lost' }
  /** The database closed (the process is stopping): streams end, so browsers reconnect elsewhere. */
  | { type: 'closed' };

type Subscriber = { accountId: number; send: (event: LiveEvent) => void };

const holder = globalThis as unknown as { __engageInboxLive?: { subscribers: Set<Subscriber>; listener: Listener | null } };
const state = (holder.__engageInboxLive ??= { subscribers: new Set(), listener: null });

function dispatch(payload: string) {
  let parsed: { a?: unknown; c?: unknown; k?: unknown };
  try {
    parsed = JSON.parse(payload);
  } catch {
    return;
  }
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : null);
  const conversations = ids(parsed.c);
  const contacts = ids(parsed.k) ?? [];
  for (const s of state.subscribers) if (s.accountId === parsed.a) s.send({ type: 'change', conversations, contacts });
}

/** The process's listener; a new one is given up to two seconds to start listening. */
async function ensureListening(): Promise<Listener> {
  if (state.listener && !state.listener.closed) return state.listener;
  let started = () => {};
  const starting = new Promise<void>((resolve) => { started = resolve; });
  const listener = (await database()).listen(INBOX_CHANNEL, {
    onNotify: dispatch,
    onListening: () => {
      started();
      for (const s of state.subscribers) s.send({ type: 'listening' });
    },
    onLost: () => {
      const type = state.listener?.closed ? 'closed' as const : 'lost' as const;
      for (const s of state.subscribers) s.send({ type });
    },
  });
  state.listener = listener;
  if (!listener.listening) await Promise.race([starting, new Promise((r) => setTimeout(r, 2_000).unref())]);
  return listener;
}

/** Follows the account's inbox; returns whether this process is listening now, and how to stop. */
export async function followInbox(accountId: number, send: (event: LiveEvent) => void): Promise<{ listening: boolean; stop: () => void }> {
  const subscriber: Subscriber = { accountId, send };
  const listener = await ensureListening();
  state.subscribers.add(subscriber);
  return { listening: listener.listening, stop: () => { state.subscribers.delete(subscriber); } };
}

/** Streams open in this process (for tests and the benchmark). */
export function openStreams(): number {
  return state.subscribers.size;
}

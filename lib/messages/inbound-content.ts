import type { messageType } from '@/db/schema';
import type { CloudInboundMessage } from './cloud-payload';
import type { MessageLocation } from './serializer';

// How each type of inbound Cloud API message is stored: `msg_type`, a readable `body`, the
// type's own object as `content`, and `location` / `contacts` in their columns.

type MsgType = (typeof messageType.enumValues)[number];
const MEDIA = ['image', 'document', 'audio', 'video', 'sticker'] as const;
const KNOWN = new Set<string>(['text', 'location', 'contacts', 'interactive', 'button', 'reaction', ...MEDIA]);

export type InboundFields = {
  msgType: MsgType;
  body: string;
  content: Record<string, unknown>;
  contentType: string;
  location: MessageLocation | null;
  contactsPayload: object[] | null;
};

export function inboundFields(m: CloudInboundMessage): InboundFields {
  const type = KNOWN.has(String(m.type)) ? m.type as MsgType : 'unknown';
  const out: InboundFields = { msgType: type, body: '', content: {}, contentType: '', location: null, contactsPayload: null };
  const context = m.context ? { context: m.context } : {};
  switch (type) {
    case 'text':
      out.body = m.text?.body ?? '';
      out.content = { text: m.text ?? {}, ...context };
      out.contentType = 'text/plain';
      break;
    case 'location': {
      const l = m.location ?? {};
      out.location = {
        address: l.address ?? '', latitude: Number(l.latitude ?? 0), longitude: Number(l.longitude ?? 0), place_name: l.name ?? '', url: l.url ?? '',
      };
      out.body = [l.name, l.address].filter(Boolean).join(', ');
      out.content = { location: l, ...context };
      break;
    }
    case 'contacts':
      out.contactsPayload = Array.isArray(m.contacts) ? m.contacts : [];
      out.body = out.contactsPayload.map((c) => (c as { name?: { formatted_name?: string } }).name?.formatted_name).filter(Boolean).join(', ');
      out.content = { contacts: out.contactsPayload, ...context };
      break;
    case 'interactive': {
      const i = m.interactive ?? {};
      const reply = i.button_reply ?? i.list_reply;
      out.body = reply?.title ?? i.nfm_reply?.body ?? '';
      out.content = { interactive: i, ...context };
      break;
    }
    case 'button':
      out.body = m.button?.text ?? '';
      out.content = { button: m.button ?? {}, ...context };
      break;
    case 'reaction':
      out.body = m.reaction?.emoji ?? '';
      out.content = { reaction: m.reaction ?? {}, ...context };
      break;
    case 'unknown':
      out.content = { type: m.type ?? null, errors: m.errors ?? [], ...context };
      break;
    default: {
      const media = m[type as (typeof MEDIA)[number]] ?? {};
      out.body = media.caption ?? media.filename ?? '';
      out.content = { [type]: media, ...context };
      out.contentType = media.mime_type ?? '';
    }
  }
  return out;
}

import type { Message } from '@/lib/client/types';
import { componentList } from '@/lib/templates/variables';
import { ChatText } from './chat-text';

type Media = { link?: string; mime_type?: string; filename?: string; caption?: string };

/** The buttons a contact could press on this message: a template's buttons, or an interactive message's reply buttons. */
export function messageButtons(m: Message): { type: string; text: string; id?: string; url?: string }[] {
  if (m.chat_template) {
    const buttons = componentList(m.chat_template.components).find((c) => String(c.type).toUpperCase() === 'BUTTONS')?.buttons ?? [];
    return buttons.map((b) => ({ type: String(b.type).toUpperCase(), text: b.text ?? '', url: b.url }));
  }
  if (m.direction !== 'OUTBOUND') return [];
  const interactive = (m.content as { interactive?: { action?: { buttons?: { reply?: { id?: string; title?: string } }[] } } }).interactive;
  return (interactive?.action?.buttons ?? [])
    .map((b) => ({ type: 'REPLY', text: b.reply?.title ?? '', id: b.reply?.id }))
    .filter((b) => b.text);
}

type WireList = { button?: string; sections?: { title?: string; rows?: { id?: string; title?: string; description?: string }[] }[] };

/** An interactive list's button label and rows (what a contact picks from), or null. */
export function messageList(m: Message): { button: string; rows: { id?: string; title: string; section?: string }[] } | null {
  if (m.direction !== 'OUTBOUND' || m.msg_type !== 'interactive') return null;
  const interactive = (m.content as { interactive?: { type?: string; action?: WireList } }).interactive;
  if (interactive?.type !== 'list') return null;
  const rows = (interactive.action?.sections ?? []).flatMap((s) => (s.rows ?? []).map((r) => ({ id: r.id, title: r.title ?? '', section: s.title })));
  return { button: interactive.action?.button || 'Choose', rows: rows.filter((r) => r.title) };
}

/** What an inbound interactive message answered: a tapped button or a picked list row. */
function tapped(m: Message): string | null {
  if (m.direction !== 'INBOUND' || m.msg_type !== 'interactive') return null;
  const t = (m.content as { interactive?: { type?: string } }).interactive?.type;
  return t === 'list_reply' ? 'Picked from the list' : t === 'button_reply' ? 'Tapped a button' : null;
}

/** A map of the point, for a location a contact shared (its body only repeats the name and address). */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

function LocationContent({ location: l }: { location: NonNullable<Message['location']> }) {
  const point = `${l.latitude}, ${l.longitude}`;
  return (
    <div className="text-sm text-slate-900">
      <p>📍 <span className="font-medium">{l.place_name || l.address || point}</span></p>
      {l.place_name && l.address && <p className="text-slate-700">{l.address}</p>}
      <a href={mapLink(l.latitude, l.longitude)} target="_blank" rel="noreferrer noopener" className="text-xs text-indigo-700 underline">
        Open in a map ({point})
      </a>
    </div>
  );
}

const MEDIA_TYPES = new Set(['image', 'document', 'audio', 'video', 'sticker']);

/** The readable part of a message: its text, a file link, a location, the template it came from. */
export function MessageContent({ message: m }: { message: Message }) {
  const media = MEDIA_TYPES.has(m.msg_type) ? ((m.content as Record<string, Media | undefined>)[m.msg_type] ?? {}) : null;
  const buttons = messageButtons(m);
  const list = messageList(m);
  const reply = tapped(m);
  return (
    <div className="space-y-1.5">
      {reply && <p className="text-xs text-slate-500">↩ {reply}</p>}
      {m.chat_template && <p className="text-xs text-slate-500">Template <span className="font-mono">{m.chat_template.name}</span></p>}
      {media?.link && m.msg_type === 'image' && media.link.includes('/api/media/') && (
        // A file an agent attached, served by this product (an inbound image's link is the provider's, not loadable here).
        // eslint-disable-next-line @next/next/no-img-element
        <img src={media.link} alt={media.filename || 'Image'} className="max-h-48 max-w-full rounded" />
      )}
      {media && (
        <p className="text-sm">
          📎 {media.link
            ? <a href={media.link} target="_blank" rel="noreferrer noopener" className="break-all text-indigo-700 underline">{media.filename || media.link}</a>
            : (media.filename || 'File')}
          {media.mime_type && <span className="ml-1 text-xs text-slate-500">({media.mime_type})</span>}
        </p>
      )}
      {m.msg_type === 'location' && m.location && <LocationContent location={m.location} />}
      {m.body && (!media || m.body !== media.filename) && !(m.msg_type === 'location' && m.location) && (
        <p data-testid="message-body" className="whitespace-pre-wrap break-words text-sm text-slate-900"><ChatText text={m.body} /></p>
      )}
      {buttons.length > 0 && (
        <ul aria-label="Buttons" className="flex flex-wrap gap-1.5 pt-1">
          {buttons.map((b, i) => (
            <li key={i} className="rounded-md border border-slate-200 bg-white px-2 py-0.5 text-xs text-indigo-700">
              {b.type === 'URL' ? '↗ ' : ''}{b.text}
            </li>
          ))}
        </ul>
      )}
      {list && (
        <div className="rounded-md border border-slate-200 bg-white text-xs">
          <p className="border-b border-slate-200 px-2 py-1 font-medium text-indigo-700">☰ {list.button}</p>
          <ul aria-label="List options" className="divide-y divide-slate-100">
            {list.rows.map((r, i) => <li key={i} className="px-2 py-0.5 text-slate-700">{r.title}</li>)}
          </ul>
        </div>
      )}
    </div>
  );
}

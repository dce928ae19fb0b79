'use client';
import Link from 'next/link';
import { useQuickReplies } from '@/lib/client/quick-replies';
import type { QuickReply } from '@/lib/client/types';

/** The `/word` just before the caret (at the start or after a space), or null when there is none. */
export function slashQuery(text: string, caret: number): { start: number; query: string } | null {
  const m = /(?:^|\s)\/([\p{L}\p{N}_-]*)$/u.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[1].length - 1, query: m[1] };
}

/** The quick replies matching what follows `/`, as a listbox above the reply box. */
export function useQuickReplyMatches(query: string | null) {
  const list = useQuickReplies(query ?? '', 8);
  return query === null ? [] : list.data?.results ?? [];
}

export function QuickReplyPicker({ items, active, query, onPick, onHover }: {
  items: QuickReply[]; active: number; query: string; onPick: (r: QuickReply) => void; onHover: (i: number) => void;
}) {
  return (
    <div className="absolute inset-x-0 bottom-full z-20 mb-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg">
      <p className="border-b border-slate-100 px-3 py-1.5 text-xs text-slate-500">
        Quick replies{query ? <> matching <span className="font-mono">/{query}</span></> : ''} · ↑↓ to choose, Enter to insert, Esc to close
      </p>
      {items.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-500">
          No quick reply matches. <Link href="/settings/quick-replies" className="text-indigo-700 hover:underline">Manage quick replies</Link>
        </p>
      ) : (
        <ul role="listbox" aria-label="Quick replies" className="max-h-56 overflow-y-auto py-1">
          {items.map((r, i) => (
            <li key={r.id} role="option" aria-selected={i === active} onMouseEnter={() => onHover(i)}
              onMouseDown={(e) => { e.preventDefault(); onPick(r); }}
              className={`cursor-pointer px-3 py-1.5 text-sm ${i === active ? 'bg-indigo-50' : ''}`}>
              <span className="font-mono text-xs font-medium text-indigo-700">/{r.shortcut}</span>
              <span className="ml-2 line-clamp-1 text-slate-700">{r.body}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { Fragment } from 'react';
import { chatTextParts, type ChatPart } from '@/lib/client/chat-text';

function Part({ part }: { part: ChatPart }) {
  switch (part.kind) {
    case 'text': return <>{part.text}</>;
    case 'mono': return <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em]">{part.text}</code>;
    // A customer's link opens apart from the dashboard, and tells the site nothing of it.
    case 'link': return <a href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-indigo-700 underline">{part.text}</a>;
    case 'bold': return <strong className="font-semibold">{part.parts.map((p, i) => <Part key={i} part={p} />)}</strong>;
    case 'italic': return <em>{part.parts.map((p, i) => <Part key={i} part={p} />)}</em>;
    case 'strike': return <s>{part.parts.map((p, i) => <Part key={i} part={p} />)}</s>;
  }
}

/** A message's text with its chat formatting and links (lib/client/chat-text.ts). */
export function ChatText({ text }: { text: string }) {
  return <>{chatTextParts(text).map((p, i) => <Fragment key={i}><Part part={p} /></Fragment>)}</>;
}

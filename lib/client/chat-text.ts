// A chat message's text as chat apps show it: *bold*, _italic_, ~struck~ and ```monospace```
// markers (only at word edges, so snake_case and 2*3*4 stay as written), and web addresses as
// links. Pure, so the rules are tested apart from the page (chat-text.test.ts beside it).

export type ChatPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mono'; text: string }
  | { kind: 'bold' | 'italic' | 'strike'; parts: ChatPart[] };

const STYLE = { '*': 'bold', _: 'italic', '~': 'strike' } as const;
// A marker opens after a line start, a space or punctuation, and closes before one; the text
// between neither starts nor ends with a space and stays on one line.
const STYLED = /(^|[^\p{L}\p{N}])([*_~])(?!\s|\2)([^\n]*?\S)\2(?![\p{L}\p{N}])/u;
const MONO = /```([\s\S]+?)```/;
const URL = /\b(?:https?:\/\/|www\.)[^\s<>"]+/i;

/** An address as written, without the punctuation that ends the sentence around it. */
function trimUrl(raw: string): string {
  let url = raw.replace(/[.,!?;:'"]+$/, '');
  if (url.endsWith(')') && !url.includes('(')) url = url.slice(0, -1);
  return url;
}

function styled(text: string): ChatPart[] {
  const m = STYLED.exec(text);
  if (!m) return text ? [{ kind: 'text', text }] : [];
  const start = m.index + m[1].length;
  const end = m.index + m[0].length;
  return [
    ...(text.slice(0, start) ? [{ kind: 'text' as const, text: text.slice(0, start) }] : []),
    { kind: STYLE[m[2] as keyof typeof STYLE], parts: styled(m[3]) },
    ...styled(text.slice(end)),
  ];
}

function linked(text: string): ChatPart[] {
  const m = URL.exec(text);
  if (!m) return styled(text);
  const url = trimUrl(m[0]);
  const end = m.index + url.length;
  return [
    ...styled(text.slice(0, m.index)),
    { kind: 'link', text: url, href: /^https?:\/\//i.test(url) ? url : `https://${url}` },
    ...linked(text.slice(end)),
  ];
}

export function chatTextParts(text: string): ChatPart[] {
  const m = MONO.exec(text);
  if (!m) return linked(text);
  return [...linked(text.slice(0, m.index)), { kind: 'mono', text: m[1] }, ...chatTextParts(text.slice(m.index + m[0].length))];
}

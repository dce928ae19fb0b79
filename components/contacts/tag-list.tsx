import Link from 'next/link';
import { Badge } from '@/components/ui/badge';

/** Tags as badges; with `href`, each links to what it names (the contacts list filtered by it). */
export function TagList({ tags, max, href }: { tags: { id?: number; name: string }[]; max?: number; href?: (name: string) => string }) {
  if (!tags.length) return <span className="text-slate-500">—</span>;
  const shown = max ? tags.slice(0, max) : tags;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((t) => (href
        ? <Link key={t.id ?? t.name} href={href(t.name)} aria-label={`Contacts tagged ${t.name}`} className="rounded-full hover:opacity-80"><Badge tone="indigo">{t.name}</Badge></Link>
        : <Badge key={t.id ?? t.name} tone="indigo">{t.name}</Badge>))}
      {shown.length < tags.length && <Badge>+{tags.length - shown.length}</Badge>}
    </span>
  );
}

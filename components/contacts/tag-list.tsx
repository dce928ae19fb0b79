import { Badge } from '@/components/ui/badge';

export function TagList({ tags, max }: { tags: { id?: number; name: string }[]; max?: number }) {
  if (!tags.length) return <span className="text-slate-400">—</span>;
  const shown = max ? tags.slice(0, max) : tags;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((t) => <Badge key={t.id ?? t.name} tone="indigo">{t.name}</Badge>)}
      {shown.length < tags.length && <Badge>+{tags.length - shown.length}</Badge>}
    </span>
  );
}

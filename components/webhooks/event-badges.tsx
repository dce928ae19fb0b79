import { Badge } from '@/components/ui/badge';

export function EventBadges({ events, max }: { events: readonly string[]; max?: number }) {
  const shown = max ? events.slice(0, max) : events;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((e) => <Badge key={e} tone="indigo"><span className="font-mono">{e}</span></Badge>)}
      {shown.length < events.length && <Badge>+{events.length - shown.length}</Badge>}
    </span>
  );
}

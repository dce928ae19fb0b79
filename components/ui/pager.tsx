import { Button } from '@/components/ui/button';

const fmt = new Intl.NumberFormat('en-US');

export function Pager({ label, noun, page, pageSize, count, hasPrevious, hasNext, onPage, countTestId }: {
  label: string; noun: string; page: number; pageSize: number; count: number; hasPrevious: boolean; hasNext: boolean;
  onPage: (page: number) => void; countTestId?: string;
}) {
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, count);
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4 border-t border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600" data-testid={countTestId}>
        {count === 0 ? `No ${noun}` : <>Showing <b>{fmt.format(first)}</b>–<b>{fmt.format(last)}</b> of <b>{fmt.format(count)}</b></>}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={!hasPrevious} onClick={() => onPage(page - 1)}>Previous</Button>
        <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>Next</Button>
      </div>
    </nav>
  );
}

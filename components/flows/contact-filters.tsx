'use client';
import { Button } from '@/components/ui/button';
import { FieldErrors } from '@/components/ui/field-errors';
import { inputClass } from '@/components/ui/text-field';
import { errorBody, messagesAt } from '@/lib/client/drf-errors';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { useMatchingContacts, type ContactFilter } from '@/lib/client/flows';

// An execution's FILTERS: conditions over contact fields, `meta.<key>` and tags (all must hold),
// with a live count of the contacts they match now.

export type FilterRow = ContactFilter;

const FIELDS: [string, string][] = [
  ['tags', 'Tag'], ['first_name', 'First name'], ['last_name', 'Last name'], ['email', 'Email'], ['phone', 'Phone'],
  ['external_id', 'External id'], ['source', 'Source'],
];
const COMPARISONS: [string, string][] = [
  ['exact', 'is'], ['!exact', 'is not'], ['icontains', 'contains'], ['!icontains', 'does not contain'],
  ['gt', '>'], ['gte', '≥'], ['lt', '<'], ['lte', '≤'], ['isnull', 'is empty'], ['!isnull', 'is not empty'],
];
const fmt = new Intl.NumberFormat('en-US');

export function ContactFilters({ rows, onChange, errors }: { rows: FilterRow[]; onChange: (rows: FilterRow[]) => void; errors: unknown }) {
  const shown = useDebouncedValue(rows, 300);
  const count = useMatchingContacts(shown);
  const countErrors = errorBody(count.error);
  const set = (i: number, patch: Partial<FilterRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const isMeta = (f: string) => !FIELDS.some(([v]) => v === f);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Contacts matching all of</legend>
      {rows.map((r, i) => (
        <div key={i} className="space-y-1">
          <div className="grid grid-cols-[1fr_1fr_1fr_auto] gap-2">
            <select aria-label={`Filter ${i + 1} field`} className={inputClass} value={isMeta(r.field) ? 'meta' : r.field}
              onChange={(e) => set(i, { field: e.target.value === 'meta' ? 'meta.' : e.target.value })}>
              {FIELDS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
              <option value="meta">Attribute…</option>
            </select>
            <select aria-label={`Filter ${i + 1} comparison`} className={inputClass} value={r.comparison} onChange={(e) => set(i, { comparison: e.target.value })}>
              {COMPARISONS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
            <input aria-label={`Filter ${i + 1} value`} className={inputClass} value={r.value} disabled={r.comparison.endsWith('isnull')}
              onChange={(e) => set(i, { value: e.target.value })} />
            <Button type="button" variant="secondary" disabled={rows.length === 1} onClick={() => onChange(rows.filter((_, j) => j !== i))}
              aria-label={`Remove filter ${i + 1}`}>×</Button>
          </div>
          {isMeta(r.field) && (
            <input aria-label={`Filter ${i + 1} attribute`} placeholder="Attribute name (meta key)" className={inputClass} value={r.field.slice(5)}
              onChange={(e) => set(i, { field: `meta.${e.target.value.trim()}` })} />
          )}
          <FieldErrors messages={[...messagesAt(errors, ['contact_filters', String(i), 'field']), ...(errors ? [] : messagesAt(countErrors, ['contact_filters', String(i), 'field']))]} />
        </div>
      ))}
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="secondary" disabled={rows.length >= 20} onClick={() => onChange([...rows, { field: 'tags', comparison: 'exact', value: '' }])}>
          Add a filter
        </Button>
        <p role="status" className="text-sm text-slate-700" data-testid="matching-count">
          {count.data ? <><span className="font-semibold tabular-nums">{fmt.format(count.data.count)}</span> matching contact{count.data.count === 1 ? '' : 's'}{count.isFetching ? '…' : ''}</>
            : count.isError ? 'Check the filters.' : count.isFetching ? 'Counting…' : ''}
        </p>
      </div>
      <FieldErrors messages={messagesAt(errors, ['contact_filters']).filter((m) => typeof m === 'string')} />
    </fieldset>
  );
}

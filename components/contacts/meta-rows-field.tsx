'use client';
import { Button } from '@/components/ui/button';
import { FieldErrors } from '@/components/ui/field-errors';
import { inputClass } from '@/components/ui/text-field';
import { newMetaRow, type MetaRow } from './contact-form-values';

/** Free-form attributes as name/value rows; errors per row come from the API (`meta.<key>`) or the browser. */
export function MetaRowsField({ rows, onChange, rowErrors, errors }: {
  rows: MetaRow[];
  onChange: (rows: MetaRow[]) => void;
  rowErrors: (row: MetaRow) => string[];
  errors: string[];
}) {
  const update = (rowId: number, patch: Partial<MetaRow>) => onChange(rows.map((r) => (r.rowId === rowId ? { ...r, ...patch } : r)));
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-700">Attributes</legend>
      <p className="mt-0.5 text-xs text-slate-500">Any extra data about the contact (plan, city, CRM fields). Values are stored as text.</p>
      <div className="mt-2 space-y-2">
        {rows.map((row, i) => {
          const messages = rowErrors(row);
          return (
            <div key={row.rowId}>
              <div className="flex gap-2">
                <div className="w-2/5 shrink-0">
                  <input aria-label={`Attribute ${i + 1} name`} placeholder="Name" value={row.key} maxLength={200}
                    onChange={(e) => update(row.rowId, { key: e.target.value })} className={inputClass}
                    aria-invalid={messages.length ? true : undefined} />
                </div>
                <div className="min-w-0 flex-1">
                  <input aria-label={`Attribute ${i + 1} value`} placeholder="Value" value={row.value}
                    onChange={(e) => update(row.rowId, { value: e.target.value })} className={inputClass}
                    aria-invalid={messages.length ? true : undefined} />
                </div>
                <Button variant="ghost" aria-label={`Remove attribute ${i + 1}`}
                  onClick={() => onChange(rows.length > 1 ? rows.filter((r) => r.rowId !== row.rowId) : [newMetaRow()])}>
                  ✕
                </Button>
              </div>
              <FieldErrors messages={messages} />
            </div>
          );
        })}
      </div>
      <FieldErrors messages={errors} />
      <Button variant="secondary" className="mt-2" onClick={() => onChange([...rows, newMetaRow()])}>Add attribute</Button>
    </fieldset>
  );
}

'use client';
import { useMembers } from '@/lib/client/members';

/**
 * The members a new conversation of this contact is assigned to (before any team's strategy):
 * the account's active members as checkboxes, plus any chosen one since deactivated.
 */
export function DefaultAssigneesField({ value, errors, onChange }: {
  value: number[];
  errors: string[];
  onChange: (ids: number[]) => void;
}) {
  const members = useMembers();
  const shown = (members.data ?? []).filter((m) => m.is_active || value.includes(m.id));
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset>
      <legend className="text-sm text-slate-600">New conversations of this contact go to these members first.</legend>
      {members.isPending && <p className="mt-2 text-sm text-slate-500">Loading members…</p>}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {shown.map((m) => (
          <label key={m.id} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={value.includes(m.id)} onChange={() => toggle(m.id)} />
            {`${m.first_name} ${m.last_name}`.trim() || m.email}
            {!m.is_active && <span className="text-xs text-slate-500">(deactivated)</span>}
          </label>
        ))}
      </div>
      {errors.map((e) => <p key={e} className="mt-1 text-sm text-red-600">{e}</p>)}
    </fieldset>
  );
}

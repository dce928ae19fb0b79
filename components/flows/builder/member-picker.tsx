'use client';
import { useMembers } from '@/lib/client/members';
import type { Member } from '@/lib/client/types';
import { Errors } from './inputs';

// A CONVERSATION step's "assign to": the account's active members, checked by name and email.
// An id the account does not know as an active member stays listed so that it can be unchecked.

export const memberName = (m: Pick<Member, 'first_name' | 'last_name' | 'email'>) => `${m.first_name} ${m.last_name}`.trim() || m.email;

export function MemberPicker({ value, onChange, errors }: { value: number[]; onChange: (ids: number[]) => void; errors: string[] }) {
  const members = useMembers();
  const active = (members.data ?? []).filter((m) => m.is_active);
  const unknown = value.filter((id) => members.data && !active.some((m) => m.id === id));
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((x) => x !== id));
  return (
    <fieldset>
      <legend className="text-xs font-medium text-slate-700">Assign to</legend>
      <p className="text-[11px] text-slate-500">None checked: the conversation waits in the inbox unassigned.</p>
      {members.isPending ? <p className="mt-1 text-xs text-slate-500">Loading members…</p> : (
        <ul className="mt-1.5 max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-md ring-1 ring-slate-200">
          {active.map((m) => (
            <li key={m.id}>
              <label className="flex cursor-pointer items-center gap-2 px-2.5 py-1.5 hover:bg-slate-50">
                <input type="checkbox" checked={value.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} className="rounded border-slate-300" />
                <span className="min-w-0">
                  <span className="block truncate text-sm text-slate-800">{memberName(m)}</span>
                  <span className="block truncate text-[11px] text-slate-500">{m.email}</span>
                </span>
              </label>
            </li>
          ))}
          {unknown.map((id) => (
            <li key={id}>
              <label className="flex cursor-pointer items-center gap-2 px-2.5 py-1.5 text-sm text-rose-700">
                <input type="checkbox" checked onChange={() => toggle(id, false)} className="rounded border-slate-300" />
                Member #{id} (not an active member)
              </label>
            </li>
          ))}
        </ul>
      )}
      <Errors errors={errors} />
    </fieldset>
  );
}

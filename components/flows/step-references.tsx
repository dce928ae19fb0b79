'use client';
import { useTeams } from '@/lib/client/account';
import { useFlowChoices } from '@/lib/client/flow-builder';
import { useMembers } from '@/lib/client/members';
import { memberName } from './builder/member-picker';
import { useStepTemplate } from './builder/template-step-fields';

// What a step names by id (its template, the flow it starts, the members it assigns), shown by
// name; the builder's canvas and the flow page's diagram both use these. The lists come from the
// same queries the builder's pickers load, shared through the query cache.

export function TemplateName({ id, variables = [] }: { id: string; variables?: string[] }) {
  const t = useStepTemplate(id);
  return (
    <p className="truncate text-xs text-slate-600" data-template-name>
      Template <span className="font-mono text-slate-800">{t ? `${t.name} (${t.language})` : `${id.slice(0, 8)}…`}</span>
      {variables.length > 0 && <span> with {variables.map((v) => `“${v}”`).join(', ')}</span>}
    </p>
  );
}

export function FlowName({ id }: { id: string }) {
  const f = useFlowChoices().data?.find((x) => x.id === id);
  return <p className="truncate text-xs text-slate-600">Starts <span className="font-medium text-slate-800">{f ? f.name : `flow ${id.slice(0, 8)}…`}</span></p>;
}

/** The members' names, by id (`#id` for one the list does not hold). */
export function useMemberNames(ids: number[]): string[] {
  const members = useMembers().data ?? [];
  return ids.map((id) => { const m = members.find((x) => x.id === id); return m ? memberName(m) : `#${id}`; });
}

export function Assignees({ ids, team = null }: { ids: number[]; team?: number | null }) {
  const names = useMemberNames(ids);
  const teams = useTeams();
  const teamName = team === null ? null : teams.data?.find((t) => t.id === team)?.name ?? 'a team';
  return (
    <p className="text-xs text-slate-600">
      To the inbox{teamName ? `, team ${teamName}` : ''}{names.length ? `, assigned to ${names.length > 2 ? `${names.slice(0, 2).join(', ')} +${names.length - 2}` : names.join(', ')}` : ''}
    </p>
  );
}

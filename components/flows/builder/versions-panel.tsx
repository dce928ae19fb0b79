'use client';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useVersions } from '@/lib/client/flow-builder';

// Who published which version when; an earlier one can come back as the draft.

export function VersionsPanel({ flowId, onRestore, restoring, onClose }: { flowId: string; onRestore: (version: number) => void; restoring: boolean; onClose: () => void }) {
  const versions = useVersions(flowId, true);
  return (
    <section aria-label="Version history" className="flex h-full flex-col">
      <header className="flex items-center border-b border-slate-200 px-4 py-3">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Version history</h2>
          <p className="text-xs text-slate-500">Running executions keep the version they started with.</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close version history" className="ml-auto rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700">✕</button>
      </header>
      <div className="flex-1 overflow-y-auto">
        {versions.isPending ? <LoadingState /> : versions.isError ? <div className="p-4"><ErrorState error={versions.error} onRetry={() => versions.refetch()} /></div>
          : !versions.data.results.length ? <p className="p-4 text-sm text-slate-600">Not published yet.</p> : (
            <ol aria-label="Versions" className="divide-y divide-slate-100">
              {versions.data.results.map((v) => (
                <li key={v.version} className="flex items-center gap-3 px-4 py-3">
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700">v{v.version}</span>
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-slate-900">
                      {v.published_by ? [v.published_by.first_name, v.published_by.last_name].filter(Boolean).join(' ') || v.published_by.email : 'Someone removed'}
                      {v.is_current && <span className="ml-2 rounded-full bg-emerald-100 px-1.5 py-0.5 text-[10px] font-semibold text-emerald-800">LIVE</span>}
                    </p>
                    <p className="text-xs text-slate-500"><DateTime value={v.published_on} /> · {v.steps} steps</p>
                  </div>
                  <Button variant="secondary" className="!px-2 !py-1 text-xs" disabled={restoring} onClick={() => onRestore(v.version)} aria-label={`Restore version ${v.version} as the draft`}>Restore</Button>
                </li>
              ))}
            </ol>
          )}
      </div>
    </section>
  );
}

import { Badge } from '@/components/ui/badge';
import type { Upload } from '@/lib/client/types';
import { formatBytes } from './format-bytes';

const fmt = new Intl.NumberFormat('en-US');
const statusTone = { PENDING: 'gray', PROCESSING: 'indigo', COMPLETED: 'green', FAILED: 'red' } as const;
const statusLabel = { PENDING: 'Queued', PROCESSING: 'Importing', COMPLETED: 'Completed', FAILED: 'Failed' } as const;

function Stat({ label, value, testId, tone = '' }: { label: string; value: number; testId: string; tone?: string }) {
  return (
    <div className="rounded-md border border-slate-200 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd data-testid={testId} className={`mt-1 text-2xl font-semibold tabular-nums ${tone || 'text-slate-900'}`}>{fmt.format(value)}</dd>
    </div>
  );
}

export function ImportProgress({ upload }: { upload: Upload }) {
  const done = upload.status === 'COMPLETED';
  const pct = done ? 100 : upload.byte_size > 0 ? Math.min(100, Math.round((upload.processed_bytes / upload.byte_size) * 100)) : 0;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <span data-testid="import-status" role="status"><Badge tone={statusTone[upload.status]}>{statusLabel[upload.status]}</Badge></span>
        <span className="text-sm tabular-nums text-slate-600">
          {formatBytes(Math.min(upload.processed_bytes, upload.byte_size))} of {formatBytes(upload.byte_size)} · {pct}%
        </span>
      </div>
      <div role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}
        className="h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div className={`h-full rounded-full transition-[width] duration-300 ${upload.status === 'FAILED' ? 'bg-rose-500' : done ? 'bg-emerald-500' : 'bg-indigo-600'}`}
          style={{ width: `${pct}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label="Rows" value={upload.rows} testId="import-rows" />
        <Stat label="Created" value={upload.created} testId="import-created" tone="text-emerald-700" />
        <Stat label="Updated" value={upload.updated} testId="import-updated" tone="text-indigo-700" />
        <Stat label="Unchanged" value={upload.unchanged} testId="import-unchanged" />
        <Stat label="Rejected" value={upload.rejected} testId="import-rejected" tone={upload.rejected ? 'text-rose-700' : ''} />
      </dl>
      {upload.status === 'FAILED' && (
        <p role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
          The import stopped: {(upload.error ?? 'unknown error').replace(/\.$/, '')}. Rows counted above were already saved.
        </p>
      )}
    </div>
  );
}

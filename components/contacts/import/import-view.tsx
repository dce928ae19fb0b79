'use client';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Button, ButtonLink, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { isUploadRunning, useRecentUploads, useUpload } from '@/lib/client/uploads';
import type { UploadSummary } from '@/lib/client/types';
import { ImportProgress } from './import-progress';
import { RejectedRowsTable } from './rejected-rows-table';
import { UploadForm } from './upload-form';

/** The upload being followed is in the URL (?upload=<id>), so a reload keeps showing its progress. */
export function ImportView() {
  const router = useRouter();
  const pathname = usePathname();
  const uploadId = useSearchParams().get('upload');
  const upload = useUpload(uploadId);
  const data = upload.data;
  const finished = data && !isUploadRunning(data);

  return (
    <>
      <PageHeader title="Import contacts" description="Add or update many contacts at once from a CSV file."
        back={<Link href="/contacts" className="text-slate-500 hover:text-slate-900">← Contacts</Link>}
        actions={uploadId && finished ? <Button variant="secondary" onClick={() => router.replace(pathname)}>Import another file</Button> : undefined} />
      <div className="space-y-6">
        {!uploadId && <Card title="Choose a file"><UploadForm onUploaded={(id) => router.replace(`${pathname}?upload=${id}`)} /></Card>}
        {!uploadId && <RecentImports />}
        {uploadId && (
          <Card title="Progress" actions={data && <span className="text-xs text-slate-500">Started <DateTime value={data.started_on ?? data.created_on} /></span>}>
            {upload.isPending ? <LoadingState label="Starting the import…" /> : upload.isError
              ? <ErrorState error={upload.error} onRetry={() => upload.refetch()} />
              : <ImportProgress upload={upload.data} />}
            {data?.status === 'COMPLETED' && (
              <div className="mt-4 flex justify-end"><ButtonLink href="/contacts" variant="secondary">View contacts</ButtonLink></div>
            )}
          </Card>
        )}
        {finished && data.rejected > 0 && (
          <Card flush title={`Rejected rows (${data.rejected.toLocaleString('en-US')})`}
            actions={<a href={`/api/contact/upload/${encodeURIComponent(data.upload_group_id)}/rejected`} download
              className={buttonClass('secondary', 'py-1.5 text-xs')}>Download rejected rows</a>}>
            <RejectedRowsTable rows={data.rejected_rows} total={data.rejected} />
          </Card>
        )}
        {finished && data.status === 'COMPLETED' && data.rejected === 0 && (
          <p role="status" className={`text-sm ${data.rows ? 'text-emerald-700' : 'text-slate-600'}`}>
            {data.rows ? 'Every row was imported.' : 'The file has a header but no rows: nothing was imported.'}
          </p>
        )}
      </div>
    </>
  );
}

/** The latest imports, each linking to its report (progress, totals, rejected rows). */
function RecentImports() {
  const recent = useRecentUploads();
  const rows = recent.data?.results ?? [];
  if (!rows.length) return null;
  return (
    <Card flush title="Recent imports">
      <table aria-label="Recent imports" className="w-full text-sm">
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
          <tr><th className="px-4 py-2 font-medium">Started</th><th className="px-4 py-2 font-medium">Status</th>
            <th className="px-4 py-2 text-right font-medium">Rows</th><th className="px-4 py-2 text-right font-medium">Created</th>
            <th className="px-4 py-2 text-right font-medium">Updated</th><th className="px-4 py-2 text-right font-medium">Unchanged</th>
            <th className="px-4 py-2 text-right font-medium">Rejected</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((u) => (
            <tr key={u.upload_group_id} data-testid="recent-import">
              <td className="px-4 py-2">
                <Link href={`/contacts/import?upload=${u.upload_group_id}`} className="font-medium text-indigo-700 hover:underline"><DateTime value={u.created_on} /></Link>
              </td>
              <td className="px-4 py-2 text-slate-700">{STATUS_LABEL[u.status]}</td>
              <td className="px-4 py-2 text-right tabular-nums">{u.rows.toLocaleString('en-US')}</td>
              <td className="px-4 py-2 text-right tabular-nums">{u.created.toLocaleString('en-US')}</td>
              <td className="px-4 py-2 text-right tabular-nums">{u.updated.toLocaleString('en-US')}</td>
              <td className="px-4 py-2 text-right tabular-nums">{u.unchanged.toLocaleString('en-US')}</td>
              <td className={`px-4 py-2 text-right tabular-nums ${u.rejected ? 'text-rose-700' : ''}`}>{u.rejected.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

const STATUS_LABEL: Record<UploadSummary['status'], string> = { PENDING: 'Waiting', PROCESSING: 'Importing', COMPLETED: 'Completed', FAILED: 'Failed' };

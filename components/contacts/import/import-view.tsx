'use client';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Button, ButtonLink, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { isUploadRunning, useUpload } from '@/lib/client/uploads';
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

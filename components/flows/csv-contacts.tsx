'use client';
import { useEffect, useId, useState } from 'react';
import { FieldErrors } from '@/components/ui/field-errors';
import { FormAlert } from '@/components/ui/form-alert';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { isUploadRunning, useUpload, useUploadCsv } from '@/lib/client/uploads';

// A CSV file as an execution's contacts, through the contact import: the file is uploaded as soon
// as it is chosen and imported as on the contacts' import page, and the execution takes the
// upload's contacts once the import has finished (the form waits for it).

const fmt = new Intl.NumberFormat('en-US');

export function CsvContacts({ onChange, errors }: { onChange: (u: { id: string; ready: boolean } | null) => void; errors: string[] }) {
  const id = useId();
  const [uploadId, setUploadId] = useState<string | null>(null);
  const send = useUploadCsv();
  const upload = useUpload(uploadId);
  const data = upload.data;
  const ready = !!data && !isUploadRunning(data) && data.status === 'COMPLETED';

  useEffect(() => {
    onChange(uploadId ? { id: uploadId, ready } : null);
  }, [uploadId, ready, onChange]);

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">CSV file</label>
      <div className="flex flex-wrap items-center gap-2">
        <input id={id} type="file" accept=".csv,text/csv" disabled={send.isPending}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setUploadId(null);
            send.reset();
            if (chosen) send.mutate(chosen, { onSuccess: (r) => setUploadId(r.upload_group_id) });
          }}
          className="block min-w-0 flex-1 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100" />
        {send.isPending && <span className="text-sm text-slate-500">Uploading…</span>}
      </div>
      <p className="text-xs text-slate-500">
        A header row with <code>phone</code> (and optionally <code>first_name</code>, <code>last_name</code>, <code>email</code>, <code>tags</code>, other columns as attributes).
        The contacts are imported first; the flow then runs for the contacts the file created or updated.
      </p>
      <FormAlert messages={topMessages(errorBody(send.error), [])} />
      {data && (
        <p role="status" className="text-sm text-slate-700" data-testid="csv-status">
          {isUploadRunning(data) ? `Importing… ${fmt.format(data.rows)} rows read`
            : data.status === 'FAILED' ? `The import failed: ${data.error ?? 'unknown error'}`
              : `Imported: ${fmt.format(data.created)} new, ${fmt.format(data.updated)} updated, ${fmt.format(data.rejected)} rejected.`}
          {data.rejected > 0 && !isUploadRunning(data) && (
            <> <a href={`/api/contact/upload/${data.upload_group_id}/rejected`} className="font-medium text-indigo-700 underline">Download the rejected rows</a> (each with its reason)</>
          )}
        </p>
      )}
      <FieldErrors messages={errors} />
    </div>
  );
}

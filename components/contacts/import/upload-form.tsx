'use client';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldErrors } from '@/components/ui/field-errors';
import { FormAlert } from '@/components/ui/form-alert';
import { errorBody, topMessages } from '@/lib/client/drf-errors';
import { useUploadCsv } from '@/lib/client/uploads';
import { formatBytes } from './format-bytes';

export function UploadForm({ onUploaded }: { onUploaded: (uploadGroupId: string) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadCsv();

  return (
    <form className="space-y-4" onSubmit={(e) => {
      e.preventDefault();
      if (!file) return setProblem('Choose a CSV file first.');
      upload.mutate(file, { onSuccess: (res) => onUploaded(res.upload_group_id) });
    }}>
      <FormAlert messages={topMessages(errorBody(upload.error), [])} />
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">CSV file</label>
        <input id={id} type="file" accept=".csv,text/csv" aria-describedby={`${id}-hint`}
          onChange={(e) => { setFile(e.target.files?.[0] ?? null); setProblem(null); upload.reset(); }}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100" />
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          A header row, then one contact per row (UTF-8 or Excel&apos;s Windows-1252; commas, semicolons or tabs). <code>phone</code> is
          required; <code>first_name</code>, <code>last_name</code>, <code>email</code>, <code>external_id</code>, <code>external_url</code>,{' '}
          <code>source</code> and <code>tags</code> (separated by <code>;</code>) fill those fields, and other columns become attributes.
          Rows whose phone matches an existing contact update it.
        </p>
        <FieldErrors messages={problem ? [problem] : []} />
      </div>
      {file && <p className="text-sm text-slate-600">{file.name} · {formatBytes(file.size)}</p>}
      <Button type="submit" disabled={!file || upload.isPending}>{upload.isPending ? 'Uploading…' : 'Upload and import'}</Button>
    </form>
  );
}

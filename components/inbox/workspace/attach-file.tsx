'use client';
import { useRef } from 'react';
import { ATTACHMENT_MEDIA_TYPES, fileSize, MEDIA_LIMITS, megabytes, msgTypeFor } from '@/lib/attachments/media-types';
import type { Attachment } from '@/lib/client/types';

/** Checks a file before it is uploaded, with the server's own limits (it checks again). */
export function fileProblem(file: File): string | null {
  const type = msgTypeFor(file.type);
  if (!type) return `"${file.name}" cannot be sent: choose an image (JPEG, PNG), audio, video (MP4, 3GP) or a document (PDF, text, Office).`;
  if (file.size > MEDIA_LIMITS[type]) return `"${file.name}" is too large: ${type === 'image' ? 'an image' : `a ${type} file`} may be at most ${megabytes(MEDIA_LIMITS[type])}.`;
  if (file.size === 0) return `"${file.name}" is empty.`;
  return null;
}

function Paperclip() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4">
      <path d="M14.5 9.5l-5.2 5.2a3.2 3.2 0 01-4.5-4.5l6-6a2.1 2.1 0 013 3l-6 6a1 1 0 01-1.5-1.5l5.3-5.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function AttachButton({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={input} type="file" className="sr-only" aria-label="Attach a file" tabIndex={-1} accept={ATTACHMENT_MEDIA_TYPES.join(',')}
        onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) onFile(f); }} />
      <button type="button" disabled={disabled} onClick={() => input.current?.click()} title="Attach a file"
        className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50">
        <Paperclip /> Attach
      </button>
    </>
  );
}

export function AttachmentChip({ file, uploading, onRemove }: { file: Attachment | { filename: string; size: number }; uploading: boolean; onRemove: () => void }) {
  return (
    <div data-testid="composer-attachment" className="inline-flex max-w-full items-center gap-2 rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-700">
      <Paperclip />
      <span className="truncate">{file.filename}</span>
      <span className="text-slate-500">{uploading ? 'uploading…' : fileSize(file.size)}</span>
      <button type="button" onClick={onRemove} aria-label={`Remove ${file.filename}`} className="text-slate-500 hover:text-rose-700">✕</button>
    </div>
  );
}

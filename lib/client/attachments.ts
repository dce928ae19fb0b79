'use client';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import type { Attachment } from './types';

/** Uploads a file for the composer: the body is the file, its type the Content-Type. */
export function useUploadAttachment() {
  return useMutation({
    mutationFn: (file: File) => apiFetch<Attachment>(`/api/inbox/attachment?filename=${encodeURIComponent(file.name)}`, {
      method: 'POST', body: file, contentType: file.type || 'application/octet-stream',
    }),
  });
}

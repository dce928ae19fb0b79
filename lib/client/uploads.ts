'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { Upload } from './types';

const POLL_MS = 500;

export function isUploadRunning(upload: Upload | undefined): boolean {
  return !upload || upload.status === 'PENDING' || upload.status === 'PROCESSING';
}

/** Sends the file itself as the body (`text/csv`), streamed by the browser, never read into JS. */
export function useUploadCsv() {
  return useMutation({
    mutationFn: (file: File) => apiFetch<{ upload_group_id: string }>('/api/contact/upload', {
      method: 'POST', body: file, contentType: 'text/csv',
    }),
  });
}

/** Polls every 500 ms while the import runs; the finished report stays cached. */
export function useUpload(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: queryKeys.upload(id ?? ''),
    enabled: !!id,
    queryFn: async () => {
      const upload = await apiFetch<Upload>(`/api/contact/upload/${encodeURIComponent(id ?? "")}`);
      if (!isUploadRunning(upload)) void qc.invalidateQueries({ queryKey: queryKeys.contacts });
      return upload;
    },
    refetchInterval: (query) => (isUploadRunning(query.state.data) && !query.state.error ? POLL_MS : false),
    staleTime: (query) => (isUploadRunning(query.state.data) ? 0 : Infinity),
  });
}

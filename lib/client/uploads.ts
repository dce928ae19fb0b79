'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { Page, Upload, UploadSummary } from './types';
import { useSingleFlightMutation } from './single-flight';

const POLL_MS = 500;

export function isUploadRunning(upload: Upload | undefined): boolean {
  return !upload || upload.status === 'PENDING' || upload.status === 'PROCESSING';
}

/** Sends the file itself as the body (`text/csv`), streamed by the browser, never read into JS. */
export function useUploadCsv() {
  return useSingleFlightMutation({
    mutationFn: (file: File) => apiFetch<{ upload_group_id: string }>('/api/contact/upload', {
      method: 'POST', body: file, contentType: 'text/csv',
    }),
  });
}

/** The account's latest uploads, to find an import's report again. */
export function useRecentUploads() {
  return useQuery({
    queryKey: queryKeys.uploadList,
    queryFn: ({ signal }) => apiFetch<Page<UploadSummary>>('/api/contact/upload?page_size=10', { signal }),
    staleTime: 0,
  });
}

/**
 * Polls every 500 ms while the import runs, for the counters only; once it has ended, fetches the
 * report with its rejected rows, which then stays cached.
 */
export function useUpload(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: queryKeys.upload(id ?? ''),
    enabled: !!id,
    queryFn: async () => {
      const path = `/api/contact/upload/${encodeURIComponent(id ?? '')}`;
      const progress = await apiFetch<Upload>(`${path}?rejected_rows=0`);
      if (isUploadRunning(progress)) return progress;
      void qc.invalidateQueries({ queryKey: queryKeys.contacts });
      void qc.invalidateQueries({ queryKey: queryKeys.uploadList });
      return progress.rejected ? apiFetch<Upload>(path) : progress;
    },
    refetchInterval: (query) => (isUploadRunning(query.state.data) && !query.state.error ? POLL_MS : false),
    staleTime: (query) => (isUploadRunning(query.state.data) ? 0 : Infinity),
  });
}

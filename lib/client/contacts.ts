'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { queryKeys } from './query-keys';
import type { Contact, ContactCreate, ContactWrite, Page } from './types';
import type { ContactBulk } from '@/lib/contacts/validation';
import { useSingleFlightMutation } from './single-flight';

export const CONTACTS_PAGE_SIZE = 20;

/** What the contact list shows: a search, a tag, the deleted contacts, those who opted out of marketing. */
export type ContactListFilters = { search: string; tag: string; deleted: boolean; optedOut: boolean };

/** The filters as `GET /api/contact` (and export, bulk) read them. */
export function contactListParams(f: ContactListFilters): URLSearchParams {
  const qs = new URLSearchParams();
  if (f.search) qs.set('search', f.search);
  if (f.tag) qs.set('tag', f.tag);
  if (f.deleted) qs.set('is_deleted', 'true');
  if (f.optedOut) qs.set('opted_out', 'true');
  return qs;
}

export function useContacts(filters: ContactListFilters, page: number) {
  return useQuery({
    queryKey: queryKeys.contactList(filters, page),
    queryFn: ({ signal }) => {
      const qs = contactListParams(filters);
      qs.set('page', String(page));
      qs.set('page_size', String(CONTACTS_PAGE_SIZE));
      return apiFetch<Page<Contact>>(`/api/contact?${qs}`, { signal });
    },
    // The last page stays on screen while the next loads, but not across a switch of view.
    placeholderData: (previous, query) => {
      const shown = query?.queryKey[2] as { deleted?: boolean; optedOut?: boolean } | undefined;
      return shown?.deleted === filters.deleted && shown?.optedOut === filters.optedOut ? previous : undefined;
    },
  });
}

export function useContact(id: string) {
  return useQuery({ queryKey: queryKeys.contact(id), queryFn: () => apiFetch<Contact>(`/api/contact/${encodeURIComponent(id)}`) });
}

/** Puts the answer in the detail cache and marks every list stale. */
function useContactSaved() {
  const qc = useQueryClient();
  return (contact: Contact) => {
    qc.setQueryData(queryKeys.contact(contact.id), contact);
    return qc.invalidateQueries({ queryKey: queryKeys.contacts, predicate: (q) => q.queryKey[1] === 'list' });
  };
}

export function useCreateContact() {
  const saved = useContactSaved();
  return useSingleFlightMutation({
    mutationFn: (body: ContactCreate) => apiFetch<Contact>('/api/contact', { method: 'POST', json: body }),
    onSuccess: saved,
  });
}

export function useReplaceContact(id: string) {
  const saved = useContactSaved();
  return useMutation({
    mutationFn: (body: ContactWrite) => apiFetch<Contact>(`/api/contact/${encodeURIComponent(id)}`, { method: 'PUT', json: body }),
    onSuccess: saved,
  });
}

/**
 * One change saved at once (the inbox's contact panel): fields replace, `meta` merges (a null value
 * removes the key), `tags` merge unless `overwrite_tags`.
 */
export function usePatchContact(id: string) {
  const saved = useContactSaved();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<Contact>(`/api/contact/${encodeURIComponent(id)}`, { method: 'PATCH', json: body }),
    // Conversations show the contact's name: they follow a rename.
    onSuccess: (contact) => Promise.all([saved(contact), qc.invalidateQueries({ queryKey: queryKeys.conversations })]),
  });
}

/** PATCH appends notes: `{notes: "text"}` adds one note. */
export function useAddNote(id: string) {
  const saved = useContactSaved();
  return useMutation({
    mutationFn: (text: string) => apiFetch<Contact>(`/api/contact/${encodeURIComponent(id)}`, { method: 'PATCH', json: { notes: text } }),
    onSuccess: saved,
  });
}

export function useRemoveNote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) => apiFetch<void>(`/api/contact/${encodeURIComponent(id)}/notes/${noteId}`, { method: 'DELETE' }),
    onSuccess: (_, noteId) => {
      qc.setQueryData<Contact>(queryKeys.contact(id), (c) => c && { ...c, notes: c.notes.filter((n) => n.id !== noteId) });
      return qc.invalidateQueries({ queryKey: queryKeys.contact(id) });
    },
  });
}

/**
 * One change to several contacts (the list's selection): the contact API per contact, at most a
 * page's worth at a time; the outcome names the contacts whose change was refused.
 */
/** Contacts by id (those on the page), or every contact the list's filters match. */
export type BulkTarget = { ids: string[] } | { filter: { search?: string; tag?: string } };

/** One change to many contacts in one request (POST /api/contact/bulk). */
export function useBulkContactChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ target, action, tag }: { target: BulkTarget; action: ContactBulk['action']; tag?: string }) =>
      apiFetch<{ matched: number; changed: number }>('/api/contact/bulk', { method: 'POST', json: { action, ...(tag ? { tag } : {}), ...target } }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.contacts }),
  });
}

export function useDeleteContact(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`/api/contact/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: queryKeys.contact(id) });
      return qc.invalidateQueries({ queryKey: queryKeys.contacts });
    },
  });
}

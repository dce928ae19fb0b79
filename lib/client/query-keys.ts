// One place for query keys, so mutations invalidate exactly what they change.
export const queryKeys = {
  me: ['me'] as const,
  members: ['members'] as const,
  apiKeys: ['api-keys'] as const,
  contacts: ['contacts'] as const,
  contactList: (search: string, page: number) => ['contacts', 'list', { search, page }] as const,
  contact: (id: string) => ['contacts', 'detail', id] as const,
  upload: (id: string) => ['uploads', id] as const,
};

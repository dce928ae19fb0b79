// One place for query keys, so mutations invalidate exactly what they change.
export const queryKeys = {
  me: ['me'] as const,
  members: ['members'] as const,
  apiKeys: ['api-keys'] as const,
  contacts: ['contacts'] as const,
  contactList: (search: string, page: number) => ['contacts', 'list', { search, page }] as const,
  contact: (id: string) => ['contacts', 'detail', id] as const,
  upload: (id: string) => ['uploads', id] as const,
  webhooks: ['webhooks'] as const,
  webhookList: (search: string, page: number) => ['webhooks', 'list', { search, page }] as const,
  webhook: (id: string) => ['webhooks', 'detail', id] as const,
  webhookSecret: (id: string) => ['webhooks', 'secret', id] as const,
  webhookDeliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
  webhookDeliveryList: (id: string, status: string, page: number) => ['webhooks', 'deliveries', id, { status, page }] as const,
  webhookDelivery: (deliveryId: string) => ['webhooks', 'delivery', deliveryId] as const,
};

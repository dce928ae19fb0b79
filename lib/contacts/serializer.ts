import { iso } from '@/lib/serializers/iso';

// One serializer for the contact: list, detail and webhook payloads (ARCHITECTURE.md, rule 4).
// Input is a row of CONTACT_COLUMNS (see queries.ts): snake_case columns plus JSON aggregates.

type ShortUser = { id: number; first_name: string; last_name: string; email: string };

export type ContactRow = {
  id: string;
  phone: string;
  canonical_phone: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  meta: Record<string, string>;
  external_url: string | null;
  external_id: string | null;
  is_deleted: boolean;
  source: string;
  phone_status: string;
  contact_import: string | null;
  last_conversation: string | null;
  created_by: number | null;
  created_on: Date | string;
  last_updated_on: Date | string;
  notes: { id: number; notes: string; created_on: string; created_by: ShortUser | null }[] | null;
  tags: { id: number; name: string }[] | null;
  default_assignees: ShortUser[] | null;
};


export function serializeContact(c: ContactRow) {
  return {
    id: c.id,
    phone: c.phone,
    canonical_phone: c.canonical_phone,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    meta: c.meta ?? {},
    external_url: c.external_url,
    external_id: c.external_id,
    is_deleted: c.is_deleted,
    source: c.source,
    created_on: iso(c.created_on),
    last_updated_on: iso(c.last_updated_on),
    created_by: c.created_by,
    notes: (c.notes ?? []).map((n) => ({
      id: n.id, notes: n.notes, contact: c.id, created_on: iso(n.created_on), created_by: n.created_by,
    })),
    tags: c.tags ?? [],
    last_conversation: c.last_conversation,
    default_assignees: c.default_assignees ?? [],
    phone_status: c.phone_status,
    contact_import: c.contact_import,
  };
}
export type SerializedContact = ReturnType<typeof serializeContact>;

import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Contact, Note } from '@/lib/openapi/schemas/contacts';
import { assignedUserRecord } from '@/lib/members/assigned-user';
import { isoSql } from '@/lib/serializers/iso';

// One serializer for the contact: list, detail and webhook payloads (docs/architecture.md).
// It is written in SQL: the database renders each contact's JSON as it reads it, so a page of
// contacts reaches the API as one JSON text that is sent as it is, rather than read into
// JavaScript and serialized again, which cost the web processes (what runs short on a small
// machine) more than it costs Postgres. Each record below is the explicit field list, in wire order;
// `(select r from (select …) r)` names the fields. A page's text is Postgres's: `meta` keeps its
// jsonb key order (shortest first), where an object parsed in JavaScript puts number-like keys
// first; the same object either way.

// The shape is the response schema's (lib/openapi/schemas/contacts.ts); SQL cannot be typed
// against it, so lib/openapi/response-shapes.test.ts holds the rendering to it, strictly.
export type SerializedNote = z.output<typeof Note>;
export type SerializedContact = z.output<typeof Contact>;

const shortUser = (alias: string) => sql.raw(
  `(select r from (select ${alias}.id, ${alias}.first_name, ${alias}.last_name, ${alias}.email) r)`,
);

/** A note, over `n` (contact_notes) and its author `nu` (users, left-joined). */
export const noteRecord = sql`(select r from (select n.id, n.notes, n.contact_id as contact, ${isoSql(sql`n.created_on`)} as created_on,
  case when nu.id is null then null else ${shortUser('nu')} end as created_by) r)`;

/** A tag, over `t` (tags). */
export const tagRecord = sql`(select r from (select t.id, t.name) r)`;

/** A default assignee, over `au` (users). */
export const assigneeRecord = assignedUserRecord('au');

/**
 * The contact, over `c` (its columns) and its aggregated notes `n.notes`, tags `t.tags` and
 * default assignees `a.default_assignees` (JSON arrays, or null for none): see queries.ts.
 */
export const contactRecord = sql`(select r from (select
  c.id, c.phone, c.canonical_phone, c.first_name, c.last_name, c.email, coalesce(c.meta, '{}'::jsonb) as meta,
  c.external_url, c.external_id, c.is_deleted, c.source,
  ${isoSql(sql`c.created_on`)} as created_on, ${isoSql(sql`c.last_updated_on`)} as last_updated_on, c.created_by,
  coalesce(n.notes, '[]'::json) as notes, coalesce(t.tags, '[]'::json) as tags, c.last_conversation,
  coalesce(a.default_assignees, '[]'::json) as default_assignees, c.phone_status, c.contact_import,
  c.opted_out_on is not null as opted_out, ${isoSql(sql`c.opted_out_on`)} as opted_out_on) r)`;

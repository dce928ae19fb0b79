import { sql, type SQL } from 'drizzle-orm';
import { isoSql } from '@/lib/serializers/iso';

// The assignee as conversations (`assigned`) and contacts (`default_assignees`) carry it, rendered
// by the database: the shape is AssignedUser (lib/openapi/schemas/common.ts).

/** The record of the user row aliased `alias`, for `json_agg` or `row_to_json`. */
export function assignedUserRecord(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`(select r from (select ${a}.id, ${a}.first_name, ${a}.last_name, ${a}.email, ${a}.profile_image,
    ${a}.account_id as account, ${isoSql(sql.raw(`${alias}.date_joined`))} as date_joined) r)`;
}

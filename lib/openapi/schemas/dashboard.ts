import { z } from 'zod';
import { accountStatuses } from '@/db/schema/enum-values';
import { dateTime, id, ShortUser } from './common';
import { AccountMember } from './members';
import { named } from './named';

// Shapes of the dashboard-internal routes (API keys, the signed-in member, first-run setup):
// lib/api-keys/serializer.ts and lib/accounts/serializer.ts return them (see common.ts).

export const ApiKey = named('ApiKey', z.object({
  id: id(),
  name: z.string(),
  prefix: z.string().meta({ description: 'The first characters of the key, to recognise it; never the key itself.' }),
  user: ShortUser.meta({ description: 'The member the key acts as.' }),
  created_by: ShortUser.nullable(),
  created_on: dateTime(),
  last_used_on: dateTime().nullable(),
  revoked_on: dateTime().nullable(),
  is_active: z.boolean().meta({ description: 'Whether the key is let in now: not revoked, and its member not deactivated (reactivating the member lets an unrevoked key in again).' }),
}));

export const NewApiKey = named('NewApiKey', ApiKey.extend({
  key: z.string().meta({ description: 'The key itself, shown this one time only. Send it as `Authorization: Token <key>`.' }),
}));

export const Account = named('Account', z.object({
  id: id(),
  name: z.string(),
  status: z.enum(accountStatuses),
  country: z.string().length(2),
  default_timezone: z.string(),
  has_working_hours: z.boolean(),
  working_hours: z.array(z.object({
    is_open: z.boolean(),
    day: z.int().meta({ description: '0 is Monday … 6 Sunday.' }),
    open_at: z.string().meta({ description: 'Time of day on the account\'s clock (`default_timezone`), HH:MM:SS.' }),
    close_at: z.string().meta({ description: 'Time of day on the account\'s clock (`default_timezone`), HH:MM:SS.' }),
  })),
  after_hours_response: z.string(),
  opt_out_keywords: z.array(z.string()).meta({ description: 'A message that is exactly one of these words opts its contact out of marketing messages (docs/opt-out.md).' }),
  opt_in_keywords: z.array(z.string()).meta({ description: 'A message that is exactly one of these words opts its contact back in.' }),
  opt_out_response: z.string().meta({ description: 'Sent to a contact who has just opted out; empty sends nothing.' }),
  opt_in_response: z.string().meta({ description: 'Sent to a contact who has just opted back in; empty sends nothing.' }),
  inbox_add_name_before_message: z.boolean(),
  should_autoclose_conversations: z.boolean(),
  autoclose_conversations_after: z.int().nullable(),
  archive_conversations_when_closed: z.boolean(),
  agents_can_see_all_conversations: z.boolean(),
  default_team: z.int().nullable().meta({ description: 'Team that new inbound conversations go to when the contact has no default assignees.' }),
  feature_flags: z.array(z.string()),
  contact_available_variables: z.array(z.string()),
  created_on: dateTime(),
}));

export const Me = named('Me', z.object({
  user: AccountMember,
  account: Account,
}));

export const SetupStatus = named('SetupStatus', z.object({
  needed: z.boolean().meta({ description: 'True while the database holds no account yet.' }),
}));

export const SetupResult = named('SetupResult', z.object({
  account: id(),
  email: z.email(),
}));

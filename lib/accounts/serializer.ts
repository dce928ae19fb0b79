import type { z } from 'zod';
import type { accounts } from '@/db/schema';
import type { Account as AccountSchema } from '@/lib/openapi/schemas/dashboard';

type Account = typeof accounts.$inferSelect;
/** The shape is the response schema's (lib/openapi/schemas/dashboard.ts). */
export type SerializedAccount = z.output<typeof AccountSchema>;

/** The account as members see it (the account object's settings that exist so far). */
export function serializeAccount(a: Account): SerializedAccount {
  return {
    id: a.id,
    name: a.name,
    status: a.status,
    country: a.country,
    default_timezone: a.defaultTimezone,
    has_working_hours: a.hasWorkingHours,
    working_hours: a.workingHours,
    after_hours_response: a.afterHoursResponse,
    opt_out_keywords: a.optOutKeywords,
    opt_in_keywords: a.optInKeywords,
    opt_out_response: a.optOutResponse,
    opt_in_response: a.optInResponse,
    inbox_add_name_before_message: a.inboxAddNameBeforeMessage,
    should_autoclose_conversations: a.shouldAutocloseConversations,
    autoclose_conversations_after: a.autocloseConversationsAfter,
    archive_conversations_when_closed: a.archiveConversationsWhenClosed,
    agents_can_see_all_conversations: a.agentsCanSeeAllConversations,
    default_team: a.defaultTeamId,
    feature_flags: a.featureFlags,
    contact_available_variables: a.contactAvailableVariables,
    created_on: a.createdOn.toISOString(),
  };
}

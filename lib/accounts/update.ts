import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db';
import { accounts, teams } from '@/db/schema';
import { NotFoundError, ValidationError } from '@/lib/api/errors';
import { forgetAccountSettings } from './cached-settings';
import { keywordInBoth } from '@/lib/opt-out/keywords';
import { definedOnly } from '@/lib/sql/defined-only';
import type { AccountPatch } from './validation';

/** Applies an admin's settings change; rules that span fields are checked on the merged result. */
export async function updateAccount(db: Db, accountId: number, patch: AccountPatch) {
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update').limit(1);
    if (!current) throw new NotFoundError();
    const autoclose = patch.should_autoclose_conversations ?? current.shouldAutocloseConversations;
    const after = patch.autoclose_conversations_after !== undefined ? patch.autoclose_conversations_after : current.autocloseConversationsAfter;
    if (autoclose && !after) {
      throw ValidationError.field('autoclose_conversations_after', 'Set the hours without messages after which a conversation is closed.');
    }
    const both = keywordInBoth(patch.opt_out_keywords ?? current.optOutKeywords, patch.opt_in_keywords ?? current.optInKeywords);
    if (both) throw ValidationError.field(patch.opt_in_keywords ? 'opt_in_keywords' : 'opt_out_keywords', `"${both}" cannot both opt out and opt in.`);
    if (patch.default_team != null) {
      const [team] = await tx.select({ id: teams.id }).from(teams)
        .where(and(eq(teams.accountId, accountId), eq(teams.id, patch.default_team))).limit(1);
      if (!team) throw ValidationError.field('default_team', `Invalid pk "${patch.default_team}" - object does not exist.`);
    }
    const changes = definedOnly({
      name: patch.name,
      country: patch.country,
      defaultTimezone: patch.default_timezone,
      hasWorkingHours: patch.has_working_hours,
      workingHours: patch.working_hours ? [...patch.working_hours].sort((a, b) => a.day - b.day) : undefined,
      afterHoursResponse: patch.after_hours_response,
      optOutKeywords: patch.opt_out_keywords,
      optInKeywords: patch.opt_in_keywords,
      optOutResponse: patch.opt_out_response,
      optInResponse: patch.opt_in_response,
      inboxAddNameBeforeMessage: patch.inbox_add_name_before_message,
      shouldAutocloseConversations: patch.should_autoclose_conversations,
      autocloseConversationsAfter: patch.autoclose_conversations_after,
      archiveConversationsWhenClosed: patch.archive_conversations_when_closed,
      agentsCanSeeAllConversations: patch.agents_can_see_all_conversations,
      defaultTeamId: patch.default_team,
    });
    if (!changes) return current;
    const [row] = await tx.update(accounts).set(changes).where(eq(accounts.id, accountId)).returning();
    return row;
  });
  forgetAccountSettings();
  return updated;
}

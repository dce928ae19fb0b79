import { sql } from 'drizzle-orm';
import { execRows, type Executor } from '@/db';

// A send whose worker died between the claim and the provider's answer (send-claim.ts): the
// request reached the provider whole, or it did not, and nothing here recorded which. The
// provider says so itself: every message it receives gets a status callback carrying our message
// id (`biz_opaque_callback_data`), which settles the message as accepted (status.ts). Silence is
// an answer too, once the provider has reported on messages claimed well after this one: what
// it received, it would have reported by then, so this one never arrived and is sent again.
// Without such reports (callbacks not set up) there is no way to know, and after
// SEND_UNCONFIRMED_WAIT_SECONDS the message fails as "outcome unknown" rather than risk a duplicate.

/** Statuses can arrive out of order: only a message claimed this much later counts as a later report. */
export const REPORT_GAP_SECONDS = 5;

export function unconfirmedWaitSeconds(): number {
  const value = Number(process.env.SEND_UNCONFIRMED_WAIT_SECONDS ?? 600);
  return Number.isFinite(value) && value >= 0 ? value : 600;
}

export type UnansweredVerdict = 'resend' | 'wait' | 'give-up';

/** What to do with a message whose claim is stale and which the provider has not named. */
export async function judgeUnansweredSend(db: Executor, channelId: number, claimedOn: Date): Promise<UnansweredVerdict> {
  const [row] = await execRows<{ reported: boolean; waited: boolean }>(db, sql`
    select exists (
        select 1 from messages later
        where later.channel_id = ${channelId} and later.sent_on is not null
          and later.send_claimed_on > ${claimedOn.toISOString()}::timestamptz + make_interval(secs => ${REPORT_GAP_SECONDS})
      ) as reported,
      ${claimedOn.toISOString()}::timestamptz < now() - make_interval(secs => ${unconfirmedWaitSeconds()}) as waited`);
  if (row.reported) return 'resend';
  return row.waited ? 'give-up' : 'wait';
}

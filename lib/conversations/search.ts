import { sql, type SQL } from 'drizzle-orm';
import { searchTerm, TRIGRAM_MIN_LENGTH } from '@/lib/contacts/search-text';
import { containsPattern } from '@/lib/sql/like';
import { foldForSearch } from './fold';

// The inbox's search, as a condition on `cv` (conversations): the contact's name, phone or email
// (the trigram-indexed contact_search rows), or the text of any of the conversation's messages,
// case and accents aside (the trigram index on the folded body, migration 0028). Each side is a
// subquery run once per request, not once per conversation, so the cost follows the matches
// rather than the size of the inbox.

/** Trigrams need three characters: a shorter term matches contacts only. */
export const MESSAGE_SEARCH_MIN_LENGTH = TRIGRAM_MIN_LENGTH;

export function conversationSearch(accountId: number, raw: string, country?: string): SQL | null {
  const term = searchTerm(raw, country);
  const text = raw.trim();
  const sides: SQL[] = [];
  if (term.length >= TRIGRAM_MIN_LENGTH) {
    sides.push(sql`cv.contact_id in (select s.contact_id from contact_search s where s.account_id = ${accountId}
      and s.search_text like ${containsPattern(term)})`);
  } else if (term) {
    // Too short for a trigram: the account's own contacts are checked, not every account's search rows.
    sides.push(sql`cv.contact_id in (select c.id from contacts c where c.account_id = ${accountId}
      and c.search_text like ${containsPattern(term)})`);
  }
  if (text.length >= MESSAGE_SEARCH_MIN_LENGTH) {
    sides.push(sql`cv.id in (select m.conversation_id from messages m where m.account_id = ${accountId}
      and m.body_folded like ${containsPattern(foldForSearch(text))} and not m.is_deleted and m.conversation_id is not null)`);
  }
  return sides.length ? sql`(${sql.join(sides, sql` or `)})` : null;
}

import { afterAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';

// The contacts' search rows (contact_search, kept by triggers: migration 0024) against a real
// database: whoever writes a contact, by the API's services or by plain SQL, a search finds it
// by what it holds now, never by what it held, and not once deleted.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { sql } = await import('drizzle-orm');
const { queue } = await import('@/lib/jobs/queue');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { contactPatchSchema, contactUpsertSchema } = await import('./validation');
const { deleteContact, patchContact, upsertContact } = await import('./service');
const { listContacts } = await import('./list');
const { pageRequest } = await import('@/lib/api/pagination');

afterAll(async () => {
  await closeDatabase();
});

async function found(accountId: number, search: string, more: { tag?: string; page?: number } = {}): Promise<{ count: number; names: string[] }> {
  const url = new URL(`http://test/api/contact?search=${encodeURIComponent(search)}${more.page ? `&page=${more.page}` : ''}`);
  const page = JSON.parse(await listContacts(await getDb(), accountId, url, pageRequest(url), { search, tag: more.tag }));
  return { count: page.count, names: page.results.map((c: { first_name: string }) => c.first_name) };
}

describe('contact search rows', () => {
  it('follow creation, renaming, deletion, restoring and removal, by the services or by SQL', async () => {
    const db = await getDb();
    await queue();
    const seeded = await seedTestAccount(db, { country: 'MX' });
    const actor = { accountId: seeded.account_id, userId: seeded.admin.id };
    const { contact } = await upsertContact(db, actor, contactUpsertSchema.parse({ phone: '+52 55 1212 0001', first_name: 'Zoë', last_name: 'Quintanilla' }));
    expect(await found(actor.accountId, 'zoe quint')).toEqual({ count: 1, names: ['Zoë'] });

    await patchContact(db, actor, contact.id, contactPatchSchema.parse({ last_name: 'Ybarra' }));
    expect((await found(actor.accountId, 'quintan')).count).toBe(0);
    expect(await found(actor.accountId, 'ybarr')).toEqual({ count: 1, names: ['Zoë'] });

    await deleteContact(db, actor, contact.id);
    expect((await found(actor.accountId, 'ybarr')).count).toBe(0);
    await upsertContact(db, actor, contactUpsertSchema.parse({ phone: '+52 55 1212 0001', is_deleted: false }));
    expect((await found(actor.accountId, 'ybarr')).count).toBe(1);

    // A writer that is not the application (a seed, an operator), and another account's contact.
    await db.execute(sql`insert into contacts (account_id, phone, canonical_phone, first_name, search_text)
      values (${actor.accountId}, '5512120002', '+525512120002', 'Xavi', '525512120002 xavi ybarra')`);
    const other = await seedTestAccount(db, { country: 'MX' });
    await upsertContact(db, { accountId: other.account_id, userId: other.admin.id }, contactUpsertSchema.parse({ phone: '+52 55 1212 0003', first_name: 'Wendy', last_name: 'Ybarra' }));
    expect((await found(actor.accountId, 'ybarr')).names.sort()).toEqual(['Xavi', 'Zoë']);
    expect(await found(other.account_id, 'ybarr')).toEqual({ count: 1, names: ['Wendy'] });

    // With a tag, past the last page, no match, and a term too short for a trigram (read from the contacts).
    await patchContact(db, actor, contact.id, contactPatchSchema.parse({ tags: ['vip'] }));
    expect(await found(actor.accountId, 'ybarr', { tag: 'VIP' })).toEqual({ count: 1, names: ['Zoë'] });
    await expect(found(actor.accountId, 'ybarr', { page: 2 })).rejects.toMatchObject({ status: 404 }); // past the last page
    expect(await found(actor.accountId, 'nobody here')).toEqual({ count: 0, names: [] });
    expect((await found(actor.accountId, 'xa')).names).toEqual(['Xavi']);
    expect(await found(actor.accountId, 'zo', { tag: 'vip' })).toEqual({ count: 1, names: ['Zoë'] });

    // A contact whose search row went missing (written with the triggers off) gets it back on its next change.
    await db.execute(sql`delete from contact_search where contact_id = ${contact.id}`);
    await patchContact(db, actor, contact.id, contactPatchSchema.parse({ first_name: 'Zoey' }));
    expect(await found(actor.accountId, 'ybarr', { tag: 'vip' })).toEqual({ count: 1, names: ['Zoey'] });

    await db.execute(sql`delete from contacts where account_id = ${actor.accountId} and first_name = 'Xavi'`);
    expect(await found(actor.accountId, 'ybarr')).toEqual({ count: 1, names: ['Zoey'] });
    const rows = await execRows<{ n: number }>(db, sql`select count(*)::int as n from contact_search s
      where s.account_id in (${actor.accountId}, ${other.account_id}) and not exists (select 1 from contacts c where c.id = s.contact_id and c.search_text = s.search_text
        and c.is_deleted = s.is_deleted and c.created_on = s.created_on and c.account_id = s.account_id)`);
    expect(rows[0].n).toBe(0);
    const missing = await execRows<{ n: number }>(db, sql`select count(*)::int as n from contacts c
      where c.account_id in (${actor.accountId}, ${other.account_id}) and not exists (select 1 from contact_search s where s.contact_id = c.id)`);
    expect(missing[0].n).toBe(0);
  });
});

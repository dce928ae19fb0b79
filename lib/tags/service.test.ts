import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import '@/lib/test-support/unit-database';

// Tags created on demand and linked to contacts in the same statement, also when another
// transaction creates the same tag meanwhile.

const { closeDatabase, execRows, getDb } = await import('@/db');
const { accounts, contacts, tags } = await import('@/db/schema');
const { upsertTags } = await import('./service');

afterAll(async () => {
  await closeDatabase();
});

async function setup(n: number) {
  const db = await getDb();
  const [account] = await db.insert(accounts).values({ name: `tags ${Date.now()}`, country: 'MX' }).returning();
  const people = await db.insert(contacts).values(Array.from({ length: n }, (_, i) => ({
    accountId: account.id, phone: `+5255100000${i}`, canonicalPhone: `+5255100000${i}`,
  }))).returning();
  const linked = async () => (await execRows<{ contact: string; name: string }>(db, sql`
    select ct.contact_id as contact, t.name from contact_tags ct join tags t on t.id = ct.tag_id
    where t.account_id = ${account.id} order by t.name, ct.contact_id`)).map((r) => [r.contact, r.name]);
  return { db, account, people, linked };
}

describe('upsertTags', () => {
  it('creates the missing tags, reads the existing ones and links each contact to its own', async () => {
    const { db, account, people: [a, b], linked } = await setup(2);
    const [old] = await db.insert(tags).values({ accountId: account.id, name: 'old' }).returning();
    const ids = await db.transaction((tx) => upsertTags(tx, account.id, [' old', 'new ', 'new'], [
      { contactId: a.id, name: 'old' }, { contactId: a.id, name: ' new' }, { contactId: b.id, name: 'new' }, { contactId: b.id, name: ' ' },
    ]));
    expect([...ids.keys()].sort()).toEqual(['new', 'old']);
    expect(ids.get('old')).toBe(old.id);
    expect(await linked()).toEqual([[a.id, 'new'], [b.id, 'new'], [a.id, 'old']].sort((x, y) => x[1].localeCompare(y[1]) || x[0].localeCompare(y[0])));
    expect(await db.select().from(tags).where(eq(tags.accountId, account.id))).toHaveLength(2);
  });

  it('links a tag that another transaction created while this one waited for it', async () => {
    const { db, account, people: [a], linked } = await setup(1);
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let created!: () => void;
    const inserted = new Promise<void>((r) => { created = r; });
    // The other transaction creates the tag and commits only after this one has asked for it (on
    // Postgres this one then waits for that commit; the embedded database runs one at a time).
    const other = db.transaction(async (tx) => {
      await tx.insert(tags).values({ accountId: account.id, name: 'race' });
      created();
      await held;
    });
    await inserted;
    const mine = db.transaction((tx) => upsertTags(tx, account.id, ['race'], [{ contactId: a.id, name: 'race' }]));
    setTimeout(release, 300);
    await other;
    const ids = await mine;
    expect(ids.get('race')).toEqual(expect.any(Number));
    expect(await linked()).toEqual([[a.id, 'race']]);
  });
});

// npm run seed: optional demo data in the configured database. Creates (or reuses, by email) the
// account "Demo Co" (MX) with an admin and an agent, and ~50 contacts with tags, meta and notes
// written through the contacts service, exactly as the API would. Safe to run again: existing
// users are reused and contacts whose phone already exists are left alone.
import { and, eq, sql } from 'drizzle-orm';
import { closeDatabase, database, type Db } from '@/db';
import { accounts, contacts, users } from '@/db/schema';
import { createAccountWithAdmin } from '@/lib/accounts/service';
import { upsertContact } from '@/lib/contacts/service';
import { contactUpsertSchema } from '@/lib/contacts/validation';
import { emitError } from '@/lib/cli/output';
import { stopQueue } from '@/lib/jobs/queue';
import { createUser } from '@/lib/members/service';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import { contactCount } from '@/lib/contacts/counter';

const ACCOUNT = { name: 'Demo Co', country: 'MX', default_timezone: 'America/Mexico_City' };
const ADMIN = { email: 'demo@example.com', password: 'demo-password-123', first_name: 'Dana', last_name: 'Demo' };
const AGENT = { email: 'agent@example.com', password: 'demo-password-123', first_name: 'Aldo', last_name: 'Agent' };
const CONTACTS = 50;

const FIRST = ['María', 'José', 'Guadalupe', 'Juan', 'Sofía', 'Luis', 'Valentina', 'Carlos', 'Camila', 'Diego',
  'Ximena', 'Miguel', 'Renata', 'Jorge', 'Fernanda', 'Andrés', 'Daniela', 'Ricardo', 'Lucía', 'Emilio'];
const LAST = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez',
  'Cruz', 'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz'];
const CITIES = ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla', 'Querétaro', 'Mérida'];
const PLANS = ['free', 'basic', 'pro'];
const TAGS = ['customer', 'lead', 'vip', 'newsletter', 'wholesale'];
const NOTES = ['Asked about delivery times.', 'Prefers messages in the afternoon.', 'Interested in the pro plan.',
  'Referred by a friend.', 'Follow up next week.'];

function demoContact(i: number) {
  const first = FIRST[i % FIRST.length];
  const last = LAST[(i * 7) % LAST.length];
  const number = `55 5100 ${String(1000 + i).padStart(4, '0')}`;
  // The ways people write Mexican numbers; all canonicalise to +52 55 5100 …
  const phone = i % 3 === 0 ? `+52 ${number}` : i % 3 === 1 ? number : `+52 1 ${number}`;
  const plain = `${first}.${last}`.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return contactUpsertSchema.parse({
    phone,
    first_name: first,
    last_name: last,
    email: i % 4 === 3 ? null : `${plain}${i}@example.com`,
    meta: { city: CITIES[i % CITIES.length], plan: PLANS[i % PLANS.length] },
    tags: [TAGS[i % 2], ...(i % 5 === 0 ? ['vip'] : []), ...(i % 3 === 0 ? ['newsletter'] : []), ...(i % 11 === 0 ? ['wholesale'] : [])],
    notes: i % 3 === 0 ? [NOTES[i % NOTES.length]] : [],
    source: i % 2 ? 'import' : 'website',
  });
}

async function findUser(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  return user ?? null;
}

async function main() {
  const { db, kind } = await database();
  console.log(`Seeding demo data into ${kind === 'pglite' ? 'the embedded database' : 'Postgres (DATABASE_URL)'} …`);

  let admin = await findUser(db, ADMIN.email);
  if (!admin) {
    ({ admin } = await createAccountWithAdmin(db, { ...ACCOUNT, ...ADMIN }));
    console.log(`  created account "${ACCOUNT.name}" and its admin ${ADMIN.email}`);
  } else {
    console.log(`  reusing the account of ${ADMIN.email} (id ${admin.accountId})`);
  }
  const accountId = admin.accountId;

  let agent = await findUser(db, AGENT.email);
  if (!agent) {
    agent = await createUser(db, accountId, { ...AGENT, role: 'AGENT' });
    console.log(`  created agent ${AGENT.email}`);
  } else if (agent.accountId !== accountId) {
    console.log(`  ${AGENT.email} belongs to another account; no agent added`);
  }

  const existing = new Set((await db.select({ phone: contacts.canonicalPhone }).from(contacts)
    .where(eq(contacts.accountId, accountId))).map((r) => r.phone));
  const actor = { accountId, userId: admin.id };
  let created = 0;
  for (let i = 0; i < CONTACTS; i++) {
    const input = demoContact(i);
    const canonical = canonicalizePhone(input.phone, ACCOUNT.country);
    if (canonical.ok && existing.has(canonical.e164)) continue;
    if ((await upsertContact(db, actor, input)).created) created++;
  }
  console.log(`  contacts: ${created} created, ${await contactCount(db, accountId)} in the account`);
  console.log('');
  console.log('Sign in at /login with:');
  console.log(`  admin  ${ADMIN.email}  /  ${ADMIN.password}`);
  if (agent.accountId === accountId) console.log(`  agent  ${AGENT.email}  /  ${AGENT.password}`);
}

async function run() {
  let exitCode = 0;
  try {
    await main();
  } catch (error) {
    exitCode = emitError(error);
  } finally {
    await stopQueue().catch(() => {}); // only started if a webhook subscription wanted an event
    await closeDatabase().catch(() => {});
  }
  process.exit(exitCode);
}

void run();

import { randomBytes } from 'node:crypto';
import type { Db } from '@/db';
import { createAccountWithAdmin } from '@/lib/accounts/service';
import { createApiKey } from '@/lib/api-keys/service';
import { createUser } from '@/lib/members/service';

/** Test-only: a fresh account with an ADMIN and an AGENT, each with an API key. */
export async function seedTestAccount(db: Db, input: { country: string; name?: string }) {
  const tag = randomBytes(6).toString('hex');
  const password = `pw-${tag}`;
  const { account, admin } = await createAccountWithAdmin(db, {
    name: input.name ?? `Test ${tag}`, email: `admin-${tag}@test.example`, password, country: input.country,
    first_name: 'Ada', last_name: `Admin ${tag}`,
  });
  const agent = await createUser(db, account.id, {
    email: `agent-${tag}@test.example`, password, role: 'AGENT', first_name: 'Alan', last_name: `Agent ${tag}`,
  });
  const adminKey = await createApiKey(db, account.id, { name: 'admin key', userId: admin.id, createdById: admin.id });
  const agentKey = await createApiKey(db, account.id, { name: 'agent key', userId: agent.id, createdById: admin.id });
  return {
    account_id: account.id, country: account.country, password,
    admin: { id: admin.id, email: admin.email, key: adminKey.key },
    agent: { id: agent.id, email: agent.email, key: agentKey.key },
  };
}


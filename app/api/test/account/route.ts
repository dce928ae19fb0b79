import { randomBytes } from 'node:crypto';
import { getDb } from '@/db';
import { createAccountWithAdmin } from '@/lib/accounts/service';
import { countryCode } from '@/lib/accounts/validation';
import { createApiKey } from '@/lib/api-keys/service';
import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';
import { createUser } from '@/lib/members/service';
import { z } from 'zod';

// Test-only seeding, for suites that run against a server they started themselves: a fresh
// account with an ADMIN, an AGENT and an API key each. Served only when ENABLE_TEST_API=1 and
// never in a server started by `npm start`.
const body = z.object({ country: countryCode.default('MX'), name: z.string().max(200).optional() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: endpoint({
    auth: false,
    body,
    handle: async ({ body }) => {
      if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
      const db = await getDb();
      const tag = randomBytes(6).toString('hex');
      const password = `pw-${tag}`;
      const { account, admin } = await createAccountWithAdmin(db, {
        name: body.name ?? `Test ${tag}`, email: `admin-${tag}@test.example`, password, country: body.country,
        first_name: 'Ada', last_name: `Admin ${tag}`,
      });
      const agent = await createUser(db, account.id, {
        email: `agent-${tag}@test.example`, password, role: 'AGENT', first_name: 'Alan', last_name: `Agent ${tag}`,
      });
      const adminKey = await createApiKey(db, account.id, { name: 'admin key', userId: admin.id, createdById: admin.id });
      const agentKey = await createApiKey(db, account.id, { name: 'agent key', userId: agent.id, createdById: admin.id });
      return json({
        account_id: account.id, country: account.country, password,
        admin: { id: admin.id, email: admin.email, key: adminKey.key },
        agent: { id: agent.id, email: agent.email, key: agentKey.key },
      }, 201);
    },
  }),
});

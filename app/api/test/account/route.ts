import { z } from 'zod';
import { getDb } from '@/db';
import { countryCode } from '@/lib/accounts/validation';
import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';
import { seedTestAccount } from '@/lib/test-support/seed-account';

// Test-only seeding, for suites that run against a server they started themselves: a fresh
// account with an ADMIN, an AGENT and an API key each. Served only when ENABLE_TEST_API=1, which
// `npm start` never passes on.
const body = z.object({ country: countryCode.default('MX'), name: z.string().max(200).optional() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/test/account
  POST: endpoint({
    auth: false,
    body,
    handle: async ({ body }) => {
      if (process.env.ENABLE_TEST_API !== '1') throw new NotFoundError();
      return json(await seedTestAccount(await getDb(), body), 201);
    },
  }),
});

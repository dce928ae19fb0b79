import { z } from 'zod';
import { getDb } from '@/db';
import { createAccountWithAdmin, setupNeeded } from '@/lib/accounts/service';
import { createAccountSchema } from '@/lib/accounts/validation';
import { NotFoundError } from '@/lib/api/errors';
import { endpoint, json, methods } from '@/lib/api/handler';
import type { SetupResult, SetupStatus } from '@/lib/openapi/schemas/dashboard';

// First run only: with an empty database the login page creates the first account and its ADMIN.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/setup — whether setup is still open.
  GET: endpoint({ auth: false, handle: async () => json({ needed: await setupNeeded(await getDb()) } satisfies z.output<typeof SetupStatus>) }),
  // POST /api/setup — create the first account; refused once any account exists.
  POST: endpoint({
    auth: false,
    // Read here rather than by the wrapper: once an account exists this route is gone (404), whatever the body.
    body: z.unknown(),
    handle: async ({ body }) => {
      const db = await getDb();
      if (!(await setupNeeded(db))) throw new NotFoundError();
      const { account, admin } = await createAccountWithAdmin(db, createAccountSchema.parse(body), { onlyIfEmpty: true });
      return json({ account: account.id, email: admin.email } satisfies z.output<typeof SetupResult>, 201);
    },
  }),
});

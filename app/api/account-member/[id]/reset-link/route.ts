import { getDb } from '@/db';
import { endpoint, json, methods } from '@/lib/api/handler';
import { linkOrigin } from '@/lib/api/origin';
import { sendResetLinkEmail } from '@/lib/members/reset-email';
import { createResetLink } from '@/lib/members/manage';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/account-member/{id}/reset-link — a password-reset link for the member, shown once. ADMIN only.
  POST: endpoint({
    roles: ['ADMIN'],
    params: { id: 'int' },
    handle: async ({ req, member, params }) => {
      const link = await createResetLink(await getDb(), member.accountId, params.id, linkOrigin(req));
      const emailed = await sendResetLinkEmail(link.email, link.url);
      return json({ url: link.url, expires_on: link.expires_on, emailed }, 201);
    },
  }),
});

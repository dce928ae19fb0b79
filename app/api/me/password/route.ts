import { getDb } from '@/db';
import { endpoint, methods, noContent } from '@/lib/api/handler';
import { changePassword } from '@/lib/members/profile';
import { passwordChangeSchema } from '@/lib/members/validation';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /api/me/password — change one's own password; every session of the member ends.
  POST: endpoint({
    body: passwordChangeSchema,
    handle: async ({ member, body }) => {
      await changePassword(await getDb(), member.userId, body.current_password, body.new_password);
      return noContent();
    },
  }),
});

import { z } from 'zod';
import { pkInt } from '@/lib/validation/fields';

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** The member the key acts as; defaults to the admin creating it. */
  user: pkInt.optional(),
});

import { z } from 'zod';

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** The member the key acts as; defaults to the admin creating it. */
  user: z.coerce.number().int().positive().optional(),
});

import { z } from 'zod';
import { named } from './named';

// GET /api/health (lib/health.ts).

export const Health = named('Health', z.object({
  status: z.enum(['ok', 'migrations_pending', 'unavailable']),
  database: z.enum(['pglite', 'postgres']).optional().meta({ description: 'The embedded database (PGlite) or Postgres.' }),
  migrations: z.object({ applied: z.int().min(0), expected: z.int().min(0) }).optional(),
  error: z.string().optional().meta({ description: 'Why the database is unavailable.' }),
}));

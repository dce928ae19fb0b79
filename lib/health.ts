import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { database, execRows } from '@/db';
import type { Health } from '@/lib/openapi/schemas/system';

let expectedMigrations: number | null = null;

/** Liveness and readiness: the database answers and has every migration of this build. */
export async function healthReport(): Promise<z.output<typeof Health>> {
  try {
    const { db, kind } = await database();
    // The migrations of this build never change while it runs: read the journal once.
    expectedMigrations ??= (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'db/migrations/meta/_journal.json'), 'utf8'))
      .entries as unknown[]).length;
    const expected = expectedMigrations;
    const [row] = await execRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const applied = Number(row?.n ?? 0);
    const ok = applied >= expected;
    return { status: ok ? 'ok' : 'migrations_pending', database: kind, migrations: { applied, expected } };
  } catch (error) {
    // The reason goes to the log only: this route answers anyone.
    console.error('[health] database unavailable:', (error as Error).message);
    return { status: 'unavailable' };
  }
}

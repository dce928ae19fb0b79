import { z } from 'zod';
import { integer } from '@/lib/validation/fields';

/** Rejected rows in an upload's detail (GET /api/contact/upload/{id}); the CSV download has them all. */
export const REJECTED_IN_DETAIL = 1000;

// A progress poll asks for `?rejected_rows=0`, so the dashboard does not fetch on every poll the
// rejected rows it shows only once the import has ended.
export const uploadDetailQuery = z.object({
  rejected_rows: integer({ min: 0, max: REJECTED_IN_DETAIL }).optional(),
});

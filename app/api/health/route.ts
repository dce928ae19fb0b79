import { endpoint, json, methods } from '@/lib/api/handler';
import { healthReport } from '@/lib/health';

// GET /api/health — 200 when the database answers and every migration is applied, else 503.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: endpoint({
    auth: false,
    handle: async () => {
      const report = await healthReport();
      return json(report, report.status === 'ok' ? 200 : 503);
    },
  }),
});

import { Health } from '../schemas/system';
import type { ResourceDoc } from '../operation';

const html = { 'text/html': { schema: { type: 'string' } } };

export const systemDoc: ResourceDoc = {
  tags: [
    { name: 'Health', description: 'Liveness and readiness, for load balancers and orchestrators.' },
    { name: 'Documentation', description: 'This document and its interactive reference.' },
  ],
  operations: [
    {
      method: 'get', path: '/api/health', operationId: 'health_retrieve', tags: ['Health'], auth: false,
      summary: 'Liveness and readiness',
      description: '200 when the database answers and every migration of this build is applied, else 503.',
      responses: {
        200: { description: 'Healthy.', schema: Health },
        503: { description: 'The database is unreachable or migrations are pending.', schema: Health },
      },
    },
    {
      method: 'get', path: '/api/schema', operationId: 'schema_retrieve', tags: ['Documentation'], auth: false,
      summary: 'OpenAPI document',
      description: 'This OpenAPI 3.1 document, generated from the schemas that validate requests.',
      responses: {
        200: {
          description: 'The OpenAPI document.',
          content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } } },
        },
      },
    },
    {
      method: 'get', path: '/api/docs', operationId: 'docs_retrieve', tags: ['Documentation'], auth: false,
      summary: 'Interactive API reference',
      description: 'An HTML page rendering this document, with try-it-out (authorize with `Token <key>`). Served '
        + 'entirely by this server: no external resources.',
      responses: { 200: { description: 'The reference page.', content: html } },
    },
  ],
};

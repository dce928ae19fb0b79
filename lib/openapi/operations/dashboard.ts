import { createAccountSchema } from '@/lib/accounts/validation';
import { createApiKeySchema } from '@/lib/api-keys/validation';
import { z } from 'zod';
import { ApiKey, Me, NewApiKey, SetupResult, SetupStatus } from '../schemas/dashboard';
import type { ResourceDoc } from '../operation';

const tags = ['Dashboard'];

export const dashboardDoc: ResourceDoc = {
  tags: [{
    name: 'Dashboard',
    description: 'Internal routes of the web dashboard, documented for completeness; they may change without notice. '
      + 'Besides `Authorization: Token <key>`, they accept the dashboard\'s session cookie (writes made with the cookie '
      + 'must be same-origin).',
  }],
  operations: [
    {
      method: 'get', path: '/api/dev/api-keys', operationId: 'dev_api_keys_list', tags, roles: ['ADMIN'],
      summary: 'List API keys',
      description: 'Every key of the account, newest first, revoked ones included; never the key itself. ADMIN only.',
      responses: { 200: { description: 'The keys.', schema: z.array(ApiKey) } },
    },
    {
      method: 'post', path: '/api/dev/api-keys', operationId: 'dev_api_keys_create', tags, roles: ['ADMIN'],
      summary: 'Create API key',
      description: 'A new key acting as `user` (default: the caller). The answer\'s `key` is the only time the key is '
        + 'shown; it is stored hashed. ADMIN only.',
      body: { schema: createApiKeySchema, name: 'ApiKeyCreateRequest', required: true, example: { name: 'CRM sync' } },
      responses: { 201: { description: 'The key, with `key` shown this once.', schema: NewApiKey } },
    },
    {
      method: 'delete', path: '/api/dev/api-keys/{id}', operationId: 'dev_api_keys_destroy', tags, roles: ['ADMIN'],
      summary: 'Revoke API key',
      description: 'The key is refused from the next request on. Revoking a revoked key is a no-op. ADMIN only.',
      params: { id: { kind: 'int', description: 'API key id.' } },
      responses: { 204: { description: 'Revoked.' } },
    },
    {
      method: 'get', path: '/api/me', operationId: 'me_retrieve', tags,
      summary: 'The signed-in member and their account',
      responses: { 200: { description: 'The caller and their account.', schema: Me } },
    },
    {
      method: 'get', path: '/api/setup', operationId: 'setup_retrieve', tags, auth: false,
      summary: 'Whether first-run setup is open',
      responses: { 200: { description: 'Setup status.', schema: SetupStatus } },
    },
    {
      method: 'post', path: '/api/setup', operationId: 'setup_create', tags, auth: false,
      summary: 'First-run setup: create the first account and its ADMIN',
      description: 'Only while the database holds no account; afterwards a 404.',
      body: { schema: createAccountSchema, name: 'SetupRequest', required: true },
      errors: [404],
      responses: { 201: { description: 'The account was created.', schema: SetupResult } },
    },
  ],
};

import { endpoint, methods } from '@/lib/api/handler';
import { receiveCallback, verifyHandshake } from '@/lib/channels/cloud-api/callback';

// Provider callbacks: authenticated by the provider's own verify token and signature, not a Token.
const params = { channel_id: 'int' } as const;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /api/channels/cloud-api/webhook/{channel_id} — verification handshake (hub.mode, hub.verify_token, hub.challenge).
  GET: endpoint({
    auth: false,
    params,
    handle: async ({ params, url }) => verifyHandshake(params.channel_id, url),
  }),
  // POST /api/channels/cloud-api/webhook/{channel_id} — inbound messages and statuses, X-Hub-Signature-256 signed.
  POST: endpoint({
    auth: false,
    // The provider posts JSON; the signature is checked over the raw bytes, so the handler reads them.
    rawBody: { mediaTypes: ['application/json', ''] },
    params,
    handle: async ({ params, req }) => receiveCallback(params.channel_id, req),
  }),
});

import { describe, expect, it } from 'vitest';
import { expectShape, keysOf } from '@/lib/test-support/expect-shape';
import { serializeAccount } from '@/lib/accounts/serializer';
import { serializeApiKey, type ApiKeyRow } from '@/lib/api-keys/serializer';
import { serializeImport } from '@/lib/contacts/import/serializer';
import type { SerializedContact } from '@/lib/contacts/serializer';
import { serializeMember, serializeShortUser, serializeUser } from '@/lib/members/serializer';
import type { Db } from '@/db';
import type { webhookDeliveries, webhookDeliveryAttempts, webhookSubscriptions } from '@/db/schema';
import { getDelivery } from '@/lib/webhooks/delivery-log';
import { eventRow } from '@/lib/webhooks/record-events';
import { serializeAttempt, serializeDelivery, serializeSubscription } from '@/lib/webhooks/serializer';
import { signatureHeaders } from '@/lib/webhooks/signing';
import { createSubscription, revealSecret, rotateSecret } from '@/lib/webhooks/subscriptions';
import { webhookEventDocs } from './operations/webhooks';
import { Group, ShortUser } from './schemas/common';
import { Contact, ContactUpload, RejectedRow } from './schemas/contacts';
import { Conversation, Message } from './schemas/messaging';
import { Account, ApiKey, NewApiKey } from './schemas/dashboard';
import { AccountMember, Team, User } from './schemas/members';
import {
  ContactEvent, NewWebhookSubscription, WebhookDelivery, WebhookDeliveryAttempt, WebhookDeliveryDetail,
  WebhookEvent, WebhookSecret, WebhookSubscription,
} from './schemas/webhooks';

// The serializers are the source of truth for response shapes: each documented response schema
// must have exactly the serializer's keys (nested shapes included) and accept its output.

const when = new Date('2025-01-02T03:04:05.000Z');
const shortUser = { id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

const userRow = {
  id: 7, accountId: 3, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'ADMIN' as const,
  passwordHash: null, profileImage: 'https://example.com/ada.png', isActive: true, sessionEpoch: 0, notifyWhenMsgComesInAfterHours: false,
  inboxContactInfoFields: {}, dateJoined: when,
};

// A contact as the database renders it (its serializer is SQL: lib/contacts/serializer.test.ts
// checks the rendering against the same schemas).
const contact: SerializedContact = {
  id: '0b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', phone: '+52 55 1234 5678', canonical_phone: '+525512345678',
  first_name: 'Ana', last_name: null, email: 'ana@example.com', meta: { plan: 'gold' }, external_url: null,
  external_id: 'crm-1', is_deleted: false, source: 'website', created_on: when.toISOString(), last_updated_on: when.toISOString(),
  created_by: 7, notes: [{ id: 1, notes: 'Prefers mornings', contact: '0b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', created_on: when.toISOString(), created_by: shortUser }],
  tags: [{ id: 2, name: 'vip' }], last_conversation: null, default_assignees: [{ ...shortUser, profile_image: 'https://example.com/a.png', account: 3, date_joined: when.toISOString() }], phone_status: 'UNKNOWN', contact_import: null,
  opted_out: false, opted_out_on: null,
};

const apiKeyRow = {
  id: 5, accountId: 3, userId: 7, createdById: 7, name: 'CRM', prefix: 'abc123', keyHash: 'x', createdOn: when,
  lastUsedOn: null, revokedOn: null,
  user: { id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', isActive: true },
  createdBy: { id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
} satisfies ApiKeyRow;

const accountRow = {
  id: 3, name: 'Acme', status: 'NEW', defaultTimezone: 'UTC', country: 'MX', hasWorkingHours: false,
  workingHours: [{ day: 1, is_open: true, open_at: '09:00', close_at: '17:00' }], afterHoursResponse: '', optOutKeywords: ['STOP'], optInKeywords: ['START'], optOutResponse: 'Bye', optInResponse: '',
  timerAfterHoursResponse: null, inboxAddNameBeforeMessage: false, measureCsat: false, measureCsatData: {},
  shouldAutocloseConversations: false, autocloseConversationsAfter: null, autocloseMeasureCsat: null,
  archiveConversationsWhenClosed: false, agentsCanSeeAllConversations: true, sandboxNumber: null, generatedCode: null,
  featureFlags: [], contactAvailableVariables: ['first_name'], defaultTeamId: null, createdOn: when,
} as unknown as Parameters<typeof serializeAccount>[0];

const importRow = {
  id: '1b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', status: 'COMPLETED' as const, byte_size: '120', processed_bytes: 120, total_rows: 2,
  created_count: 1, unchanged_count: 0, updated_count: 0, rejected_count: 1, error: null, created_on: when, started_on: when, finished_on: when,
};

const subscriptionRow: typeof webhookSubscriptions.$inferSelect = {
  id: '2b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', accountId: 3, target: 'https://example.com/hooks', events: ['contact.created', 'contact.updated'],
  isActive: true, secret: 'whsec_CTblMuLynZoYrmd+UEpXDkK4oN5BOwN7w2na2jHeLVs=', previousSecret: 'whsec_b2xk',
  previousSecretExpiresOn: new Date(Date.now() + 3600_000), disabledReason: null, failingSince: null, createdOn: when, updatedOn: when,
};

const deliveryRow: typeof webhookDeliveries.$inferSelect = {
  id: '3b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', seq: 1, subscriptionId: subscriptionRow.id, eventId: '4b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f',
  resourceId: contact.id, status: 'PENDING', attempts: 1, nextAttemptOn: when, lastAttemptOn: when, createdOn: when,
};

const attemptRow: typeof webhookDeliveryAttempts.$inferSelect = {
  id: 1, deliveryId: deliveryRow.id, requestHeaders: signatureHeaders([subscriptionRow.secret], deliveryRow.eventId, 1735787045, '{}'),
  requestBody: '{}', responseStatus: 503, responseBody: 'busy', durationMs: 12, error: null, createdOn: when,
};

/**
 * Just enough of a drizzle database for the webhook services: each `select` chain resolves to the
 * next of `selects`, `insert … returning` to the next of `returns` (else one fresh id per row),
 * anything else to nothing. Inserted values are kept in `inserted`.
 */
function fakeDb(selects: unknown[][], returns: unknown[][] = []) {
  const inserted: unknown[] = [];
  const chain = (result: () => unknown): unknown => {
    const node: unknown = new Proxy(() => {}, {
      get: (_, key) => (key === 'then'
        ? (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) => Promise.resolve().then(result).then(ok, fail)
        : () => node),
    });
    return node;
  };
  const db = {
    select: () => chain(() => selects.shift()),
    update: () => chain(() => [{ id: crypto.randomUUID() }]), // one row updated (`returning` or not)
    delete: () => chain(() => []),
    execute: async () => [],
    transaction: async (fn: (tx: unknown) => unknown) => fn(db),
    insert: () => ({
      values: (values: unknown) => {
        inserted.push(values);
        const rows = Array.isArray(values) ? values : [values];
        const done = Promise.resolve(undefined);
        return Object.assign(done, {
          returning: async () => returns.shift() ?? rows.map(() => ({ id: crypto.randomUUID() })),
        });
      },
    }),
  };
  return { db: db as unknown as Db, inserted };
}

describe('response schemas mirror the serializers', () => {
  it('short user', () => {
    expectShape(ShortUser, serializeShortUser(userRow));
  });

  it('user and account member, with groups and teams', () => {
    const groups = [{ id: 1, name: 'Support' }];
    const teams = [{ id: 1, name: 'Tier 1', assignment_strategy: 'ROUND_ROBIN' as const }];
    expectShape(User, serializeUser(userRow, groups));
    const member = serializeMember(userRow, groups, teams);
    expectShape(AccountMember, member);
    expectShape(Group, member.groups[0]);
    expectShape(Team, member.teams[0]);
  });

  it('API key (listing and one-time creation answer)', () => {
    const key = serializeApiKey(apiKeyRow);
    expectShape(ApiKey, key);
    expectShape(NewApiKey, { ...key, key: 'secret' });
  });

  it('account', () => {
    expectShape(Account, serializeAccount(accountRow));
  });

  it('contact upload status and rejected rows', () => {
    const upload = serializeImport(importRow, [{ line: 3, reason: '"12ab" is not a valid phone number.', row: { phone: '12ab' } }]);
    expectShape(ContactUpload, upload);
    expectShape(RejectedRow, upload.rejected_rows[0]);
  });

  it('webhook subscription, its create answer (with the secret) and the secret endpoints', async () => {
    expectShape(WebhookSubscription, serializeSubscription(subscriptionRow, 'ADMIN'));
    const created = fakeDb([], [[subscriptionRow]]);
    // An IP literal outside the private ranges: the target guard needs no DNS.
    expectShape(NewWebhookSubscription, await createSubscription(created.db, 3, {
      events: ['contact.created'], target: 'https://93.184.216.34/hooks', is_active: true,
    }));
    const secret = await revealSecret(fakeDb([[subscriptionRow]]).db, 3, subscriptionRow.id);
    expectShape(WebhookSecret, secret);
    expect(secret.previous_secret).toBe(subscriptionRow.previousSecret);
    expectShape(WebhookSecret, await rotateSecret(fakeDb([[subscriptionRow], [subscriptionRow]]).db, 3, subscriptionRow.id));
  });

  it('webhook event envelope, as recorded for a contact change', async () => {
    const event = eventRow(3, { type: 'contact.updated', resourceId: contact.id, data: contact }, when);
    expectShape(ContactEvent, event.payload);
    expectShape(WebhookEvent, event.payload);
    expectShape(Contact, (event.payload as { data: unknown }).data);
  });

  it('webhook delivery, its attempts and its detail', async () => {
    expectShape(WebhookDelivery, serializeDelivery({ ...deliveryRow, eventType: 'contact.updated' }));
    expectShape(WebhookDeliveryAttempt, serializeAttempt(attemptRow));
    const payload = { id: deliveryRow.eventId, type: 'contact.updated', created_on: when.toISOString(), data: contact };
    const detail = await getDelivery(fakeDb([[{ delivery: deliveryRow, eventType: 'contact.updated', payload }], [attemptRow]]).db, 3, deliveryRow.id);
    expectShape(WebhookDeliveryDetail, detail);
    expectShape(WebhookDeliveryAttempt, detail.attempt_log[0]);
    expectShape(WebhookEvent, detail.payload);
  });

  // The test event, resend and resend-failed answers are held to their schemas against a real
  // database (response-shapes.test.ts): they carry ids the database returns.

  it('the examples of the webhooks section are valid payloads', () => {
    for (const event of webhookEventDocs.filter((e) => e.example)) {
      const parsed = event.payload.safeParse(event.example);
      expect(parsed.success, `${event.type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(Object.keys(event.example as object).sort()).toEqual(keysOf(event.payload));
      const data = event.type.startsWith('contact.') ? Contact : event.type.startsWith('message.') ? Message : Conversation;
      expect(Object.keys((event.example as { data: object }).data).sort()).toEqual(keysOf(data));
      expect((event.example as { type: string }).type).toBe(event.type);
    }
  });
});

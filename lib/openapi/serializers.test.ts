import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializeAccount } from '@/lib/accounts/serializer';
import { serializeApiKey, type ApiKeyRow } from '@/lib/api-keys/serializer';
import { serializeImport } from '@/lib/contacts/import/serializer';
import { serializeContact, type ContactRow } from '@/lib/contacts/serializer';
import { serializeMember, serializeShortUser, serializeUser } from '@/lib/members/serializer';
import { Group, ShortUser, Tag } from './schemas/common';
import { Contact, ContactUpload, Note, RejectedRow } from './schemas/contacts';
import { Account, ApiKey, NewApiKey } from './schemas/dashboard';
import { AccountMember, Team, User } from './schemas/members';

// The serializers are the source of truth for response shapes: each documented response schema
// must have exactly the serializer's keys (nested shapes included) and accept its output.

const when = new Date('2025-01-02T03:04:05.000Z');
const shortUser = { id: 7, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };

const userRow = {
  id: 7, accountId: 3, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'ADMIN' as const,
  passwordHash: null, profileImage: 'https://example.com/ada.png', isActive: true, notifyWhenMsgComesInAfterHours: false,
  inboxContactInfoFields: {}, dateJoined: when,
};

const contactRow: ContactRow = {
  id: '0b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', phone: '+52 55 1234 5678', canonical_phone: '+525512345678',
  first_name: 'Ana', last_name: null, email: 'ana@example.com', meta: { plan: 'gold' }, external_url: null,
  external_id: 'crm-1', is_deleted: false, source: 'website', phone_status: 'UNKNOWN', contact_import: null,
  last_conversation: null, created_by: 7, created_on: when, last_updated_on: when.toISOString(),
  notes: [{ id: 1, notes: 'Prefers mornings', created_on: when.toISOString(), created_by: shortUser }],
  tags: [{ id: 2, name: 'vip' }],
  default_assignees: [shortUser],
};

const apiKeyRow = {
  id: 5, accountId: 3, userId: 7, createdById: 7, name: 'CRM', prefix: 'abc123', keyHash: 'x', createdOn: when,
  lastUsedOn: null, revokedOn: null,
  user: { id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  createdBy: { id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
} as unknown as ApiKeyRow;

const accountRow = {
  id: 3, name: 'Acme', status: 'NEW', defaultTimezone: 'UTC', country: 'MX', hasWorkingHours: false,
  workingHours: [{ day: 1, is_open: true, open_at: '09:00', close_at: '17:00' }], afterHoursResponse: '',
  timerAfterHoursResponse: null, inboxAddNameBeforeMessage: false, measureCsat: false, measureCsatData: {},
  shouldAutocloseConversations: false, autocloseConversationsAfter: null, autocloseMeasureCsat: null,
  archiveConversationsWhenClosed: false, agentsCanSeeAllConversations: true, sandboxNumber: null, generatedCode: null,
  featureFlags: [], contactAvailableVariables: ['first_name'], contactCount: 0, createdOn: when,
} as unknown as Parameters<typeof serializeAccount>[0];

const importRow = {
  id: '1b9f3f4e-2c1a-4d7e-9a53-5f1c2b3d4e5f', status: 'COMPLETED', byte_size: '120', processed_bytes: 120, total_rows: 2,
  created_count: 1, updated_count: 0, rejected_count: 1, error: null, created_on: when, started_on: when, finished_on: when,
};

function keysOf(schema: z.ZodType): string[] {
  expect(schema).toBeInstanceOf(z.ZodObject);
  return Object.keys((schema as z.ZodObject).shape).sort();
}

function expectShape(schema: z.ZodType, value: unknown) {
  expect(Object.keys(value as object).sort()).toEqual(keysOf(schema));
  const parsed = schema.safeParse(value);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
}

describe('response schemas mirror the serializers', () => {
  it('contact, note, tag, short user', () => {
    const contact = serializeContact(contactRow);
    expectShape(Contact, contact);
    expectShape(Note, contact.notes[0]);
    expectShape(Tag, contact.tags[0]);
    expectShape(ShortUser, contact.default_assignees[0]);
    expectShape(ShortUser, serializeShortUser(userRow));
  });

  it('user and account member, with groups and teams', () => {
    const groups = [{ id: 1, name: 'Support' }];
    const teams = [{ id: 1, name: 'Tier 1', assignment_strategy: 'ROUND_ROBIN' }];
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
});

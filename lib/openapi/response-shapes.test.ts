import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '@/lib/test-support/unit-database';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { expectStrictShape, strictly } from '@/lib/test-support/expect-shape';

// Every response shape is defined once, as a response schema (./schemas): the serializers are typed
// with it, the OpenAPI document is converted from it, the dashboard's types are inferred from it.
// The type checker holds the serializers written in JavaScript to it; this test holds what the
// server really answers, read from a real database, to it, strictly: a field missing, one too many
// (at any depth) or of another type fails. That matters most where the type checker cannot look:
// the contact, rendered to JSON by the database (lib/contacts/serializer.ts), for its detail, its
// list page (a JSON text sent as it is) and its webhook payload.

const { closeDatabase, getDb } = await import('@/db');
const {
  channels, chatTemplates, contactNotes, groups, teamMembers, teams, userGroups, webhookDeliveries, webhookDeliveryAttempts,
  webhookEvents,
} = await import('@/db/schema');
const { queue, stopQueue } = await import('@/lib/jobs/queue');
const { pageRequest } = await import('@/lib/api/pagination');
const { seedTestAccount } = await import('@/lib/test-support/seed-account');
const { getAccount, setupNeeded } = await import('@/lib/accounts/service');
const { serializeAccount } = await import('@/lib/accounts/serializer');
const { createApiKey, listApiKeys } = await import('@/lib/api-keys/service');
const { createCloudChannel, listChannels, findChannel, serializeChannel, syncTemplatesNow, testChannelCredentials } = await import('@/lib/channels/service');
const { channelCreateSchema } = await import('@/lib/channels/validation');
const { receiveSandboxMessage, sandboxPhoneMessages } = await import('@/lib/channels/sandbox/phone');
const { sandboxInboundSchema } = await import('@/lib/channels/sandbox/validation');
const { contactUpsertSchema } = await import('@/lib/contacts/validation');
const { getContact, upsertContact } = await import('@/lib/contacts/service');
const { listContacts } = await import('@/lib/contacts/list');
const { uploadContactsCsv } = await import('@/lib/contacts/import/upload');
const { runImport } = await import('@/lib/contacts/import/run');
const { getContactImport } = await import('@/lib/contacts/import/service');
const { getConversation, listConversations, updateConversation } = await import('@/lib/conversations/service');
const { conversationListQuery } = await import('@/lib/conversations/validation');
const { healthReport } = await import('@/lib/health');
const { getMemberProfile, listMembers, listUsers } = await import('@/lib/members/service');
const { userListQuery } = await import('@/lib/members/validation');
const { listConversationMessages, sendFreeFormMessage } = await import('@/lib/messages/conversation-messages');
const { sendTemplateMessage } = await import('@/lib/messages/send-template');
const { getTemplate, listTemplates } = await import('@/lib/templates/service');
const { templateListQuery } = await import('@/lib/templates/validation');
const { variableCount } = await import('@/lib/templates/variables');
const { getDelivery, listDeliveries, resendDelivery, resendFailedSince, sendTestEvent } = await import('@/lib/webhooks/delivery-log');
const { serializeSubscription } = await import('@/lib/webhooks/serializer');
const { createSubscription, getSubscriptionRow, listSubscriptions, revealSecret, rotateSecret } = await import('@/lib/webhooks/subscriptions');
const { subscriptionSchema } = await import('@/lib/webhooks/validation');
const { AssignedUser, Group, paginated, ShortUser } = await import('./schemas/common');
const { Contact, ContactUpload, Note } = await import('./schemas/contacts');
const { Account, ApiKey, Me, NewApiKey, SetupStatus } = await import('./schemas/dashboard');
const { AccountMember, Team, User } = await import('./schemas/members');
const {
  Channel, ChatTemplate, Conversation, CredentialCheck, Message, MessageSummary, TemplateSendResult, TemplateSyncResult,
} = await import('./schemas/messaging');
const { Health } = await import('./schemas/system');
const { Broadcast, BroadcastRecipient } = await import('./schemas/broadcasts');
const { createBroadcast } = await import('@/lib/broadcasts/create');
const { getBroadcast, listBroadcasts, listRecipients } = await import('@/lib/broadcasts/queries');
const { broadcastCreateBody, broadcastListQuery, recipientListQuery } = await import('@/lib/broadcasts/validation');
const { Flow, FlowExecution, FlowExecutionContact, FlowExecutionContactDetail } = await import('./schemas/flows');
const { createFlow, getFlow, listFlows } = await import('@/lib/flows/flows');
const { createExecution } = await import('@/lib/flows/executions');
const { getExecution, getExecutionContact, listExecutionContacts, listExecutions } = await import('@/lib/flows/execution-queries');
const { flowStartJob } = await import('@/lib/flows/start');
const { advanceContact } = await import('@/lib/flows/engine/run');
const { executionBody, executionContactListQuery, executionListQuery, flowBody, flowListQuery } = await import('@/lib/flows/validation');
const {
  ContactEvent, NewWebhookSubscription, WebhookDelivery, WebhookDeliveryDetail, WebhookDeliveryResent, WebhookEvent,
  WebhookResendFailed, WebhookSecret, WebhookSubscription, WebhookTestEvent,
} = await import('./schemas/webhooks');

type Db = Awaited<ReturnType<typeof getDb>>;
const url = (path: string) => new URL(`http://test.example${path}`);
const firstPage = (path: string) => ({ url: url(path), page: pageRequest(url(path)) });

let db: Db;
let seeded: Awaited<ReturnType<typeof seedTestAccount>>;
let accountId: number;
const phone = '+52 55 3333 0001';

/** Every kind of row the responses are made of, made the way the application makes them. */
beforeAll(async () => {
  db = await getDb();
  await queue(); // services enqueue jobs in their transactions: started first, as at server start
  seeded = await seedTestAccount(db, { country: 'MX' });
  accountId = seeded.account_id;
  const admin = { accountId, userId: seeded.admin.id, role: 'ADMIN' as const, via: 'key' as const };

  const [group] = await db.insert(groups).values({ accountId, name: 'Support' }).returning();
  const [team] = await db.insert(teams).values({ accountId, name: 'Tier 1', assignmentStrategy: 'ROUND_ROBIN' }).returning();
  await db.insert(userGroups).values({ userId: seeded.admin.id, groupId: group.id });
  await db.insert(teamMembers).values({ userId: seeded.admin.id, teamId: team.id });

  await createSubscription(db, accountId, subscriptionSchema.parse({
    events: ['contact.created', 'contact.updated', 'contact.deleted'], target: 'https://93.184.216.34/hooks',
  }));
  const { contact } = await upsertContact(db, { accountId, userId: seeded.admin.id }, contactUpsertSchema.parse({
    phone, first_name: 'Ana', email: 'ana@example.com', meta: { plan: 'gold' }, tags: ['vip'], notes: 'Prefers mornings',
    default_assignees: [seeded.agent.id], external_url: 'https://crm.example.com/1', external_id: 'crm-1',
  }));
  await db.insert(contactNotes).values({ contactId: contact.id, notes: 'by nobody', createdById: null });

  // The contact writes on the sandbox (a conversation, inbound messages, a location), is answered
  // with a template and free-form text, and the conversation is assigned and tagged.
  await receiveSandboxMessage(db, accountId, sandboxInboundSchema.parse({ phone, text: 'Hola', name: 'Ana' }));
  const located = await receiveSandboxMessage(db, accountId, sandboxInboundSchema.parse({
    phone, type: 'location', location: { latitude: 19.43, longitude: -99.13, name: 'Zócalo', address: 'CDMX' },
  }));
  const [template] = await db.select().from(chatTemplates).where(eq(chatTemplates.accountId, accountId)).limit(1);
  await sendTemplateMessage(db, admin, template.id, {
    phone, variables: Array.from({ length: variableCount(template.components) }, (_, i) => `v${i + 1}`),
  });
  await sendFreeFormMessage(db, admin, located.conversation!, { body: 'Hi Ana', internal: false }, 'http://localhost');
  await updateConversation(db, accountId, located.conversation!, { assigned: [seeded.agent.id, seeded.admin.id], tags: ['vip', 'new'] });

  await createCloudChannel(db, accountId, channelCreateSchema.parse({
    name: 'Cloud', phone_number_id: '1065', business_account_id: '1022', access_token: 'EAAG-token-1234567890',
    app_secret: 'app-secret', verify_token: 'verify-token', base_url: 'http://127.0.0.1:9',
  }));

  const csv = Buffer.from(`phone,first_name\n+52 55 3333 0002,Luis\nnot-a-phone,Bad\n`);
  const body = new ReadableStream<Uint8Array>({ start: (c) => { c.enqueue(csv); c.close(); } });
  await runImport(db, await uploadContactsCsv(db, { accountId, userId: seeded.admin.id }, body, csv.length));
}, 120_000); // the embedded database's migrations come first

afterAll(async () => {
  await stopQueue();
  await closeDatabase();
});

describe('strictly()', () => {
  it('refuses a missing field, and an extra one at any depth', async () => {
    const contact = await getContact(db, accountId, (await contactByPhone()).id);
    expectStrictShape(Contact, contact);
    const { email: _, ...missing } = contact;
    expect(strictly(Contact).safeParse(missing).success).toBe(false);
    expect(strictly(Contact).safeParse({ ...contact, extra: 1 }).success).toBe(false);
    const nested = { ...contact, notes: [{ ...contact.notes[0], extra: 1 }] };
    expect(Contact.safeParse(nested).success).toBe(true); // zod strips unknown nested keys…
    expect(strictly(Contact).safeParse(nested).success).toBe(false); // …strictly() refuses them
  });
});

async function contactByPhone() {
  const { url: u, page } = firstPage('/api/contact?search=3333 0001');
  const listed = JSON.parse(await listContacts(db, accountId, u, page, { search: '55 3333 0001' }));
  expect(listed.count).toBe(1);
  return listed.results[0] as z.output<typeof Contact>;
}

describe('every response, read back from the database, has exactly its schema\'s shape', () => {
  it('contacts: detail, list page and webhook payload, all rendered by the database', async () => {
    const { url: u, page } = firstPage('/api/contact');
    const listed = JSON.parse(await listContacts(db, accountId, u, page, {}));
    expectStrictShape(paginated(Contact, 'Contact'), listed, 'list page');
    expect(listed.results.length).toBe(2); // typed in, and imported
    const typed = await contactByPhone();
    const detail = await getContact(db, accountId, typed.id);
    expectStrictShape(Contact, detail, 'detail');
    // Every nullable part is filled in somewhere: notes with and without an author, tags, assignees,
    // the last conversation, and an imported contact.
    expect(detail.notes.map((n) => n.created_by === null)).toEqual([false, true]);
    expect(detail).toMatchObject({ tags: [{ name: 'vip' }], default_assignees: [{ id: seeded.agent.id }], last_conversation: expect.any(String) });
    expectStrictShape(Note, detail.notes[0]);
    expectStrictShape(AssignedUser, detail.default_assignees[0]);
    const imported = listed.results.find((c: { contact_import: string | null }) => c.contact_import !== null);
    expectStrictShape(Contact, imported, 'imported contact');
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.accountId, accountId));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expectStrictShape(ContactEvent, event.payload, `${event.type} payload`);
      expectStrictShape(WebhookEvent, event.payload, `${event.type} payload`);
    }
  });

  it('contact upload, with its rejected rows', async () => {
    const { url: u, page } = firstPage('/api/contact');
    const imported = (JSON.parse(await listContacts(db, accountId, u, page, {})).results as { contact_import: string | null }[])
      .find((c) => c.contact_import)!;
    const upload = await getContactImport(db, accountId, imported.contact_import!);
    expect(upload).toMatchObject({ status: 'COMPLETED', created: 1, rejected: 1 });
    expectStrictShape(ContactUpload, upload);
    expectStrictShape(ContactUpload, await getContactImport(db, accountId, imported.contact_import!, 0), 'progress poll');
  });

  it('conversations: list and detail, assigned and tagged', async () => {
    const { url: u, page } = firstPage('/api/inbox/conversation');
    const listed = await listConversations(db, accountId, seeded.admin.id, u, page, conversationListQuery.parse({}));
    expectStrictShape(paginated(Conversation, 'Conversation'), listed);
    const detail = await getConversation(db, accountId, listed.results[0].id);
    expect(detail.assigned).toHaveLength(2);
    expect(detail.tags).toHaveLength(2);
    expect(detail.free_form_until).not.toBeNull();
    expect(detail.first_message).not.toBeNull();
    expect(detail.last_message).not.toBeNull();
    expectStrictShape(Conversation, detail);
    expectStrictShape(AssignedUser, detail.assigned[0]);
    expectStrictShape(MessageSummary, detail.last_message);
  });

  it('messages: inbound text and location, a template send and a free-form reply', async () => {
    const conversation = (await listConversations(db, accountId, seeded.admin.id, url('/x'), pageRequest(url('/x')), conversationListQuery.parse({}))).results[0];
    const { url: u, page } = firstPage(`/api/inbox/conversation/${conversation.id}/messages`);
    const listed = await listConversationMessages(db, accountId, conversation.id, u, page);
    expect(listed.results.map((m) => m.msg_type)).toEqual(['text', 'location', 'template', 'text']);
    expect(listed.results[1].location).not.toBeNull();
    expect(listed.results[2].chat_template).not.toBeNull();
    expect(listed.results[3].sent_by).not.toBeNull();
    expectStrictShape(paginated(Message, 'Message'), listed);
    const sandbox = await sandboxPhoneMessages(db, accountId, phone, u, page);
    expect(sandbox.count).toBe(4);
    expectStrictShape(paginated(Message, 'Message'), sandbox, 'sandbox phone');
  });

  it('the answers of a template send and a template sync', async () => {
    const [template] = await db.select().from(chatTemplates).where(eq(chatTemplates.accountId, accountId)).limit(1);
    const admin = { accountId, userId: seeded.admin.id, role: 'ADMIN' as const, via: 'key' as const };
    const sent = await sendTemplateMessage(db, admin, template.id, {
      phone: '+52 55 3333 0009', variables: Array.from({ length: variableCount(template.components) }, () => 'x'),
    });
    expectStrictShape(TemplateSendResult, sent);
    expectStrictShape(TemplateSyncResult, await syncTemplatesNow(db, accountId, template.channelId));
  });

  it('chat templates: list and detail, with their channel', async () => {
    const { url: u, page } = firstPage('/api/channels/chat/template');
    const listed = await listTemplates(db, accountId, u, page, templateListQuery.parse({}));
    expect(listed.count).toBeGreaterThan(0);
    expectStrictShape(paginated(ChatTemplate, 'ChatTemplate'), listed);
    expectStrictShape(ChatTemplate, await getTemplate(db, accountId, listed.results[0].id));
  });

  it('channels: the sandbox and a cloud_api channel with its masked settings; the credential check', async () => {
    const { url: u, page } = firstPage('/api/channels');
    const listed = await listChannels(db, accountId, u, page, 'https://app.example.com');
    expect(listed.results.map((c) => c.cloud_api_settings === null)).toEqual([true, false]);
    expectStrictShape(paginated(Channel, 'Channel'), listed);
    const [sandbox] = await db.select().from(channels).where(eq(channels.accountId, accountId)).limit(1);
    expectStrictShape(Channel, serializeChannel(await findChannel(db, accountId, sandbox.id), 'https://app.example.com'));
    expectStrictShape(CredentialCheck, await testChannelCredentials(db, accountId, sandbox.id));
  });

  it('users, account members, the account and /api/me', async () => {
    const members = await listMembers(db, accountId);
    for (const member of members) expectStrictShape(AccountMember, member, `member ${member.id}`);
    const admin = members.find((m) => m.id === seeded.admin.id)!;
    expect(admin.groups).toHaveLength(1);
    expect(admin.teams).toHaveLength(1);
    expectStrictShape(Group, admin.groups[0]);
    expectStrictShape(Team, admin.teams[0]);
    for (const user of await listUsers(db, accountId, userListQuery.parse({}))) expectStrictShape(User, user, `user ${user.id}`);
    const account = serializeAccount((await getAccount(db, accountId))!);
    expectStrictShape(Account, account);
    expectStrictShape(Me, { user: await getMemberProfile(db, accountId, seeded.admin.id), account });
  });

  it('account management: settings changed, a member added by invitation, a reset link, teams', async () => {
    const { updateAccount } = await import('@/lib/accounts/update');
    const { addMember, createResetLink } = await import('@/lib/members/manage');
    const { describeMemberLink } = await import('@/lib/members/links');
    const { createTeam, listTeams } = await import('@/lib/teams/service');
    const { NewAccountMember, MemberLink, MemberLinkInfo } = await import('./schemas/members');
    const { TeamDetail } = await import('./schemas/teams');
    const team = await createTeam(db, accountId, { name: `Shapes ${Date.now()}`, assignment_strategy: 'LEAST_BUSY', members: [seeded.agent.id] });
    expectStrictShape(TeamDetail, team);
    for (const t of await listTeams(db, accountId)) expectStrictShape(TeamDetail, t, `team ${t.id}`);
    const account = await updateAccount(db, accountId, {
      default_team: team.id, has_working_hours: true, working_hours: [{ day: 0, is_open: true, open_at: '09:00:00', close_at: '17:00:00' }],
    });
    expectStrictShape(Account, serializeAccount(account));
    const added = await addMember(db, accountId, { email: `shape-${Date.now()}@test.example`, first_name: 'S', last_name: '', role: 'AGENT' }, 'http://localhost');
    expectStrictShape(NewAccountMember, added);
    expectStrictShape(MemberLinkInfo, await describeMemberLink(db, new URL(added.invitation_url!).searchParams.get('token')!));
    const { email: _email, ...link } = await createResetLink(db, accountId, added.id, 'http://localhost');
    expectStrictShape(MemberLink, { ...link, emailed: false });
  });

  it('API keys: the list and the one-time creation answer', async () => {
    const keys = await listApiKeys(db, accountId);
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) expectStrictShape(ApiKey, key, `key ${key.id}`);
    expectStrictShape(NewApiKey, await createApiKey(db, accountId, { name: 'CRM', userId: seeded.agent.id, createdById: null }));
  });

  it('webhook subscriptions, secrets, deliveries with attempts, test events and resends', async () => {
    const created = await createSubscription(db, accountId, subscriptionSchema.parse({ events: ['contact.updated'], target: 'https://93.184.216.34/b' }));
    expectStrictShape(NewWebhookSubscription, created);
    const { url: u, page } = firstPage('/api/webhook-subscription');
    expectStrictShape(paginated(WebhookSubscription, 'WebhookSubscription'), await listSubscriptions(db, accountId, 'AGENT', u, page));
    expectStrictShape(WebhookSubscription, serializeSubscription(await getSubscriptionRow(db, accountId, created.id), 'AGENT'));
    const rotated = await rotateSecret(db, accountId, created.id);
    expect(rotated.previous_secret).not.toBeNull();
    expectStrictShape(WebhookSecret, rotated);
    expectStrictShape(WebhookSecret, await revealSecret(db, accountId, created.id));

    const test = await sendTestEvent(db, accountId, created.id);
    expectStrictShape(WebhookTestEvent, test);
    await db.insert(webhookDeliveryAttempts).values({
      deliveryId: test.delivery, requestHeaders: { 'webhook-id': test.event }, requestBody: '{}', responseStatus: 503,
      responseBody: 'busy', durationMs: 12, error: null,
    });
    await db.update(webhookDeliveries).set({ status: 'FAILED', attempts: 1, lastAttemptOn: new Date() }).where(eq(webhookDeliveries.id, test.delivery));
    const detail = await getDelivery(db, accountId, test.delivery);
    expect(detail.attempt_log).toHaveLength(1);
    expectStrictShape(WebhookDeliveryDetail, detail);
    const deliveries = firstPage(`/api/webhook-subscription/${created.id}/deliveries`);
    expectStrictShape(paginated(WebhookDelivery, 'WebhookDelivery'),
      await listDeliveries(db, accountId, created.id, deliveries.url, deliveries.page));
    expectStrictShape(WebhookDeliveryResent, await resendDelivery(db, accountId, test.delivery));
    expectStrictShape(WebhookResendFailed, await resendFailedSince(db, accountId, created.id, new Date(0)));
  });

  it('broadcasts: the create answer, detail, list with and without recipients, and a page of recipients', async () => {
    const admin = { accountId, userId: seeded.admin.id, role: 'ADMIN' as const, via: 'key' as const };
    const [template] = await db.select().from(chatTemplates).where(eq(chatTemplates.accountId, accountId)).limit(1);
    const data = Array.from({ length: variableCount(template.components) }, (_, i) => `v${i + 1}`);
    const created = await createBroadcast(db, admin, broadcastCreateBody.parse({
      name: 'Shapes', chat_template: template.id, contact_tags: [{ name: 'shapes' }],
      recipients: [{ phone: '+52 55 3333 0101', data }, { phone: '+52 55 3333 0102', data }],
    }));
    expectStrictShape(Broadcast, created, 'create answer');
    expectStrictShape(Broadcast, await getBroadcast(db, accountId, created.id), 'detail');
    for (const include of ['true', 'false']) {
      const { url: u, page } = firstPage(`/api/broadcast?include_recipients=${include}`);
      expectStrictShape(paginated(Broadcast, 'Broadcast'), await listBroadcasts(db, accountId, u, page,
        broadcastListQuery.parse({ include_recipients: include })), `list, include_recipients=${include}`);
    }
    const { url: u, page } = firstPage(`/api/broadcast/${created.id}/recipients`);
    const recipients = await listRecipients(db, accountId, created.id, u, page, recipientListQuery.parse({}));
    expect(recipients.count).toBe(2);
    expectStrictShape(paginated(BroadcastRecipient, 'BroadcastRecipient'), recipients, 'recipients');
  });

  it('flows: the flow, an execution and its contacts, with executed steps', async () => {
    const admin = { accountId, userId: seeded.admin.id, role: 'ADMIN' as const, via: 'key' as const };
    const flow = await createFlow(db, admin, flowBody.parse({
      name: 'Shapes', flow_execution_variables: ['x'],
      steps: [
        { ordering_idx: 0, step_type: 'MESSAGE', body: 'Hi {{contact.first_name}} {{flow_execution_variables.x}}', next_step_default_idx: 1 },
        { ordering_idx: 1, name: 'q', step_type: 'QUESTION', body: 'Yes?', answer_type: 'SINGLE_OPTION', answer_options: ['Yes', 'No'], next_step_default_idx: 2 },
        { ordering_idx: 2, step_type: 'CONDITIONAL', conditions: [{ field: 'step.q', comparison: 'exact', value: 'Yes' }], next_step_default_idx: 3 },
        { ordering_idx: 3, step_type: 'END' },
      ],
    }));
    expectStrictShape(Flow, flow, 'create answer');
    expectStrictShape(Flow, await getFlow(db, accountId, flow.id), 'detail');
    const flows = firstPage('/api/flow');
    expectStrictShape(paginated(Flow, 'Flow'), await listFlows(db, accountId, flows.url, flows.page, flowListQuery.parse({})), 'list');
    const created = await createExecution(db, admin, flow.id, executionBody.parse({
      execute_for: 'LIST', contact_lists: [{ source: 'LIST', contact_list: [{ phone, first_name: 'Ana' }] }], flow_execution_variables: { x: '1' }, has_priority: true,
    }));
    expectStrictShape(FlowExecution, created, 'create answer');
    await flowStartJob.handle({ executionId: created.id }, undefined as never);
    const contacts = firstPage(`/api/flow-execution-contact?flow_execution=${created.id}`);
    const page = await listExecutionContacts(db, accountId, contacts.url, contacts.page, executionContactListQuery.parse({ flow_execution: created.id }));
    expect(page.count).toBe(1);
    await advanceContact(page.results[0].id);
    expectStrictShape(FlowExecution, await getExecution(db, accountId, created.id), 'detail');
    const executions = firstPage('/api/flow-execution');
    expectStrictShape(paginated(FlowExecution, 'FlowExecution'), await listExecutions(db, accountId, executions.url, executions.page, executionListQuery.parse({})), 'list');
    expectStrictShape(paginated(FlowExecutionContact, 'FlowExecutionContact'),
      await listExecutionContacts(db, accountId, contacts.url, contacts.page, executionContactListQuery.parse({})), 'contacts');
    const detail = await getExecutionContact(db, accountId, page.results[0].id);
    expect(detail.execution_steps.map((x) => x.step.step_type)).toEqual(['MESSAGE', 'QUESTION']);
    // The steps' messages come whole, as the API's message object.
    expect(detail.execution_steps[0].messages.map((m) => m.message.body)).toEqual(['Hi Ana 1']);
    expectStrictShape(FlowExecutionContactDetail, detail, 'contact detail');
  });

  it('health and setup status', async () => {
    expectStrictShape(Health, await healthReport());
    expectStrictShape(SetupStatus, { needed: await setupNeeded(db) });
  });
});

describe('the response schemas', () => {
  it('import nothing but zod, one another and the plain enum lists: the browser may load them', () => {
    const dir = path.join(__dirname, 'schemas');
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const imports = [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      const foreign = imports.filter((i) => i !== 'zod' && !i.startsWith('./') && i !== '@/db/schema/enum-values');
      expect(foreign, file).toEqual([]);
    }
    expect(fs.readFileSync(path.join(__dirname, '../../db/schema/enum-values.ts'), 'utf8')).not.toMatch(/\bimport\b/);
  });
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { INVALID_TOKEN, ISO, NOT_FOUND, NOT_PROVIDED, memberWithKey, newAccount, signsIn, type TestAccount } from './factories';
import { sign, webhookPayload } from './fake-cloud';

// Running an account: its settings (GET/PATCH /api/account), members added, re-roled, deactivated
// and given set-password links, one's own profile and password, and teams.

let acme: TestAccount;
let other: TestAccount;
test.beforeAll(async ({ request }) => {
  acme = await newAccount(request);
  other = await newAccount(request);
});

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

test.describe('account settings', () => {
  test('GET /api/account answers the account object; 401 without a key', async ({ request }) => {
    expect(await (await request.get('/api/account')).json()).toEqual(NOT_PROVIDED);
    const res = await request.get('/api/account', { headers: acme.agent.headers });
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({
      id: acme.accountId, name: expect.any(String), status: 'ACTIVE', country: 'MX', default_timezone: 'UTC',
      has_working_hours: false, working_hours: [], after_hours_response: '',
      opt_out_keywords: ['STOP', 'UNSUBSCRIBE'], opt_in_keywords: ['START', 'SUBSCRIBE'],
      opt_out_response: 'You will receive no more marketing messages from us. Reply START to receive them again.',
      opt_in_response: 'You will receive our marketing messages again. Reply STOP to stop them.', inbox_add_name_before_message: false,
      should_autoclose_conversations: false, autoclose_conversations_after: null, archive_conversations_when_closed: false,
      agents_can_see_all_conversations: true, default_team: null, feature_flags: [], contact_available_variables: [],
      created_on: expect.stringMatching(ISO),
    });
  });

  test('PATCH changes the settings given, for the caller\'s account only; an AGENT gets 403', async ({ request }) => {
    const forbidden = await request.patch('/api/account', { headers: acme.agent.headers, data: { name: 'Mine now' } });
    expect(forbidden.status()).toBe(403);
    expect(await forbidden.json()).toEqual(FORBIDDEN);
    expect((await request.patch('/api/account', { data: { name: 'x' } })).status()).toBe(401);
    const res = await request.patch('/api/account', {
      headers: acme.admin.headers,
      data: {
        name: 'Acme Support', default_timezone: 'America/Mexico_City', country: 'co', has_working_hours: true,
        working_hours: [{ day: 4, is_open: true, open_at: '14:00', close_at: '22:30:00' }, { day: 0, is_open: false, open_at: '00:00', close_at: '00:00' }],
        after_hours_response: 'We are closed', inbox_add_name_before_message: true, should_autoclose_conversations: true,
        autoclose_conversations_after: 24, archive_conversations_when_closed: true,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      name: 'Acme Support', default_timezone: 'America/Mexico_City', country: 'CO', has_working_hours: true,
      working_hours: [{ day: 0, is_open: false, open_at: '00:00:00', close_at: '00:00:00' }, { day: 4, is_open: true, open_at: '14:00:00', close_at: '22:30:00' }],
      after_hours_response: 'We are closed', inbox_add_name_before_message: true, should_autoclose_conversations: true,
      autoclose_conversations_after: 24, archive_conversations_when_closed: true, agents_can_see_all_conversations: true,
    });
    expect(await (await request.get('/api/account', { headers: acme.agent.headers })).json()).toEqual(body);
    expect((await (await request.get('/api/account', { headers: other.admin.headers })).json()).name).not.toBe('Acme Support');
    // Put back what other tests of this file expect.
    await request.patch('/api/account', { headers: acme.admin.headers, data: { has_working_hours: false, should_autoclose_conversations: false, inbox_add_name_before_message: false } });
  });

  test('a form-encoded PATCH is read as the JSON one, on the account and on a member', async ({ request }) => {
    const fresh = await newAccount(request);
    const res = await request.patch('/api/account', {
      headers: fresh.admin.headers,
      form: { has_working_hours: 'true', agents_can_see_all_conversations: 'false', should_autoclose_conversations: 'true', autoclose_conversations_after: '12', default_team: '' },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect(await res.json()).toMatchObject({
      has_working_hours: true, agents_can_see_all_conversations: false, should_autoclose_conversations: true, autoclose_conversations_after: 12, default_team: null,
    });
    const bad = await request.patch('/api/account', { headers: fresh.admin.headers, form: { has_working_hours: 'maybe', autoclose_conversations_after: 'x' } });
    expect(await bad.json()).toEqual({ has_working_hours: ['Must be a valid boolean.'], autoclose_conversations_after: ['A valid integer is required.'] });
    const member = await request.patch(`/api/account-member/${fresh.agent.id}`, { headers: fresh.admin.headers, form: { is_active: 'false' } });
    expect((await member.json()).is_active).toBe(false);
  });

  test('a working day reads its number and flag written as text, as the settings around it do', async ({ request }) => {
    const fresh = await newAccount(request);
    const res = await request.patch('/api/account', {
      headers: fresh.admin.headers, data: { working_hours: [{ day: '1', is_open: 'true', open_at: '09:00', close_at: '18:00' }] },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect((await res.json()).working_hours).toEqual([{ day: 1, is_open: true, open_at: '09:00:00', close_at: '18:00:00' }]);
    const bad = await request.patch('/api/account', {
      headers: fresh.admin.headers, data: { working_hours: [{ day: 1.5, is_open: 'maybe', open_at: '09:00', close_at: '18:00' }] },
    });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ working_hours: [{ day: ['A valid integer is required.'], is_open: ['Must be a valid boolean.'] }] });
  });

  test('refuses bad values field by field', async ({ request }) => {
    const bad = await request.patch('/api/account', {
      headers: acme.admin.headers,
      data: {
        default_timezone: 'Mars/Olympus', country: 'XX', autoclose_conversations_after: 0, agents_can_see_all_conversations: 'maybe',
        working_hours: [{ day: 7, is_open: true, open_at: '25:00', close_at: '10:00' }], name: '',
      },
    });
    expect(bad.status()).toBe(400);
    const errors = await bad.json();
    expect(Object.keys(errors).sort()).toEqual(['agents_can_see_all_conversations', 'autoclose_conversations_after', 'country', 'default_timezone', 'name', 'working_hours']);
    expect(errors.default_timezone).toEqual(['Enter a valid IANA time zone, such as "Europe/Lisbon" or "UTC".']);
    expect(errors.working_hours[0]).toMatchObject({ day: [expect.any(String)], open_at: [expect.stringContaining('hh:mm')] });
    const noHours = await request.patch('/api/account', { headers: acme.admin.headers, data: { should_autoclose_conversations: true, autoclose_conversations_after: null } });
    expect(noHours.status()).toBe(400);
    expect(Object.keys(await noHours.json())).toEqual(['autoclose_conversations_after']);
    const twice = await request.patch('/api/account', {
      headers: acme.admin.headers, data: { working_hours: [{ day: 1, is_open: true, open_at: '09:00', close_at: '10:00' }, { day: 1, is_open: false, open_at: '09:00', close_at: '10:00' }] },
    });
    expect(await twice.json()).toEqual({ working_hours: [{}, { day: ['Each day may appear once.'] }] });
    const otherTeam = await request.post('/api/team', { headers: other.admin.headers, data: { name: 'Theirs' } });
    const foreign = await request.patch('/api/account', { headers: acme.admin.headers, data: { default_team: (await otherTeam.json()).id } });
    expect(foreign.status()).toBe(400);
    expect(Object.keys(await foreign.json())).toEqual(['default_team']);
  });
});

test.describe('members', () => {
  test('an admin adds a member with an invitation link, used once to choose a password', async ({ request }) => {
    expect((await request.post('/api/account-member', { data: { email: 'x@test.example' } })).status()).toBe(401);
    const forbidden = await request.post('/api/account-member', { headers: acme.agent.headers, data: { email: 'x@test.example' } });
    expect(forbidden.status()).toBe(403);
    const email = `invited-${Date.now()}@test.example`;
    const res = await request.post('/api/account-member', { headers: acme.admin.headers, data: { email, first_name: 'Ivy', role: 'AGENT' } });
    expect(res.status(), await res.text()).toBe(201);
    const added = await res.json();
    expect(added).toMatchObject({ email, first_name: 'Ivy', role: 'AGENT', is_active: true, account: acme.accountId, teams: [], invitation_pending: true });
    expect(added.invitation_url).toMatch(/\/set-password\?token=[\w-]{20,}$/);
    expect(added.invitation_expires_on).toMatch(ISO);
    const token = new URL(added.invitation_url).searchParams.get('token')!;
    const info = await request.get(`/api/member-link?token=${token}`);
    expect(await info.json()).toEqual({ purpose: 'INVITE', email, first_name: 'Ivy', expires_on: added.invitation_expires_on });
    const short = await request.post('/api/member-link', { data: { token, password: 'short' } });
    expect(await short.json()).toEqual({ password: ['Ensure this field has at least 8 characters.'] });
    expect((await request.post('/api/member-link', { data: { token, password: 'ivy-chose-this' } })).status()).toBe(200);
    const listed = await (await request.get('/api/account-member', { headers: acme.admin.headers })).json();
    expect(listed.find((m: { email: string }) => m.email === email)).toMatchObject({ invitation_pending: false });
    const again = await request.post('/api/member-link', { data: { token, password: 'ivy-chose-this' } });
    expect(again.status()).toBe(404);
    expect((await request.get(`/api/member-link?token=${token}`)).status()).toBe(404);
    const duplicate = await request.post('/api/account-member', { headers: acme.admin.headers, data: { email: email.toUpperCase() } });
    expect(await duplicate.json()).toEqual({ email: ['A user with that email already exists.'] });
  });

  test('a member added with a password gets no link; bad input is a 400 per field', async ({ request }) => {
    const res = await request.post('/api/account-member', {
      headers: acme.admin.headers, data: { email: `pw-${Date.now()}@test.example`, password: 'a-long-password', role: 'ADMIN' },
    });
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({ role: 'ADMIN', invitation_url: null, invitation_expires_on: null, invitation_pending: false });
    const bad = await request.post('/api/account-member', { headers: acme.admin.headers, data: { email: 'nope', role: 'OWNER', password: 'x' } });
    expect(bad.status()).toBe(400);
    expect(Object.keys(await bad.json()).sort()).toEqual(['email', 'password', 'role']);
  });

  test('deactivating a member refuses their API key at once; reactivating lets it in again', async ({ request }) => {
    const sam = await memberWithKey(request, acme);
    expect((await request.get('/api/account-member', { headers: sam.headers })).status()).toBe(200);
    const off = await request.patch(`/api/account-member/${sam.id}`, { headers: acme.admin.headers, data: { is_active: false } });
    expect(off.status()).toBe(200);
    expect((await off.json()).is_active).toBe(false);
    const refused = await request.get('/api/account-member', { headers: sam.headers });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual(INVALID_TOKEN);
    // The key list says so (not revoked, but not let in), and no new key is made for them meanwhile.
    const samKeys = async () => ((await (await request.get('/api/dev/api-keys', { headers: acme.admin.headers })).json()) as { user: { id: number }; is_active: boolean; revoked_on: string | null }[])
      .filter((k) => k.user.id === sam.id).map((k) => [k.is_active, k.revoked_on]);
    expect(await samKeys()).toEqual([[false, null]]);
    const newKey = await request.post('/api/dev/api-keys', { headers: acme.admin.headers, data: { name: 'for sam', user: sam.id } });
    expect(newKey.status()).toBe(400);
    expect(await newKey.json()).toEqual({ user: ['This member is deactivated: a key acting as them would be refused. Reactivate them first.'] });
    expect((await request.patch(`/api/account-member/${sam.id}`, { headers: acme.admin.headers, data: { is_active: true } })).status()).toBe(200);
    expect((await request.get('/api/account-member', { headers: sam.headers })).status()).toBe(200);
    expect(await samKeys()).toEqual([[true, null]]);
  });

  test('a deactivated member cannot sign in; reactivated, they can again', async ({ request, playwright, baseURL }) => {
    const sam = await memberWithKey(request, acme);
    expect(await signsIn(playwright, baseURL, sam.email, 'a-long-password')).toBe(true);
    expect((await request.patch(`/api/account-member/${sam.id}`, { headers: acme.admin.headers, data: { is_active: false } })).status()).toBe(200);
    expect(await signsIn(playwright, baseURL, sam.email, 'a-long-password')).toBe(false);
    expect((await request.patch(`/api/account-member/${sam.id}`, { headers: acme.admin.headers, data: { is_active: true } })).status()).toBe(200);
    expect(await signsIn(playwright, baseURL, sam.email, 'a-long-password')).toBe(true);
  });

  test('roles change; the last active admin cannot be demoted or deactivated; AGENT 403, other account 404', async ({ request }) => {
    const fresh = await newAccount(request);
    const demote = await request.patch(`/api/account-member/${fresh.admin.id}`, { headers: fresh.admin.headers, data: { role: 'AGENT' } });
    expect(demote.status()).toBe(400);
    expect(await demote.json()).toEqual({ role: ['The account needs at least one active admin who can sign in: make another member an admin first (an invited admin counts once they have set a password).'] });
    const deactivate = await request.patch(`/api/account-member/${fresh.admin.id}`, { headers: fresh.admin.headers, data: { is_active: false } });
    expect(Object.keys(await deactivate.json())).toEqual(['is_active']);
    // An admin invited without a password cannot sign in yet: they do not count.
    const invited = await request.post('/api/account-member', {
      headers: fresh.admin.headers, data: { email: `invited-${Date.now()}@test.example`, first_name: 'In', last_name: 'Vited', role: 'ADMIN' },
    });
    expect(invited.status()).toBe(201);
    const stillRefused = await request.patch(`/api/account-member/${fresh.admin.id}`, { headers: fresh.admin.headers, data: { role: 'AGENT' } });
    expect(stillRefused.status()).toBe(400);
    const promote = await request.patch(`/api/account-member/${fresh.agent.id}`, { headers: fresh.admin.headers, data: { role: 'ADMIN' } });
    expect((await promote.json()).role).toBe('ADMIN');
    // Now the first admin may step down, and the agent-turned-admin's key acts as an ADMIN at once.
    expect((await request.patch(`/api/account-member/${fresh.admin.id}`, { headers: fresh.admin.headers, data: { role: 'AGENT' } })).status()).toBe(200);
    expect((await request.patch('/api/account', { headers: fresh.admin.headers, data: { name: 'n' } })).status()).toBe(403);
    expect((await request.patch('/api/account', { headers: fresh.agent.headers, data: { name: 'Renamed' } })).status()).toBe(200);

    expect((await request.patch(`/api/account-member/${acme.admin.id}`, { headers: acme.agent.headers, data: { role: 'AGENT' } })).status()).toBe(403);
    for (const res of [
      await request.get(`/api/account-member/${other.agent.id}`, { headers: acme.admin.headers }),
      await request.patch(`/api/account-member/${other.agent.id}`, { headers: acme.admin.headers, data: { is_active: false } }),
      await request.patch(`/api/account-member/${other.agent.id}`, { headers: acme.admin.headers, data: { role: 'nonsense' } }),
      await request.post(`/api/account-member/${other.agent.id}/reset-link`, { headers: acme.admin.headers }),
    ]) {
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    expect((await request.get(`/api/account-member/${other.agent.id}`)).status()).toBe(401);
  });

  test('a reset link sets a new password once; only an admin creates one', async ({ request }) => {
    const sam = await memberWithKey(request, acme);
    expect((await request.post(`/api/account-member/${sam.id}/reset-link`, { headers: acme.agent.headers })).status()).toBe(403);
    expect((await request.post(`/api/account-member/${sam.id}/reset-link`)).status()).toBe(401);
    const res = await request.post(`/api/account-member/${sam.id}/reset-link`, { headers: acme.admin.headers });
    expect(res.status()).toBe(201);
    const link = await res.json();
    expect(link).toEqual({ url: expect.stringContaining('/set-password?token='), expires_on: expect.stringMatching(ISO), emailed: false });
    const token = new URL(link.url).searchParams.get('token')!;
    expect((await (await request.get(`/api/member-link?token=${token}`)).json()).purpose).toBe('RESET');
    // A newer link replaces it.
    const newer = await (await request.post(`/api/account-member/${sam.id}/reset-link`, { headers: acme.admin.headers })).json();
    expect((await request.get(`/api/member-link?token=${token}`)).status()).toBe(404);
    const newToken = new URL(newer.url).searchParams.get('token')!;
    expect((await request.post('/api/member-link', { data: { token: newToken, password: 'brand-new-password' } })).status()).toBe(200);
  });

  test('reset and invitation links are on the configured public URL, not the host a request names', async ({ request, baseURL }) => {
    // The suite's servers run with NEXTAUTH_URL set to their own address (playwright.config.ts).
    const forged = { ...acme.admin.headers, 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
    const sam = await memberWithKey(request, acme);
    const reset = await request.post(`/api/account-member/${sam.id}/reset-link`, { headers: forged });
    expect(reset.status()).toBe(201);
    expect((await reset.json()).url).toMatch(new RegExp(`^${baseURL}/set-password\\?token=`));
    const invited = await request.post('/api/account-member', {
      headers: forged, data: { email: `forged-host-${Date.now()}@test.example`, first_name: 'Fo', role: 'AGENT' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    expect((await invited.json()).invitation_url).toMatch(new RegExp(`^${baseURL}/set-password\\?token=`));
  });
});

test.describe('own profile and password', () => {
  test('names and profile image; password change needs the current password', async ({ request, playwright, baseURL }) => {
    const sam = await memberWithKey(request, acme);
    expect((await request.patch('/api/me', { data: { first_name: 'x' } })).status()).toBe(401);
    const res = await request.patch('/api/me', { headers: sam.headers, data: { first_name: 'Samuel', last_name: 'Ortiz', profile_image: 'https://cdn.example/sam.png' } });
    expect(res.status(), await res.text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: sam.id, first_name: 'Samuel', last_name: 'Ortiz', profile_image: 'https://cdn.example/sam.png' });
    const badImage = await request.patch('/api/me', { headers: sam.headers, data: { profile_image: 'javascript:alert(1)' } });
    expect(Object.keys(await badImage.json())).toEqual(['profile_image']);
    const plainHttp = await request.patch('/api/me', { headers: sam.headers, data: { profile_image: 'http://169.254.169.254/x.png' } });
    expect(await plainHttp.json()).toEqual({ profile_image: ['Enter a valid https:// URL.'] });
    const wrong = await request.post('/api/me/password', { headers: sam.headers, data: { current_password: 'not-it', new_password: 'another-long-one' } });
    expect(await wrong.json()).toEqual({ current_password: ['The current password is not correct.'] });
    expect(await signsIn(playwright, baseURL, sam.email, 'a-long-password')).toBe(true);
    const ok = await request.post('/api/me/password', { headers: sam.headers, data: { current_password: 'a-long-password', new_password: 'another-long-one' } });
    expect(ok.status()).toBe(204);
    // The old password no longer signs in; the new one does.
    expect(await signsIn(playwright, baseURL, sam.email, 'a-long-password')).toBe(false);
    expect(await signsIn(playwright, baseURL, sam.email, 'another-long-one')).toBe(true);
  });
});

test('wrong current passwords count against the sign-in limit of the member\'s address', async ({ request, playwright, baseURL }) => {
  const sam = await memberWithKey(request, acme);
  for (let i = 0; i < 10; i++) {
    const wrong = await request.post('/api/me/password', { headers: sam.headers, data: { current_password: `wrong-${i}`, new_password: 'another-long-one' } });
    expect(wrong.status()).toBe(400);
  }
  // The eleventh is refused before the password is checked, even the right one; so is signing in.
  const blocked = await request.post('/api/me/password', { headers: sam.headers, data: { current_password: 'a-long-password', new_password: 'another-long-one' } });
  expect(blocked.status()).toBe(429);
  expect(blocked.headers()['retry-after']).toMatch(/^\d+$/);
  expect(await blocked.json()).toEqual({ detail: expect.stringMatching(/^Too many failed sign-in attempts for this email\. Try again in 15 minutes\.$/) });
  expect(await signsIn(playwright, baseURL, sam.email, 'a-long-password')).toBe(false);
});

test.describe('teams', () => {
  test('create, read, change and delete; shown in the member\'s teams; roles and accounts kept apart', async ({ request }) => {
    expect((await request.get('/api/team')).status()).toBe(401);
    expect((await request.post('/api/team', { headers: acme.agent.headers, data: { name: 'Nope' } })).status()).toBe(403);
    const res = await request.post('/api/team', {
      headers: acme.admin.headers, data: { name: `Support ${Date.now()}`, assignment_strategy: 'ROUND_ROBIN', members: [{ id: acme.agent.id }] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const team = await res.json();
    expect(team).toEqual({
      id: expect.any(Number), name: expect.stringMatching(/^Support/), assignment_strategy: 'ROUND_ROBIN', is_default: false,
      members: [{ id: acme.agent.id, first_name: 'Alan', last_name: expect.any(String), email: acme.agent.email }],
    });
    const members = await (await request.get('/api/account-member', { headers: acme.agent.headers })).json();
    expect(members.find((m: { id: number }) => m.id === acme.agent.id).teams).toContainEqual({ id: team.id, name: team.name, assignment_strategy: 'ROUND_ROBIN' });
    const dup = await request.post('/api/team', { headers: acme.admin.headers, data: { name: team.name.toLowerCase() } });
    expect(await dup.json()).toEqual({ name: ['A team with this name already exists.'] });
    const foreignMember = await request.post('/api/team', { headers: acme.admin.headers, data: { name: 'F', members: [{ id: other.agent.id }] } });
    expect(await foreignMember.json()).toEqual({ members: [`Invalid pk "${other.agent.id}" - object does not exist.`] });
    const changed = await request.patch(`/api/team/${team.id}`, { headers: acme.admin.headers, data: { assignment_strategy: 'LEAST_BUSY', members: [] } });
    expect(await changed.json()).toMatchObject({ assignment_strategy: 'LEAST_BUSY', members: [] });
    expect((await request.get(`/api/team/${team.id}`, { headers: acme.agent.headers })).status()).toBe(200);
    for (const res of [
      await request.get(`/api/team/${team.id}`, { headers: other.admin.headers }),
      await request.patch(`/api/team/${team.id}`, { headers: other.admin.headers, data: { name: '' } }),
      await request.delete(`/api/team/${team.id}`, { headers: other.admin.headers }),
    ]) expect(res.status()).toBe(404);
    const agentPatch = await request.patch(`/api/team/${team.id}`, { headers: acme.agent.headers, data: { name: 'Agents rename it', members: [{ id: acme.agent.id }] } });
    expect(agentPatch.status()).toBe(403);
    expect(await agentPatch.json()).toEqual(FORBIDDEN);
    expect(await (await request.get(`/api/team/${team.id}`, { headers: acme.admin.headers })).json()).toMatchObject({ name: team.name, members: [] });
    expect((await request.delete(`/api/team/${team.id}`, { headers: acme.agent.headers })).status()).toBe(403);
    expect((await request.delete(`/api/team/${team.id}`, { headers: acme.admin.headers })).status()).toBe(204);
    expect((await request.get(`/api/team/${team.id}`, { headers: acme.admin.headers })).status()).toBe(404);
  });
});

test.describe('channels', () => {
  test('a provider that cannot be reached is reported as such, not as refused credentials', async ({ request }) => {
    const res = await request.post('/api/channels', {
      headers: acme.admin.headers,
      data: {
        name: 'Unreachable', phone_number_id: `PN${Date.now()}`, business_account_id: 'WABA1', access_token: 'tok', app_secret: 's',
        verify_token: 'v', base_url: 'http://127.0.0.1:9', api_version: 'v21.0',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const channel = await res.json();
    const check = await request.post(`/api/channels/${channel.id}/test-credentials`, { headers: acme.admin.headers });
    expect(await check.json()).toEqual({ ok: false, reached: false, detail: 'Could not reach the provider: the connection was refused (127.0.0.1:9).' });
    const sync = await request.post(`/api/channels/${channel.id}/sync-templates`, { headers: acme.admin.headers });
    expect(sync.status()).toBe(400);
    expect(await sync.json()).toEqual({ non_field_errors: ['Template sync failed. Could not reach the provider: the connection was refused (127.0.0.1:9).'] });

    // Deleted: gone from the account, its templates out of the list; only an admin, only the account's own.
    expect((await request.delete(`/api/channels/${channel.id}`, { headers: acme.agent.headers })).status()).toBe(403);
    expect((await request.delete(`/api/channels/${channel.id}`, { headers: other.admin.headers })).status()).toBe(404);
    expect((await request.delete(`/api/channels/${channel.id}`)).status()).toBe(401);
    expect((await request.delete(`/api/channels/${channel.id}`, { headers: acme.admin.headers })).status()).toBe(204);
    expect((await request.get(`/api/channels/${channel.id}`, { headers: acme.admin.headers })).status()).toBe(404);
    const listed = await (await request.get('/api/channels', { headers: acme.admin.headers })).json();
    expect(listed.results.map((c: { id: number }) => c.id)).not.toContain(channel.id);
    // The provider's callbacks for it are refused too, signed or not, handshake included.
    const body = JSON.stringify(webhookPayload(channel.channel_id, { statuses: [] }));
    const callback = await request.post(`/api/channels/cloud-api/webhook/${channel.id}`, {
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign('s', body) }, data: body,
    });
    expect(callback.status()).toBe(404);
    expect((await request.get(`/api/channels/cloud-api/webhook/${channel.id}?hub.mode=subscribe&hub.verify_token=v&hub.challenge=1`)).status()).toBe(404);
  });

  test('a switched-off channel refuses sends with the reason; the sandbox cannot be deleted', async ({ request }) => {
    const fresh = await newAccount(request);
    const channels = await (await request.get('/api/channels', { headers: fresh.admin.headers })).json();
    const sandbox = channels.results[0];
    const refused = await request.delete(`/api/channels/${sandbox.id}`, { headers: fresh.admin.headers });
    expect(await refused.json()).toEqual({ non_field_errors: ['The sandbox channel cannot be deleted; switch it off instead.'] });
    await request.patch(`/api/channels/${sandbox.id}`, { headers: fresh.admin.headers, data: { status: 'INACTIVE' } });
    const template = (await (await request.get('/api/channels/chat/template?search=welcome', { headers: fresh.admin.headers })).json()).results[0];
    const send = await request.post(`/api/channels/chat/template/${template.id}/send`, {
      headers: fresh.admin.headers, data: { phone: '+525512345678', variables: ['Ana', 'Acme'] },
    });
    expect(send.status()).toBe(400);
    expect(await send.json()).toEqual({ non_field_errors: ['The template\'s channel is switched off: nothing can be sent through it.'] });
    // Nor does it take messages: the sandbox phone is refused too.
    const inbound = await request.post('/api/channels/sandbox/inbound', { headers: fresh.admin.headers, data: { phone: '+525512345678', text: 'hola' } });
    expect(inbound.status()).toBe(400);
    expect(await inbound.json()).toEqual({ non_field_errors: ['The sandbox channel is switched off: switch it on under Channels to use the sandbox phone.'] });
  });
});

import { expect, test } from '@playwright/test';
import { NOT_FOUND, inbound, memberWithKey, newAccount, sendWelcome, uniquePhone } from './factories';

// New inbound conversations assigned (contact default assignees first, else the default team by its
// strategy), agents' visibility, the after-hours reply, auto-close and the agent's name before
// inbox messages.

type Conversation = { id: string; assigned: { id: number }[] };

test('round-robin over 30 new inbound conversations and 3 agents gives 10 each', async ({ request }) => {
  const acme = await newAccount(request);
  const agents = [await memberWithKey(request, acme), await memberWithKey(request, acme), await memberWithKey(request, acme)];
  const team = await (await request.post('/api/team', {
    headers: acme.admin.headers, data: { name: 'Front desk', assignment_strategy: 'ROUND_ROBIN', members: agents.map((a) => ({ id: a.id })) },
  })).json();
  expect((await request.patch('/api/account', { headers: acme.admin.headers, data: { default_team: team.id } })).status()).toBe(200);
  expect((await (await request.get(`/api/team/${team.id}`, { headers: acme.admin.headers })).json()).is_default).toBe(true);
  // Ten at a time, so batches of concurrent arrivals take turns too.
  for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 10 }, () => inbound(request, acme)));
  const page = await (await request.get('/api/inbox/conversation?page_size=100', { headers: acme.admin.headers })).json();
  expect(page.count).toBe(30);
  const counts = new Map<number, number>();
  for (const c of page.results as Conversation[]) {
    expect(c.assigned).toHaveLength(1);
    counts.set(c.assigned[0].id, (counts.get(c.assigned[0].id) ?? 0) + 1);
  }
  expect([...counts.entries()].sort()).toEqual(agents.map((a) => [a.id, 10]).sort());
  // A second message in an open conversation does not assign it again.
  const first = (page.results as Conversation[])[0];
  const again = await request.get(`/api/inbox/conversation/${first.id}`, { headers: acme.admin.headers });
  expect((await again.json()).assigned).toEqual(first.assigned);
});

test('a contact\'s first reply to a conversation we opened goes to the default team when nobody has it', async ({ request }) => {
  const acme = await newAccount(request);
  const [amy, bob] = [await memberWithKey(request, acme), await memberWithKey(request, acme)];
  const team = await (await request.post('/api/team', {
    headers: acme.admin.headers, data: { name: 'Support', assignment_strategy: 'ROUND_ROBIN', members: [amy, bob].map((a) => ({ id: a.id })) },
  })).json();
  await request.patch('/api/account', { headers: acme.admin.headers, data: { default_team: team.id } });
  const get = async (id: string) => (await request.get(`/api/inbox/conversation/${id}`, { headers: acme.admin.headers })).json();
  const { phone, conversation } = await sendWelcome(request, acme);
  expect(await get(conversation)).toMatchObject({ status: 'CREATED', assigned: [] });
  await inbound(request, acme, phone, 'Thanks! One question');
  const answered = await get(conversation);
  expect(answered.status).toBe('NEW');
  expect(answered.assigned.map((u: { id: number }) => u.id)).toEqual([amy.id]);
  // The agent it went to sees it without being an admin.
  expect((await request.get(`/api/inbox/conversation/${conversation}`, { headers: amy.headers })).status()).toBe(200);
  // One an agent already holds stays theirs.
  const held = await sendWelcome(request, acme);
  await request.patch(`/api/inbox/conversation/${held.conversation}/update`, { headers: acme.admin.headers, data: { assigned: [{ id: bob.id }] } });
  await inbound(request, acme, held.phone, 'Hi');
  expect((await get(held.conversation)).assigned.map((u: { id: number }) => u.id)).toEqual([bob.id]);
});

test('least-busy gives the next conversation to the member with the fewest open ones; deactivated members get none', async ({ request }) => {
  const acme = await newAccount(request);
  const [busy, idle, gone] = [await memberWithKey(request, acme), await memberWithKey(request, acme), await memberWithKey(request, acme)];
  const team = await (await request.post('/api/team', {
    headers: acme.admin.headers, data: { name: 'Least', assignment_strategy: 'LEAST_BUSY', members: [busy, idle, gone].map((a) => ({ id: a.id })) },
  })).json();
  await request.patch(`/api/account-member/${gone.id}`, { headers: acme.admin.headers, data: { is_active: false } });
  // Two open conversations already given to `busy` by hand.
  for (let i = 0; i < 2; i++) {
    const { conversation } = await inbound(request, acme);
    await request.patch(`/api/inbox/conversation/${conversation}/update`, { headers: acme.admin.headers, data: { assigned: [{ id: busy.id }] } });
  }
  await request.patch('/api/account', { headers: acme.admin.headers, data: { default_team: team.id } });
  const assignedTo: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { conversation } = await inbound(request, acme);
    const c = await (await request.get(`/api/inbox/conversation/${conversation}`, { headers: acme.admin.headers })).json();
    assignedTo.push(c.assigned[0].id);
  }
  // idle catches up to busy's two, then they alternate.
  expect(assignedTo.slice(0, 2)).toEqual([idle.id, idle.id]);
  expect(assignedTo.slice(2).sort()).toEqual([busy.id, idle.id].sort());
  expect(assignedTo).not.toContain(gone.id);
});

test('a member invited who has not chosen a password yet gets no conversation, as default assignee or in a team', async ({ request }) => {
  const acme = await newAccount(request);
  const [amy, bob] = [await memberWithKey(request, acme), await memberWithKey(request, acme)];
  const invited = await request.post('/api/account-member', {
    headers: acme.admin.headers, data: { email: `invited-${Date.now()}@test.example`, first_name: 'Ivy', role: 'AGENT' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const ivy = await invited.json();
  expect(ivy.invitation_pending).toBe(true);
  const team = await (await request.post('/api/team', {
    headers: acme.admin.headers, data: { name: 'Desk', assignment_strategy: 'ROUND_ROBIN', members: [amy, bob, ivy].map((a) => ({ id: a.id })) },
  })).json();
  await request.patch('/api/account', { headers: acme.admin.headers, data: { default_team: team.id } });
  const assignedTo: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { conversation } = await inbound(request, acme);
    assignedTo.push((await (await request.get(`/api/inbox/conversation/${conversation}`, { headers: acme.admin.headers })).json()).assigned[0].id);
  }
  expect(assignedTo).toEqual([amy.id, bob.id, amy.id, bob.id]);
  // A contact whose only default assignee is still invited goes to the team instead.
  const phone = uniquePhone();
  expect((await request.post('/api/contact', { headers: acme.admin.headers, data: { phone, default_assignees: [{ id: ivy.id }] } })).status()).toBe(201);
  const theirs = await inbound(request, acme, phone);
  expect((await (await request.get(`/api/inbox/conversation/${theirs.conversation}`, { headers: acme.admin.headers })).json()).assigned.map((u: { id: number }) => u.id)).toEqual([amy.id]);
});

test('a contact\'s default assignees come before the team; a MANUAL team gets the conversation unassigned', async ({ request }) => {
  const acme = await newAccount(request);
  const team = await (await request.post('/api/team', {
    headers: acme.admin.headers, data: { name: 'Manual', assignment_strategy: 'MANUAL', members: [{ id: acme.agent.id }] },
  })).json();
  await request.patch('/api/account', { headers: acme.admin.headers, data: { default_team: team.id } });
  const phone = uniquePhone();
  const contact = await request.post('/api/contact', { headers: acme.admin.headers, data: { phone, default_assignees: [{ id: acme.admin.id }] } });
  expect(contact.status(), await contact.text()).toBe(201);
  const mine = await inbound(request, acme, phone);
  expect((await (await request.get(`/api/inbox/conversation/${mine.conversation}`, { headers: acme.admin.headers })).json()).assigned.map((u: { id: number }) => u.id)).toEqual([acme.admin.id]);
  const manual = await inbound(request, acme);
  const queued = await (await request.get(`/api/inbox/conversation/${manual.conversation}`, { headers: acme.admin.headers })).json();
  expect(queued.assigned).toEqual([]);
  // In the team's queue: named on the conversation, and a filter of the list.
  expect(queued.team).toEqual({ id: team.id, name: 'Manual' });
  const inQueue = await (await request.get(`/api/inbox/conversation?team=${team.id}`, { headers: acme.admin.headers })).json();
  expect(inQueue.results.map((c: { id: string }) => c.id)).toContain(manual.conversation);
  const noTeam = await (await request.get('/api/inbox/conversation?team=none', { headers: acme.admin.headers })).json();
  expect(noTeam.results.map((c: { id: string }) => c.id)).not.toContain(manual.conversation);
  const bad = await request.get('/api/inbox/conversation?team=sales', { headers: acme.admin.headers });
  expect(await bad.json()).toEqual({ team: ['Enter a team id or "none".'] });
});

test('with agents_can_see_all_conversations off an AGENT sees only their own and their teams\' conversations', async ({ request }) => {
  const acme = await newAccount(request);
  const team = await (await request.post('/api/team', {
    headers: acme.admin.headers, data: { name: 'Team A', assignment_strategy: 'MANUAL', members: [{ id: acme.agent.id }] },
  })).json();
  const theirs = await inbound(request, acme);
  await request.patch(`/api/inbox/conversation/${theirs.conversation}/update`, { headers: acme.admin.headers, data: { assigned: [{ id: acme.agent.id }] } });
  const someoneElses = await inbound(request, acme);
  await request.patch('/api/account', { headers: acme.admin.headers, data: { default_team: team.id } });
  const teams = await inbound(request, acme);
  // Everyone sees everything by default.
  expect((await (await request.get('/api/inbox/conversation', { headers: acme.agent.headers })).json()).count).toBe(3);
  await request.patch('/api/account', { headers: acme.admin.headers, data: { agents_can_see_all_conversations: false } });
  const listed = await (await request.get('/api/inbox/conversation', { headers: acme.agent.headers })).json();
  expect(listed.results.map((c: Conversation) => c.id).sort()).toEqual([theirs.conversation, teams.conversation].sort());
  expect(listed.count).toBe(2);
  for (const res of [
    await request.get(`/api/inbox/conversation/${someoneElses.conversation}`, { headers: acme.agent.headers }),
    await request.get(`/api/inbox/conversation/${someoneElses.conversation}/messages`, { headers: acme.agent.headers }),
    await request.post(`/api/inbox/conversation/${someoneElses.conversation}/messages`, { headers: acme.agent.headers, data: { body: 'hi' } }),
    await request.patch(`/api/inbox/conversation/${someoneElses.conversation}/update`, { headers: acme.agent.headers, data: { status: 'bogus' } }),
    await request.post(`/api/inbox/conversation/${someoneElses.conversation}/read`, { headers: acme.agent.headers }),
  ]) {
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  }
  // Marking it read did nothing; nor does the sandbox phone show its messages to the agent.
  expect((await (await request.get(`/api/inbox/conversation/${someoneElses.conversation}`, { headers: acme.admin.headers })).json()).unread_count).toBe(1);
  const onPhone = async (phone: string, who: typeof acme.admin) => {
    const res = await request.get(`/api/channels/sandbox/messages?phone=${encodeURIComponent(phone)}`, { headers: who.headers });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).count;
  };
  expect(await onPhone(someoneElses.phone, acme.agent)).toBe(0);
  expect(await onPhone(someoneElses.phone, acme.admin)).toBe(1);
  expect(await onPhone(theirs.phone, acme.agent)).toBe(1);
  expect((await request.get(`/api/inbox/conversation/${theirs.conversation}`, { headers: acme.agent.headers })).status()).toBe(200);
  // Admins still see all of them.
  expect((await (await request.get('/api/inbox/conversation', { headers: acme.admin.headers })).json()).count).toBe(3);
});

test('an after-hours message gets the reply once per conversation', async ({ request }) => {
  const acme = await newAccount(request);
  // Working hours with no open day: every moment is after hours.
  await request.patch('/api/account', {
    headers: acme.admin.headers, data: { has_working_hours: true, working_hours: [], after_hours_response: 'We open at 9.' },
  });
  const phone = uniquePhone();
  const first = await inbound(request, acme, phone, 'Hello?');
  await inbound(request, acme, phone, 'Anyone?');
  const messages = await (await request.get(`/api/inbox/conversation/${first.conversation}/messages`, { headers: acme.admin.headers })).json();
  const replies = messages.results.filter((m: { direction: string }) => m.direction === 'OUTBOUND');
  expect(replies.map((m: { body: string }) => m.body)).toEqual(['We open at 9.']);
  expect(messages.results.map((m: { direction: string }) => m.direction)).toEqual(['INBOUND', 'OUTBOUND', 'INBOUND']);
  // Inside working hours (open every day, all day long), nothing is sent.
  const allDay = Array.from({ length: 7 }, (_, day) => ({ day, is_open: true, open_at: '00:00', close_at: '23:59:59' }));
  await request.patch('/api/account', { headers: acme.admin.headers, data: { working_hours: allDay } });
  const open = await inbound(request, acme);
  const openMessages = await (await request.get(`/api/inbox/conversation/${open.conversation}/messages`, { headers: acme.admin.headers })).json();
  expect(openMessages.results.map((m: { direction: string }) => m.direction)).toEqual(['INBOUND']);
  // The same opening and closing time keeps a day open for 24 hours: 00:00–00:00 every day never closes.
  const aroundTheClock = Array.from({ length: 7 }, (_, day) => ({ day, is_open: true, open_at: '00:00', close_at: '00:00' }));
  const set = await request.patch('/api/account', { headers: acme.admin.headers, data: { working_hours: aroundTheClock } });
  expect(set.status(), await set.text()).toBe(200);
  expect((await set.json()).working_hours[0]).toEqual({ day: 0, is_open: true, open_at: '00:00:00', close_at: '00:00:00' });
  const always = await inbound(request, acme);
  const alwaysMessages = await (await request.get(`/api/inbox/conversation/${always.conversation}/messages`, { headers: acme.admin.headers })).json();
  expect(alwaysMessages.results.map((m: { direction: string }) => m.direction)).toEqual(['INBOUND']);
});

test('working hours are read on the clock of the account\'s time zone', async ({ request }) => {
  const acme = await newAccount(request);
  // Open every day from an hour before to an hour after the present time in Kiritimati (UTC+14):
  // read in UTC, the same hours are ten hours away.
  const zone = 'Pacific/Kiritimati';
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()).split(':').map(Number);
  const at = (hour: number) => `${String((hour + 24) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  const aroundNow = Array.from({ length: 7 }, (_, day) => ({ day, is_open: true, open_at: at(h - 1), close_at: at(h + 1) }));
  const set = await request.patch('/api/account', {
    headers: acme.admin.headers, data: { default_timezone: zone, has_working_hours: true, working_hours: aroundNow, after_hours_response: 'We open at 9.' },
  });
  expect(set.status(), await set.text()).toBe(200);
  const directions = async (conversation: string) => ((await (await request.get(`/api/inbox/conversation/${conversation}/messages`, { headers: acme.admin.headers })).json())
    .results as { direction: string }[]).map((x) => x.direction);
  expect(await directions((await inbound(request, acme)).conversation)).toEqual(['INBOUND']);
  await request.patch('/api/account', { headers: acme.admin.headers, data: { default_timezone: 'UTC' } });
  expect(await directions((await inbound(request, acme)).conversation)).toEqual(['INBOUND', 'OUTBOUND']);
});

test('a conversation idle past the auto-close time is closed', async ({ request }) => {
  const acme = await newAccount(request);
  await request.patch('/api/account', { headers: acme.admin.headers, data: { should_autoclose_conversations: true, autoclose_conversations_after: 2 } });
  const idle = await inbound(request, acme);
  const recent = await inbound(request, acme);
  const res = await request.post('/api/test/conversation-idle', { headers: acme.admin.headers, data: { conversation: idle.conversation, hours: 3 } });
  expect(await res.json()).toEqual({ closed: 1 });
  expect((await (await request.get(`/api/inbox/conversation/${idle.conversation}`, { headers: acme.admin.headers })).json()).status).toBe('CLOSED');
  expect((await (await request.get(`/api/inbox/conversation/${recent.conversation}`, { headers: acme.admin.headers })).json()).status).toBe('NEW');
  // The next message opens a new conversation.
  expect((await inbound(request, acme, idle.phone)).conversation).not.toBe(idle.conversation);
});

test('with archive_conversations_when_closed a closed conversation leaves the lists until reopened', async ({ request }) => {
  const acme = await newAccount(request);
  const ids = (res: { results: { id: string }[] }) => res.results.map((c) => c.id).sort();
  const list = async (query = '') => (await request.get(`/api/inbox/conversation${query}`, { headers: acme.admin.headers })).json();
  const patch = (id: string, status: string) => request.patch(`/api/inbox/conversation/${id}/update`, { headers: acme.admin.headers, data: { status } });

  // Off (the default): a resolved conversation stays in the list, never archived.
  const before = await inbound(request, acme);
  expect((await (await patch(before.conversation, 'RESOLVED')).json()).archived_on).toBeNull();

  await request.patch('/api/account', { headers: acme.admin.headers, data: { archive_conversations_when_closed: true } });
  const resolved = await inbound(request, acme);
  const open = await inbound(request, acme);
  const answer = await (await patch(resolved.conversation, 'RESOLVED')).json();
  expect(Date.parse(answer.archived_on)).toBeGreaterThan(Date.now() - 60_000);
  // Auto-close archives too: every path that closes a conversation keeps the rule.
  await request.patch('/api/account', { headers: acme.admin.headers, data: { should_autoclose_conversations: true, autoclose_conversations_after: 2 } });
  const idle = await inbound(request, acme);
  await request.post('/api/test/conversation-idle', { headers: acme.admin.headers, data: { conversation: idle.conversation, hours: 3 } });

  expect(ids(await list())).toEqual([before.conversation, open.conversation].sort());
  expect(ids(await list('?archived=true'))).toEqual([idle.conversation, resolved.conversation].sort());
  expect((await list('?archived=any')).count).toBe(4);
  // A contact's history is whole without asking.
  expect(ids(await list(`?contact=${(await (await request.get(`/api/inbox/conversation/${resolved.conversation}`, { headers: acme.admin.headers })).json()).contact}`)))
    .toEqual([resolved.conversation]);
  expect((await request.get('/api/inbox/conversation?archived=maybe', { headers: acme.admin.headers })).status()).toBe(400);

  // Reopening takes it out of the archive.
  expect((await (await patch(resolved.conversation, 'IN_PROGRESS')).json()).archived_on).toBeNull();
  expect(ids(await list())).toContain(resolved.conversation);
});

test('a conversation moved to a team: the team\'s strategy picks a member when nobody has it, its queue alone when someone does; null takes it out', async ({ request }) => {
  const acme = await newAccount(request);
  const other = await newAccount(request);
  const [amy, bob] = [await memberWithKey(request, acme), await memberWithKey(request, acme)];
  const sales = await (await request.post('/api/team', {
    headers: acme.admin.headers, data: { name: 'Sales', assignment_strategy: 'ROUND_ROBIN', members: [amy, bob].map((a) => ({ id: a.id })) },
  })).json();
  const theirs = await (await request.post('/api/team', { headers: other.admin.headers, data: { name: 'Theirs', members: [] } })).json();
  await request.patch('/api/account', { headers: acme.admin.headers, data: { agents_can_see_all_conversations: false } });
  const update = (id: string, data: object, who: { headers: Record<string, string> } = acme.admin) => request.patch(`/api/inbox/conversation/${id}/update`, { headers: who.headers, data });
  const loose = await inbound(request, acme);
  // Bob cannot see it until it is in a team of his.
  expect((await request.get(`/api/inbox/conversation/${loose.conversation}`, { headers: bob.headers })).status()).toBe(404);
  const moved = await update(loose.conversation, { team: sales.id });
  expect(moved.status(), await moved.text()).toBe(200);
  expect(await moved.json()).toMatchObject({ team: { id: sales.id, name: 'Sales' }, assigned: [{ id: amy.id }] });
  expect((await request.get(`/api/inbox/conversation/${loose.conversation}`, { headers: bob.headers })).status()).toBe(200);
  // Someone holds it: the team's queue only, the assignee kept.
  const held = await inbound(request, acme);
  await update(held.conversation, { assigned: [{ id: acme.admin.id }] });
  expect(await (await update(held.conversation, { team: sales.id })).json()).toMatchObject({ team: { id: sales.id }, assigned: [{ id: acme.admin.id }] });
  // Put in a team, taken out again; the same move twice changes nothing more.
  expect(await (await update(held.conversation, { team: null })).json()).toMatchObject({ team: null, assigned: [{ id: acme.admin.id }] });
  expect(await (await update(held.conversation, { team: null })).json()).toMatchObject({ team: null });
  // Another account's team, a name and a negative id are refused, changing nothing.
  const foreign = await update(loose.conversation, { team: theirs.id });
  expect(foreign.status()).toBe(400);
  expect(await foreign.json()).toEqual({ team: [`Invalid pk "${theirs.id}" - object does not exist.`] });
  for (const team of ['Sales', -1, { id: sales.id }]) {
    const bad = await update(loose.conversation, { team });
    expect(bad.status(), JSON.stringify(team)).toBe(400);
    expect(Object.keys(await bad.json())).toEqual(['team']);
  }
  expect(await (await request.get(`/api/inbox/conversation/${loose.conversation}`, { headers: acme.admin.headers })).json()).toMatchObject({ team: { id: sales.id }, assigned: [{ id: amy.id }] });
  // The full update takes it too, with the assignees it names: none, so the team's next member.
  const heldNow = await (await request.get(`/api/inbox/conversation/${held.conversation}`, { headers: acme.admin.headers })).json();
  const put = await request.put(`/api/inbox/conversation/${held.conversation}/update`, {
    headers: acme.admin.headers, data: { id: held.conversation, contact: heldNow.contact, assigned: [], team: sales.id },
  });
  expect(put.status(), await put.text()).toBe(200);
  expect(await put.json()).toMatchObject({ team: { id: sales.id }, assigned: [{ id: bob.id }] });
  // An agent may move one they see; another account's conversation is a 404; no credentials, a 401.
  expect((await update(loose.conversation, { team: null }, amy)).status()).toBe(200);
  expect((await update(loose.conversation, { team: sales.id }, other.admin)).status()).toBe(404);
  expect((await request.patch(`/api/inbox/conversation/${loose.conversation}/update`, { data: { team: sales.id } })).status()).toBe(401);
});

test('a contact who writes again after their conversation was resolved goes back to whoever had it, in its team', async ({ request }) => {
  const acme = await newAccount(request);
  const [amy, bob] = [await memberWithKey(request, acme), await memberWithKey(request, acme)];
  const front = await (await request.post('/api/team', {
    headers: acme.admin.headers, data: { name: 'Front', assignment_strategy: 'ROUND_ROBIN', members: [{ id: bob.id }] },
  })).json();
  const vip = await (await request.post('/api/team', { headers: acme.admin.headers, data: { name: 'VIP', assignment_strategy: 'MANUAL', members: [{ id: amy.id }] } })).json();
  await request.patch('/api/account', { headers: acme.admin.headers, data: { default_team: front.id, agents_can_see_all_conversations: false } });
  const get = async (id: string) => (await request.get(`/api/inbox/conversation/${id}`, { headers: acme.admin.headers })).json();
  const first = await inbound(request, acme);
  expect((await get(first.conversation)).assigned.map((u: { id: number }) => u.id)).toEqual([bob.id]);
  await request.patch(`/api/inbox/conversation/${first.conversation}/update`, { headers: acme.admin.headers, data: { assigned: [{ id: amy.id }], team: vip.id, status: 'RESOLVED' } });
  const again = await inbound(request, acme, first.phone, 'Still nothing arrived');
  expect(again.conversation).not.toBe(first.conversation);
  expect(await get(again.conversation)).toMatchObject({ status: 'NEW', assigned: [{ id: amy.id }], team: { id: vip.id, name: 'VIP' } });
  // Amy sees the follow-up in her inbox.
  expect((await request.get(`/api/inbox/conversation/${again.conversation}`, { headers: amy.headers })).status()).toBe(200);
  // Once Amy is deactivated, the next time goes to the default team again.
  await request.patch(`/api/inbox/conversation/${again.conversation}/update`, { headers: acme.admin.headers, data: { status: 'RESOLVED' } });
  expect((await request.patch(`/api/account-member/${amy.id}`, { headers: acme.admin.headers, data: { is_active: false } })).status()).toBe(200);
  const third = await inbound(request, acme, first.phone, 'Hello?');
  expect(await get(third.conversation)).toMatchObject({ assigned: [{ id: bob.id }], team: { id: front.id } });
});

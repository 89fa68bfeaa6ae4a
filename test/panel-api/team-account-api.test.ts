/**
 * Issue 32 item 1, the API: a brand's team (list, invite with the mailed setup link, re-invite,
 * change role, suspend and lift it; a partner user sees its partner's members) and the user's own
 * security (change password, sessions, sign out the others). Every write: the body's messages,
 * a member's 403 with the reason the panel shows, another brand's member 404 like a missing one,
 * and the bearer token only (a cookie alone is not a session).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { latestOutboxMessageTo } from '../../src/notifications/index.ts';
import {
  addPartnerMember,
  addTenantMember,
  createInvitedMember,
  createPartner,
  createUser,
  TEST_PASSWORD,
} from '../factories/accounts.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedMineAndTheirs, seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let mine: World;
let theirs: World;
let admin: string;
let member: string;
let memberId: number;
let theirMemberId: number;
let b: string;

const ADMIN_ONLY = 'Only a brand admin can invite, change or suspend team members.';

beforeAll(async () => {
  const seeded = await seedMineAndTheirs(t.db, api, ['team', 'elsewhere']);
  ({ mine, theirs, admin, member } = seeded);
  memberId = seeded.memberUser.id;
  const other = await createUser(t.db, { role: 'member' });
  await addTenantMember(t.db, { tenantId: theirs.ids.tenantId!, userId: other.id, role: 'member' });
  theirMemberId = other.id;
  b = `/api/brands/${mine.ids.brandId}`;
});

const stateOf = async (email: string) =>
  (
    (await api.get(`${b}/team`, admin)).json().members as Array<{ email: string; state: string; member_role: string }>
  ).find((m) => m.email === email);

describe('the team', () => {
  it('lists the members with role and state; another brand’s member is not there', async () => {
    const team = (await api.get(`${b}/team`, member)).json();
    const emails = team.members.map((m: { email: string }) => m.email);
    expect(emails).toContain(mine.user.email);
    expect(team.members.find((m: { user_id: number }) => m.user_id === memberId)).toMatchObject({
      member_role: 'member',
      state: 'active',
    });
    expect(team.members.some((m: { user_id: number }) => m.user_id === theirMemberId)).toBe(false);
    expect(team.partners).toEqual([]);
  });

  it('a partner user sees its partner’s members beside the brand’s', async () => {
    const partnerUser = await createUser(t.db, { role: 'partner', given_name: 'Pat' });
    const partner = await createPartner(t.db, { tenantIds: [mine.ids.tenantId!] });
    await addPartnerMember(t.db, { partnerId: partner.id, userId: partnerUser.id });
    const token = await api.login(partnerUser.email, 'admin');
    const team = (await api.get(`${b}/team`, token)).json();
    expect(team.members.map((m: { email: string }) => m.email)).toContain(mine.user.email);
    expect(team.partners).toHaveLength(1);
    expect(team.partners[0].id).toBe(partner.id);
    expect(team.partners[0].members.map((m: { email: string }) => m.email)).toEqual([partnerUser.email]);
  });
});

describe('POST /api/brands/:brandId/team/invitations', () => {
  it('invites by e-mail: the member is listed as invited and the mail carries the setup link', async () => {
    const answer = await api.post(`${b}/team/invitations`, admin, {
      emails: 'New.Person@Example.com, nope',
      role: 'admin',
    });
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    expect(body.invalid).toEqual(['nope']);
    expect(body.invited).toHaveLength(1);
    expect(body.invited[0]).toMatchObject({ email: 'new.person@example.com', role: 'admin', mail_sent: true });
    expect(await stateOf('new.person@example.com')).toMatchObject({ state: 'invited', member_role: 'admin' });
    const mail = await latestOutboxMessageTo(api.ctx.config, 'new.person@example.com');
    expect(mail?.subject).toBe(`Set up your account for Brand ${mine.tag}`);
    expect(mail!.links[0]).toMatch(/^https:\/\/app\.reclaim\.test\/account\/setup\?token=/);
  });

  it('refuses what is not an invitation with the service’s messages', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{}, 400, 'Invalid request body: emails: emails is required'],
      [{ emails: '  ' }, 400, 'Invalid request body: emails: emails is required'],
      [{ emails: 'a, b' }, 400, 'No valid e-mail address given (not e-mail addresses: a, b).'],
      [{ emails: 'x@example.com', role: 'owner' }, 400, 'Invalid role "owner": use admin or member.'],
      [{ emails: mine.user.email }, 409, `Account already exists with this email: ${mine.user.email}`],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await api.post(`${b}/team/invitations`, admin, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json().error.message).toBe(message);
    }
  });

  it('a member is refused with the reason; another brand answers 404', async () => {
    const refused = await api.post(`${b}/team/invitations`, member, { emails: 'm@example.com' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ADMIN_ONLY);
    expect(await latestOutboxMessageTo(api.ctx.config, 'm@example.com')).toBeUndefined();
    const elsewhere = await api.post(`/api/brands/${theirs.ids.brandId}/team/invitations`, admin, {
      emails: 'x@example.com',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe('Brand not found');
  });
});

describe('POST /api/brands/:brandId/team/members/:memberId/reinvite', () => {
  it('mails a fresh link; the old one stops working', async () => {
    const invited = await createInvitedMember(t.db, { tenantId: mine.ids.tenantId! });
    const answer = await api.post(`${b}/team/members/${invited.user.id}/reinvite`, admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ user_id: invited.user.id, email: invited.user.email, mail_sent: true });
    const mail = await latestOutboxMessageTo(api.ctx.config, invited.user.email);
    expect(mail!.links[0]).not.toContain(invited.token);
    const old = await api.call('GET', `/api/auth/invite?token=${invited.token}`, '');
    expect(old.json().error.message).toBe('Invalid account token');
  });

  it('an accepted member has nothing to re-invite; a member may not; another brand’s member is not found', async () => {
    const accepted = await api.post(`${b}/team/members/${memberId}/reinvite`, admin);
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().error.message).toBe(
      `User ${memberId} has already accepted the invitation; there is nothing to re-invite.`,
    );
    const invited = await createInvitedMember(t.db, { tenantId: mine.ids.tenantId! });
    const refused = await api.post(`${b}/team/members/${invited.user.id}/reinvite`, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ADMIN_ONLY);
    const theirsAnswer = await api.post(`${b}/team/members/${theirMemberId}/reinvite`, admin);
    const missing = await api.post(`${b}/team/members/999999999/reinvite`, admin);
    expect(theirsAnswer.statusCode).toBe(404);
    expect(theirsAnswer.body).toBe(missing.body);
    expect(missing.json().error.message).toBe('User not found');
  });
});

describe('PATCH /api/brands/:brandId/team/members/:memberId', () => {
  it('changes the role, suspends (the member no longer reads the brand) and lifts it', async () => {
    const user = await createUser(t.db, { role: 'member' });
    await addTenantMember(t.db, { tenantId: mine.ids.tenantId!, userId: user.id, role: 'member' });
    const token = await api.login(user.email);
    const promoted = await api.call('PATCH', `${b}/team/members/${user.id}`, admin, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().member).toMatchObject({ member_role: 'admin', state: 'active' });
    const suspended = await api.call('PATCH', `${b}/team/members/${user.id}`, admin, { state: 'suspended' });
    expect(suspended.json().member.state).toBe('suspended');
    expect((await api.get(b, token)).statusCode).toBe(404);
    const lifted = await api.call('PATCH', `${b}/team/members/${user.id}`, admin, { state: 'active' });
    expect(lifted.json().member.state).toBe('active');
    expect((await api.get(b, token)).statusCode).toBe(200);
  });

  it('suspending an invited member ends the mailed link', async () => {
    const invited = await createInvitedMember(t.db, { tenantId: mine.ids.tenantId! });
    const answer = await api.call('PATCH', `${b}/team/members/${invited.user.id}`, admin, { state: 'suspended' });
    expect(answer.json().member.state).toBe('suspended');
    const link = await api.call('GET', `/api/auth/invite?token=${invited.token}`, '');
    expect(link.json().error.message).toBe('Invalid account token');
  });

  it('refuses with the messages the panel shows beside the controls', async () => {
    const cases: Array<[string, number, Record<string, unknown>, number, string]> = [
      [admin, memberId, {}, 400, 'Nothing to change: give a role or a state.'],
      [admin, memberId, { role: 'owner' }, 400, 'Invalid role "owner": use admin or member.'],
      [admin, memberId, { state: 'gone' }, 400, 'Invalid request body: state: state must be active or suspended'],
      [
        admin,
        mine.user.id,
        { role: 'member' },
        403,
        'You cannot change your own role or suspend yourself: ask another admin of the brand.',
      ],
      [member, memberId, { role: 'admin' }, 403, ADMIN_ONLY],
    ];
    for (const [token, id, payload, status, message] of cases) {
      const answer = await api.call('PATCH', `${b}/team/members/${id}`, token, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json().error.message).toBe(message);
    }
  });

  it('the team keeps one active admin', async () => {
    const world = await seedWorld(t.db, 'solo');
    const staff = await createUser(t.db, { is_staff: true, role: 'admin' });
    const token = await api.login(staff.email, 'admin');
    const answer = await api.call('PATCH', `/api/brands/${world.ids.brandId}/team/members/${world.user.id}`, token, {
      state: 'suspended',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(
      'The team needs at least one active admin: make another member an admin first.',
    );
  });

  it('another brand’s member answers 404 like a missing one, and is unchanged', async () => {
    const theirsAnswer = await api.call('PATCH', `${b}/team/members/${theirMemberId}`, admin, { state: 'suspended' });
    const missing = await api.call('PATCH', `${b}/team/members/999999999`, admin, { state: 'suspended' });
    expect(theirsAnswer.statusCode).toBe(404);
    expect(theirsAnswer.body).toBe(missing.body);
    const row = await t.db('tenant_users').where({ user_id: theirMemberId }).first('state');
    expect(row.state).toBe('active');
  });
});

describe('Account → Security', () => {
  async function signedIn() {
    const user = await createUser(t.db, { role: 'member' });
    await addTenantMember(t.db, { tenantId: mine.ids.tenantId!, userId: user.id });
    return { user, first: await api.login(user.email), second: await api.login(user.email) };
  }

  it('lists the sessions, this one marked; signing out the others ends them and keeps this one', async () => {
    const { first, second } = await signedIn();
    const sessions = (await api.get('/api/auth/sessions', first)).json().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions[0].app).toBe('brand');
    // The browser of each sign-in, as it named itself (the panel says it in words).
    expect(sessions[0].user_agent).toBe('lightMyRequest');
    const out = await api.post('/api/auth/sessions/sign-out-others', first);
    expect(out.json()).toEqual({ signed_out: 1 });
    expect((await api.get('/api/me', second)).statusCode).toBe(401);
    expect((await api.get('/api/me', first)).statusCode).toBe(200);
    expect((await api.get('/api/auth/sessions', first)).json().sessions).toHaveLength(1);
  });

  it('changes the password with the reset’s rules and messages; the other session ends', async () => {
    const { user, first, second } = await signedIn();
    const change = (body: Record<string, unknown>) => api.post('/api/auth/password', first, body);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { current_password: TEST_PASSWORD, password: 'new password 1', confirm_password: 'other' },
        'Passwords do not match',
      ],
      [
        { current_password: TEST_PASSWORD, password: 'short', confirm_password: 'short' },
        'Password must be at least 8 characters.',
      ],
      [
        { current_password: '', password: 'new password 1', confirm_password: 'new password 1' },
        'Password not provided!',
      ],
      [
        { current_password: 'wrong one', password: 'new password 1', confirm_password: 'new password 1' },
        'Invalid password!',
      ],
      [
        { password: 'new password 1', confirm_password: 'new password 1' },
        'Invalid request body: current_password: current_password is required',
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await change(body);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    const done = await change({
      current_password: TEST_PASSWORD,
      password: 'new password 1',
      confirm_password: 'new password 1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: user.email, signed_out: 1 });
    expect(String(done.headers['set-cookie'])).toMatch(/reclaim_refresh=/);
    expect((await api.get('/api/me', second)).statusCode).toBe(401);
    expect((await api.get('/api/me', done.json().access_token)).statusCode).toBe(200);
    await expect(api.login(user.email)).rejects.toThrow(/Invalid password!/);
    // The user is told by mail, with where to reset a change they did not make; no password in it.
    const mail = await latestOutboxMessageTo(api.ctx.config, user.email);
    expect(mail?.subject).toBe('Your password was changed');
    expect(mail!.text).toMatch(
      /was changed on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC\. Every other session/,
    );
    expect(mail!.links[0]).toBe('https://app.reclaim.test/forgot');
    expect(mail!.text).not.toContain('new password 1');
  });

  it('wrong current passwords count like failed logins: the eleventh try answers 429 with the spec’s words', async () => {
    const { first } = await signedIn();
    const wrong = { current_password: 'not it at all', password: 'new password 1', confirm_password: 'new password 1' };
    for (let i = 0; i < 10; i += 1) {
      const answer = await api.post('/api/auth/password', first, wrong);
      expect(answer.json().error.message).toBe('Invalid password!');
    }
    const limited = await api.post('/api/auth/password', first, { ...wrong, current_password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Too many login attempts, please try again later.');
    expect(limited.headers['retry-after']).toBe('900');
  });

  it('the writes want the bearer token (they never read the session cookie)', async () => {
    const { first } = await signedIn();
    for (const url of ['/api/auth/password', '/api/auth/sessions/sign-out-others', `${b}/team/invitations`]) {
      const answer = await api.post(url, '', {});
      expect(answer.statusCode, url).toBe(401);
    }
    expect((await api.get('/api/me', first)).statusCode).toBe(200);
  });
});

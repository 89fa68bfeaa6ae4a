import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  refresh,
  signRecoveryToken,
  verifyAccessToken,
  verifyRecoveryToken,
  verifyRefreshToken,
  type AuthApp,
} from '../../../src/accounts/index.ts';
import type { AppContext } from '../../../src/app/index.ts';
import {
  addPartnerMember,
  addTenantMember,
  createBrandUser,
  createPartner,
  createUser,
  TEST_PASSWORD,
} from '../../factories/accounts.ts';
import { createBrand } from '../../factories/index.ts';
import { TEST_JWT_SECRET, useTestDatabase } from '../../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
const emails: Record<string, string> = {};

beforeAll(async () => {
  ctx = await t.context();
  const brandAdmin = await createBrandUser(t.db, {
    role: 'admin',
    user: { extra_data: { picture_url: 'https://cdn.example.com/ada.png' }, phone: '+14155550100' },
  });
  emails.brandAdmin = brandAdmin.user.email;
  emails.suspended = (await createBrandUser(t.db, { user: { state: 'suspended' } })).user.email;
  emails.disabled = (await createBrandUser(t.db, { user: { is_enabled: false } })).user.email;
  emails.noPassword = (await createBrandUser(t.db, { user: { password: null } })).user.email;
  const brand = await createBrand(t.db);
  const invitedOnly = await createUser(t.db);
  await addTenantMember(t.db, {
    tenantId: brand.tenant_id,
    userId: invitedOnly.id,
    state: 'invited',
    activated: false,
  });
  emails.invitedMembership = invitedOnly.email;
  const suspendedMembership = await createUser(t.db);
  await addTenantMember(t.db, { tenantId: brand.tenant_id, userId: suspendedMembership.id, state: 'suspended' });
  emails.suspendedMembership = suspendedMembership.email;
  emails.noMembership = (await createUser(t.db)).email;
  emails.staff = (await createUser(t.db, { is_staff: true, role: 'admin' })).email;
  const partnerUser = await createUser(t.db, { role: 'partner' });
  const partner = await createPartner(t.db, { tenantIds: [brand.tenant_id] });
  await addPartnerMember(t.db, { partnerId: partner.id, userId: partnerUser.id });
  emails.partner = partnerUser.email;
});

const NOT_ADMITTED = 'You are not authorized to access this app!';

describe('login: every message of spec 4 section 8 in its situation', () => {
  it.each<[string, string, string | undefined, AuthApp, number, string | null]>([
    ['unknown e-mail', 'nobody@example.com', TEST_PASSWORD, 'brand', 401, 'Email or password is incorrect!'],
    ['no password given', 'brandAdmin', '', 'brand', 400, 'Password not provided!'],
    ['no password at all', 'brandAdmin', undefined, 'brand', 400, 'Password not provided!'],
    [
      'no stored password',
      'noPassword',
      TEST_PASSWORD,
      'brand',
      401,
      'Password is not setup, reset your password to login!',
    ],
    ['wrong password', 'brandAdmin', 'not the password', 'brand', 401, 'Invalid password!'],
    ['suspended user', 'suspended', TEST_PASSWORD, 'brand', 403, 'Your account is not active, please contact support!'],
    ['disabled user', 'disabled', TEST_PASSWORD, 'brand', 403, 'Your account is not enabled, please contact support!'],
    ['suspended user, wrong password', 'suspended', 'guess', 'brand', 401, 'Invalid password!'],
    ['brand admin on the admin app', 'brandAdmin', TEST_PASSWORD, 'admin', 403, NOT_ADMITTED],
    ['member whose membership is only invited', 'invitedMembership', TEST_PASSWORD, 'brand', 403, NOT_ADMITTED],
    ['member whose membership is suspended', 'suspendedMembership', TEST_PASSWORD, 'brand', 403, NOT_ADMITTED],
    ['user without any membership', 'noMembership', TEST_PASSWORD, 'brand', 403, NOT_ADMITTED],
    ['staff on the admin app', 'staff', TEST_PASSWORD, 'admin', 200, null],
    ['staff on the brand app', 'staff', TEST_PASSWORD, 'brand', 200, null],
    ['partner on the admin app', 'partner', TEST_PASSWORD, 'admin', 200, null],
    ['partner on the brand app (exempt from memberships)', 'partner', TEST_PASSWORD, 'brand', 200, null],
    ['brand admin on the brand app', 'brandAdmin', TEST_PASSWORD, 'brand', 200, null],
    ['e-mail in another case with spaces', 'brandAdminUpperCase', TEST_PASSWORD, 'brand', 200, null],
  ])('%s', async (_name, who, password, app, status, message) => {
    const email = who === 'brandAdminUpperCase' ? ` ${emails.brandAdmin.toUpperCase()} ` : (emails[who] ?? who);
    const attempt = login(ctx, { email, password, app, ip: '198.51.100.1' });
    if (message === null) {
      await expect(attempt).resolves.toMatchObject({ email: email.trim().toLowerCase() });
    } else {
      const error = await attempt.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ message, httpStatus: status });
    }
  });
});

describe('a successful login', () => {
  it('returns exactly the fields of spec 4 section 7, records last_login and signs 7-day / 30-day tokens', async () => {
    const before = await t.db('users').where({ email: emails.brandAdmin }).first();
    const response = await login(ctx, { email: emails.brandAdmin, password: TEST_PASSWORD, app: 'brand' });
    expect(Object.keys(response).sort()).toEqual(
      [
        'access_token',
        'refresh_token',
        'user_id',
        'brand_id',
        'tenant_id',
        'partner_id',
        'account_created_at',
        'email',
        'family_name',
        'given_name',
        'phone',
        'avatar_url',
        'is_staff',
        'role',
        'policies',
      ].sort(),
    );
    const membership = await t.db('tenant_users').where({ user_id: before.id }).first();
    const brand = await t.db('brands').where({ tenant_id: membership.tenant_id }).first();
    expect(response).toMatchObject({
      user_id: Number(before.id),
      tenant_id: Number(membership.tenant_id),
      brand_id: Number(brand.id),
      partner_id: null,
      email: emails.brandAdmin,
      given_name: 'Ada',
      phone: '+14155550100',
      avatar_url: 'https://cdn.example.com/ada.png',
      is_staff: false,
      role: 'brand_admin',
      account_created_at: new Date(before.created_at).toISOString(),
    });
    expect(response.policies).toEqual(expect.arrayContaining(['create:users', 'update:users']));
    const after = await t.db('users').where({ id: before.id }).first();
    expect(after.last_login).not.toBeNull();

    const access = (await verifyAccessToken(ctx, response.access_token)).claims;
    expect(access).toMatchObject({
      sub: String(before.id),
      type: 'access',
      role: 'brand_admin',
      tenant_id: response.tenant_id,
      brand_id: response.brand_id,
      partner_id: null,
      policies: response.policies,
    });
    expect(access.exp - access.iat).toBe(10080 * 60);
    const refreshClaims = (await verifyRefreshToken(ctx, response.refresh_token)).claims;
    expect(refreshClaims).toMatchObject({ type: 'refresh', sub: String(before.id) });
    expect(refreshClaims.exp - refreshClaims.iat).toBe(43200 * 60);
    const recovery = (await verifyRecoveryToken(ctx, await signRecoveryToken(ctx, Number(before.id)))).claims;
    expect(recovery.type).toBe('recovery');
    expect(recovery.exp - recovery.iat).toBe(10080 * 60);
  });

  it('staff tokens carry the staff_ prefix; partner tokens the partner and no member policies', async () => {
    const staff = await login(ctx, { email: emails.staff, password: TEST_PASSWORD, app: 'admin' });
    expect(staff).toMatchObject({
      role: 'staff_admin',
      is_staff: true,
      tenant_id: null,
      brand_id: null,
      partner_id: null,
    });
    const partner = await login(ctx, { email: emails.partner, password: TEST_PASSWORD, app: 'admin' });
    const partnerRow = await t
      .db('partner_users')
      .join('users', 'users.id', 'partner_users.user_id')
      .where('users.email', emails.partner)
      .first('partner_id');
    expect(partner).toMatchObject({
      role: 'brand_partner',
      partner_id: Number(partnerRow.partner_id),
      tenant_id: null,
    });
    expect(partner.policies).toEqual([]);
  });
});

describe('refresh', () => {
  it('gives a new pair for a refresh token', async () => {
    const first = await login(ctx, { email: emails.brandAdmin, password: TEST_PASSWORD });
    const second = await refresh(ctx, first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second).toMatchObject({ user_id: first.user_id, role: 'brand_admin', tenant_id: first.tenant_id });
    expect((await verifyAccessToken(ctx, second.access_token)).claims.sub).toBe(String(first.user_id));
  });

  it.each([
    [
      'an access token used as refresh token',
      async () => (await login(ctx, { email: emails.brandAdmin, password: TEST_PASSWORD })).access_token,
      'Invalid refresh token',
    ],
    ['garbage', async () => 'not-a-jwt', 'Invalid token'],
    [
      'a token signed with another secret',
      async () => sign({ type: 'refresh', sub: '1' }, 'another-secret-that-is-long-enough-0123456789', 3600),
      'Invalid token',
    ],
    [
      'an expired refresh token',
      async () => sign({ type: 'refresh', sub: '1' }, TEST_JWT_SECRET, -60),
      'Invalid refresh token',
    ],
    ['a recovery token', async () => signRecoveryToken(ctx, 1), 'Invalid refresh token'],
  ])('refuses %s', async (_name, token, message) => {
    await expect(refresh(ctx, await token())).rejects.toMatchObject({ kind: 'unauthorized', message });
  });

  it('refuses once the user is suspended', async () => {
    const { user } = await createBrandUser(t.db);
    const session = await login(ctx, { email: user.email, password: TEST_PASSWORD });
    await t.db('users').where({ id: user.id }).update({ state: 'suspended' });
    await expect(refresh(ctx, session.refresh_token)).rejects.toThrow(
      'Your account is not active, please contact support!',
    );
  });
});

function sign(claims: Record<string, unknown>, secret: string, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('reclaim')
    .setSubject(String(claims.sub))
    .setJti('test')
    .setIssuedAt(now - 7200)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

describe('login rate limits (stored in auth_attempts)', () => {
  it('after 10 failures for an e-mail within 15 minutes even the right password is refused; other e-mails are not', async () => {
    const { user } = await createBrandUser(t.db);
    const other = await createBrandUser(t.db);
    for (let i = 0; i < 10; i += 1)
      await expect(login(ctx, { email: user.email, password: `wrong-${i}`, ip: `203.0.113.${i}` })).rejects.toThrow(
        'Invalid password!',
      );
    const limited = await login(ctx, { email: user.email, password: TEST_PASSWORD, ip: '203.0.113.200' }).catch(
      (e: unknown) => e,
    );
    expect(limited).toMatchObject({
      kind: 'forbidden',
      code: 'rate_limited',
      message: 'Too many login attempts, please try again later.',
    });
    await expect(
      login(ctx, { email: other.user.email, password: TEST_PASSWORD, ip: '203.0.113.200' }),
    ).resolves.toMatchObject({ email: other.user.email });
    expect(
      await t
        .db('auth_attempts')
        .whereRaw('lower(email) = ?', [user.email])
        .where({ succeeded: false })
        .count('* as n')
        .first(),
    ).toEqual({ n: '10' });
    // Once the window has passed, logging in works again.
    await t
      .db('auth_attempts')
      .whereRaw('lower(email) = ?', [user.email])
      .update({ created_at: t.db.raw(`now() - interval '16 minutes'`) });
    await expect(login(ctx, { email: user.email, password: TEST_PASSWORD })).resolves.toMatchObject({
      email: user.email,
    });
  });

  it('a success clears the e-mail count: 9 failures, a success, 9 more failures still let the next one in', async () => {
    const { user } = await createBrandUser(t.db);
    for (let i = 0; i < 9; i += 1) await login(ctx, { email: user.email, password: 'wrong' }).catch(() => undefined);
    await login(ctx, { email: user.email, password: TEST_PASSWORD });
    for (let i = 0; i < 9; i += 1) await login(ctx, { email: user.email, password: 'wrong' }).catch(() => undefined);
    await expect(login(ctx, { email: user.email, password: TEST_PASSWORD })).resolves.toMatchObject({
      email: user.email,
    });
  });

  it('after 50 failures from one IP address, that address is refused for every e-mail', async () => {
    const ip = '192.0.2.77';
    const victims = await Promise.all(Array.from({ length: 5 }, () => createBrandUser(t.db)));
    for (let i = 0; i < 50; i += 1)
      await login(ctx, { email: victims[i % 5].user.email, password: 'wrong', ip }).catch(() => undefined);
    const fresh = await createBrandUser(t.db);
    await expect(login(ctx, { email: fresh.user.email, password: TEST_PASSWORD, ip })).rejects.toMatchObject({
      code: 'rate_limited',
    });
    await expect(
      login(ctx, { email: fresh.user.email, password: TEST_PASSWORD, ip: '192.0.2.78' }),
    ).resolves.toMatchObject({ email: fresh.user.email });
  });
});

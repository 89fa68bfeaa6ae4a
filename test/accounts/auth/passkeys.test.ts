import { beforeAll, describe, expect, it } from 'vitest';
import {
  deletePasskey,
  listPasskeys,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  verifyAccessToken,
  verifyPasskeyLogin,
  verifyPasskeyRegistration,
} from '../../../src/accounts/index.ts';
import type { AppContext } from '../../../src/app/index.ts';
import { createBrandUser } from '../../factories/accounts.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { SoftwareAuthenticator } from '../../helpers/webauthn-authenticator.ts';

const ORIGIN = 'https://app.reclaim.test';
const t = useTestDatabase();
let ctx: AppContext;
beforeAll(async () => {
  ctx = await t.context({ PUBLIC_URL: ORIGIN });
});

const authOf = async (userId: number) => (await t.db('users').where({ id: userId }).first()).auth;

async function registered(): Promise<{
  userId: number;
  email: string;
  authenticator: SoftwareAuthenticator;
  credentialId: string;
}> {
  const { user } = await createBrandUser(t.db);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const options = await passkeyRegistrationOptions(ctx, { userId: user.id });
  const passkey = await verifyPasskeyRegistration(ctx, {
    userId: user.id,
    response: authenticator.createCredential(options),
    name: 'Laptop',
  });
  return { userId: user.id, email: user.email, authenticator, credentialId: passkey.id };
}

describe('passkey registration', () => {
  it('options come from PUBLIC_URL, the challenge is kept on the user, and the verified credential is stored', async () => {
    const { user } = await createBrandUser(t.db);
    const options = await passkeyRegistrationOptions(ctx, { userId: user.id });
    expect(options.rp).toEqual({ id: 'app.reclaim.test', name: 'Reclaim' });
    expect(options.user.name).toBe(user.email);
    expect((await authOf(user.id)).current_challenge).toBe(options.challenge);

    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const passkey = await verifyPasskeyRegistration(ctx, {
      userId: user.id,
      response: authenticator.createCredential(options),
      name: 'Work laptop',
    });
    expect(passkey).toMatchObject({ name: 'Work laptop', transports: ['internal'], last_used_at: null });

    const auth = await authOf(user.id);
    expect(auth.current_challenge).toBeUndefined();
    expect(auth.pass_keys).toHaveLength(1);
    expect(auth.pass_keys[0]).toMatchObject({
      id: passkey.id,
      counter: 0,
      transports: ['internal'],
      name: 'Work laptop',
    });
    expect(Buffer.from(auth.pass_keys[0].publicKey, 'base64url')).toEqual(
      SoftwareAuthenticator.coseKey(authenticator.credentials[0].publicKey),
    );
    expect(await listPasskeys(ctx, { userId: user.id })).toEqual([passkey]);

    const again = await passkeyRegistrationOptions(ctx, { userId: user.id });
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([passkey.id]);
    expect(again.user.id).toBe(options.user.id);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another challenge', { challenge: 'c29tZXRoaW5nLWVsc2U' }],
    ['no user verification', { withoutUserVerification: true }],
  ])('refuses an answer with %s and stores nothing', async (_name, overrides) => {
    const { user } = await createBrandUser(t.db);
    const options = await passkeyRegistrationOptions(ctx, { userId: user.id });
    const response = new SoftwareAuthenticator(ORIGIN).createCredential(options, overrides);
    await expect(verifyPasskeyRegistration(ctx, { userId: user.id, response })).rejects.toMatchObject({
      message: 'Passkey could not be verified',
    });
    expect((await authOf(user.id)).pass_keys ?? []).toEqual([]);
  });

  it('a challenge works once and expires after 5 minutes', async () => {
    const { user } = await createBrandUser(t.db);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await passkeyRegistrationOptions(ctx, { userId: user.id });
    await verifyPasskeyRegistration(ctx, { userId: user.id, response: authenticator.createCredential(options) });
    await expect(
      verifyPasskeyRegistration(ctx, { userId: user.id, response: authenticator.createCredential(options) }),
    ).rejects.toThrow('Passkey could not be verified');

    const late = await passkeyRegistrationOptions(ctx, { userId: user.id });
    await t
      .db('users')
      .where({ id: user.id })
      .update({ auth: t.db.raw(`auth || jsonb_build_object('challenge_expires_at', now() - interval '1 second')`) });
    await expect(
      verifyPasskeyRegistration(ctx, { userId: user.id, response: authenticator.createCredential(late) }),
    ).rejects.toThrow('Passkey could not be verified');
    expect((await authOf(user.id)).pass_keys).toHaveLength(1);
  });
});

describe('passkey login', () => {
  it('logs in with the software authenticator, returning the login response, and advances the counter', async () => {
    const { userId, email, authenticator, credentialId } = await registered();
    const options = await passkeyLoginOptions(ctx, { email });
    expect(options.rpId).toBe('app.reclaim.test');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([credentialId]);
    const assertion = authenticator.getAssertion(options);
    const session = await verifyPasskeyLogin(ctx, { email, response: assertion, app: 'brand' });
    expect(session).toMatchObject({ user_id: userId, email, role: 'brand_admin' });
    expect((await verifyAccessToken(ctx, session.access_token)).claims.sub).toBe(String(userId));
    const stored = (await authOf(userId)).pass_keys[0];
    expect(stored.counter).toBe(1);
    expect(stored.last_used_at).toEqual(expect.any(String));
    expect((await t.db('users').where({ id: userId }).first()).last_login).not.toBeNull();

    // The same assertion again: its challenge is used up.
    await expect(verifyPasskeyLogin(ctx, { email, response: assertion })).rejects.toMatchObject({
      kind: 'unauthorized',
      message: 'Passkey could not be verified',
    });
  });

  it("refuses an assertion made for another origin, a tampered signature, and another user's key", async () => {
    const { email, authenticator } = await registered();
    await expect(
      verifyPasskeyLogin(ctx, {
        email,
        response: authenticator.getAssertion(await passkeyLoginOptions(ctx, { email }), {
          origin: 'https://evil.example',
        }),
      }),
    ).rejects.toThrow('Passkey could not be verified');
    const genuine = authenticator.getAssertion(await passkeyLoginOptions(ctx, { email }));
    const signature = Buffer.from(genuine.response.signature, 'base64url');
    signature[signature.length - 1] ^= 0x01;
    await expect(
      verifyPasskeyLogin(ctx, {
        email,
        response: { ...genuine, response: { ...genuine.response, signature: signature.toString('base64url') } },
      }),
    ).rejects.toThrow('Passkey could not be verified');
    const thief = await registered(); // a valid credential, but of another user
    const options = await passkeyLoginOptions(ctx, { email });
    const forged = thief.authenticator.getAssertion({ ...options, allowCredentials: [] });
    await expect(verifyPasskeyLogin(ctx, { email, response: forged })).rejects.toThrow('Passkey could not be verified');
  });

  it('applies the account checks of a password login', async () => {
    const { userId, email, authenticator } = await registered();
    await t.db('users').where({ id: userId }).update({ state: 'suspended' });
    await expect(
      verifyPasskeyLogin(ctx, {
        email,
        response: authenticator.getAssertion(await passkeyLoginOptions(ctx, { email })),
      }),
    ).rejects.toThrow('Your account is not active, please contact support!');
    await t.db('users').where({ id: userId }).update({ state: 'active' });
    await expect(
      verifyPasskeyLogin(ctx, {
        email,
        response: authenticator.getAssertion(await passkeyLoginOptions(ctx, { email })),
        app: 'admin',
      }),
    ).rejects.toThrow('You are not authorized to access this app!');
  });

  it('an unknown e-mail gets options of the same shape, and no login', async () => {
    const options = await passkeyLoginOptions(ctx, { email: 'nobody@example.com' });
    expect(options.allowCredentials).toHaveLength(1);
    expect(options.allowCredentials?.[0].id).toMatch(/^[\w-]{43}$/);
    const { authenticator } = await registered();
    await expect(
      verifyPasskeyLogin(ctx, {
        email: 'nobody@example.com',
        response: authenticator.getAssertion({ ...options, allowCredentials: [] }),
      }),
    ).rejects.toThrow('Passkey could not be verified');
  });

  it('a deleted passkey no longer logs in', async () => {
    const { userId, email, authenticator, credentialId } = await registered();
    await deletePasskey(ctx, { userId, id: credentialId });
    expect(await listPasskeys(ctx, { userId })).toEqual([]);
    await expect(deletePasskey(ctx, { userId, id: credentialId })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Passkey not found',
    });
    const options = await passkeyLoginOptions(ctx, { email });
    await expect(
      verifyPasskeyLogin(ctx, { email, response: authenticator.getAssertion({ ...options, allowCredentials: [] }) }),
    ).rejects.toThrow('Passkey could not be verified');
  });
});

import { createHmac, randomBytes } from 'node:crypto';
// The library is loaded by the functions that use it (await import), not by importing this module.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError, publicBaseUrl, type AppContext, type Config } from '../../app/index.ts';
import { AUTH_MESSAGES, PASSKEY_CHALLENGE_MINUTES, type AuthApp } from './rules.ts';
import { findAuthUserByEmail, findAuthUserById, type AuthUser, type PassKey } from '../store/auth.ts';
import {
  appendPasskey,
  deletePasskeyRow,
  passkeyExists,
  storeChallenge,
  takeChallenge,
  updatePasskey,
} from '../store/passkeys.ts';
import { openSession, type LoginResponse } from './session.ts';

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server. Credentials live in users.auth.pass_keys;
 * each ceremony's challenge is stored on the user (users.auth.current_challenge, 5 minutes) and
 * taken back exactly once, so any process can finish a ceremony another one started.
 */

/** ES256 and RS256: what platform authenticators and security keys offer. */
const ALGORITHMS = [-7, -257];
const TIMEOUT_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/** The relying party: PUBLIC_URL (default http://localhost:PORT); its host name is the rpID. */
export function relyingParty(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): {
  rpID: string;
  rpName: string;
  origin: string;
} {
  const url = new URL(publicBaseUrl(config));
  return { rpID: url.hostname, rpName: 'Reclaim', origin: url.origin };
}

export interface ListedPasskey {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  transports: string[];
}

const listed = (key: PassKey): ListedPasskey => ({
  id: key.id,
  name: key.name,
  created_at: key.created_at,
  last_used_at: key.last_used_at ?? null,
  transports: key.transports ?? [],
});
const keysOf = (user: AuthUser): PassKey[] => (Array.isArray(user.auth.pass_keys) ? user.auth.pass_keys : []);

async function requireUser(ctx: AppContext, userId: number): Promise<AuthUser> {
  const user = await findAuthUserById(ctx.db, userId);
  if (!user) throw new AppError('not_found', AUTH_MESSAGES.userNotFound);
  return user;
}

/** Takes the stored challenge; refused when absent, of another ceremony, or expired. */
async function consumeChallenge(
  ctx: AppContext,
  userId: number,
  purpose: 'registration' | 'authentication',
  refusal: AppError,
): Promise<string> {
  const taken = await takeChallenge(ctx.db, userId);
  if (!taken.challenge || taken.purpose !== purpose || !taken.expires_at || Date.parse(taken.expires_at) < Date.now())
    throw refusal;
  return taken.challenge;
}

/** Step 1 of adding a passkey for a logged-in user: the options for navigator.credentials.create(). */
export async function passkeyRegistrationOptions(
  ctx: AppContext,
  { userId }: { userId: number },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = await requireUser(ctx, userId);
  const rp = relyingParty(ctx.config);
  const handle = user.auth.webauthn_user_id ?? randomBytes(32).toString('base64url');
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userID: new Uint8Array(Buffer.from(handle, 'base64url')),
    userDisplayName: [user.given_name, user.family_name].filter(Boolean).join(' ') || user.email,
    attestationType: 'none',
    excludeCredentials: keysOf(user).map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: TIMEOUT_MS,
  });
  await storeChallenge(ctx.db, user.id, {
    value: options.challenge,
    purpose: 'registration',
    expiresAt: new Date(Date.now() + TIMEOUT_MS),
    webauthnUserId: handle,
  });
  return options;
}

/** Step 2: verifies the authenticator's answer and stores the credential. */
export async function verifyPasskeyRegistration(
  ctx: AppContext,
  { userId, response, name }: { userId: number; response: RegistrationResponseJSON; name?: string },
): Promise<ListedPasskey> {
  const user = await requireUser(ctx, userId);
  const refused = (cause?: unknown) =>
    new AppError('invalid_input', AUTH_MESSAGES.passkeyRefused, { code: 'passkey_refused', cause });
  const expectedChallenge = await consumeChallenge(ctx, user.id, 'registration', refused());
  const rp = relyingParty(ctx.config);
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    ctx.logger.info({ reason: (error as Error).message }, 'passkey registration refused');
    throw refused(error);
  }
  if (!verification.verified) throw refused();
  const { credential } = verification.registrationInfo;
  if (await passkeyExists(ctx.db, credential.id))
    throw new AppError('conflict', 'This passkey is already registered.', { code: 'passkey_exists' });
  const key: PassKey = {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
    created_at: new Date().toISOString(),
    name: name?.trim().slice(0, 100) || `Passkey ${keysOf(user).length + 1}`,
  };
  await appendPasskey(ctx.db, user.id, key);
  return listed(key);
}

export async function listPasskeys(ctx: AppContext, { userId }: { userId: number }): Promise<ListedPasskey[]> {
  return keysOf(await requireUser(ctx, userId)).map(listed);
}

export async function deletePasskey(ctx: AppContext, { userId, id }: { userId: number; id: string }): Promise<void> {
  if (!(await deletePasskeyRow(ctx.db, userId, id))) throw new AppError('not_found', AUTH_MESSAGES.passkeyNotFound);
}

/**
 * Step 1 of logging in with a passkey: options for navigator.credentials.get(). An unknown
 * e-mail gets options of the same shape (with a credential id derived from the e-mail), so the
 * answer does not tell which e-mails have accounts.
 */
export async function passkeyLoginOptions(
  ctx: AppContext,
  { email }: { email: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty(ctx.config);
  const user = await findAuthUserByEmail(ctx.db, email);
  const keys = user ? keysOf(user) : [];
  const allowCredentials = keys.length
    ? keys.map((key) => ({ id: key.id, transports: key.transports }))
    : [
        {
          id: createHmac('sha256', (await ctx.secrets()).jwtSecret)
            .update(`passkey:${email.trim().toLowerCase()}`)
            .digest('base64url'),
          transports: ['internal'],
        },
      ];
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials,
    userVerification: 'required',
    timeout: TIMEOUT_MS,
  });
  if (user && keys.length)
    await storeChallenge(ctx.db, user.id, {
      value: options.challenge,
      purpose: 'authentication',
      expiresAt: new Date(Date.now() + TIMEOUT_MS),
    });
  return options;
}

/** Step 2: verifies the assertion, updates the signature counter and opens a session like a password login. */
export async function verifyPasskeyLogin(
  ctx: AppContext,
  {
    email,
    response,
    app = 'brand',
    userAgent,
  }: { email: string; response: AuthenticationResponseJSON; app?: AuthApp; userAgent?: string },
): Promise<LoginResponse> {
  const refused = (cause?: unknown) =>
    new AppError('unauthorized', AUTH_MESSAGES.passkeyRefused, { code: 'passkey_refused', cause });
  const user = await findAuthUserByEmail(ctx.db, email);
  if (!user) throw refused();
  const expectedChallenge = await consumeChallenge(ctx, user.id, 'authentication', refused());
  const key = keysOf(user).find((k) => k.id === response.id);
  if (!key) throw refused();
  const rp = relyingParty(ctx.config);
  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    ctx.logger.info({ reason: (error as Error).message }, 'passkey login refused');
    throw refused(error);
  }
  if (!verification.verified) throw refused();
  await updatePasskey(ctx.db, user.id, key.id, {
    counter: verification.authenticationInfo.newCounter,
    last_used_at: new Date().toISOString(),
  });
  return openSession(ctx, user, app, userAgent);
}

/** SQL for passkeys and WebAuthn challenges, kept in users.auth (pass_keys, current_challenge). */
import type { Handle } from '../../db/index.ts';
import type { PassKey } from './auth.ts';

export interface TakenChallenge {
  challenge: string | null;
  purpose: string | null;
  expires_at: string | null;
}

/** Stores a ceremony's challenge on the user, replacing any earlier one. */
export async function storeChallenge(
  db: Handle,
  userId: number,
  challenge: { value: string; purpose: 'registration' | 'authentication'; expiresAt: Date; webauthnUserId?: string },
): Promise<void> {
  const patch: Record<string, string> = {
    current_challenge: challenge.value,
    challenge_purpose: challenge.purpose,
    challenge_expires_at: challenge.expiresAt.toISOString(),
  };
  if (challenge.webauthnUserId) patch.webauthn_user_id = challenge.webauthnUserId;
  await db('users')
    .where({ id: userId })
    .update({ auth: db.raw('auth || ?::jsonb', [JSON.stringify(patch)]), updated_at: db.fn.now() });
}

/** Removes the user's challenge and returns what it was, in one statement: a challenge is used once. */
export async function takeChallenge(db: Handle, userId: number): Promise<TakenChallenge> {
  const result = await db.raw<{ rows: TakenChallenge[] }>(
    `update users u
        set auth = u.auth - 'current_challenge' - 'challenge_purpose' - 'challenge_expires_at'
       from (select id, auth from users where id = ? for update) old
      where u.id = old.id
  returning old.auth->>'current_challenge' as challenge, old.auth->>'challenge_purpose' as purpose, old.auth->>'challenge_expires_at' as expires_at`,
    [userId],
  );
  return result.rows[0] ?? { challenge: null, purpose: null, expires_at: null };
}

/** True when any user already holds a passkey with this credential id. */
export async function passkeyExists(db: Handle, credentialId: string): Promise<boolean> {
  const row = await db('users')
    .whereRaw(`auth->'pass_keys' @> ?::jsonb`, [JSON.stringify([{ id: credentialId }])])
    .first('id');
  return row !== undefined;
}

export async function appendPasskey(db: Handle, userId: number, passKey: PassKey): Promise<void> {
  await db('users')
    .where({ id: userId })
    .update({
      auth: db.raw(`jsonb_set(auth, '{pass_keys}', coalesce(auth->'pass_keys', '[]'::jsonb) || ?::jsonb)`, [
        JSON.stringify([passKey]),
      ]),
      updated_at: db.fn.now(),
    });
}

/** Merges fields into one passkey of the user (e.g. the new counter); false when it is not there. */
export async function updatePasskey(
  db: Handle,
  userId: number,
  credentialId: string,
  patch: Partial<PassKey>,
): Promise<boolean> {
  const updated = await db('users')
    .where({ id: userId })
    .whereRaw(`auth->'pass_keys' @> ?::jsonb`, [JSON.stringify([{ id: credentialId }])])
    .update({
      auth: db.raw(
        `jsonb_set(auth, '{pass_keys}', (select jsonb_agg(case when k->>'id' = ? then k || ?::jsonb else k end order by ord)
                                           from jsonb_array_elements(auth->'pass_keys') with ordinality as e(k, ord)))`,
        [credentialId, JSON.stringify(patch)],
      ),
      updated_at: db.fn.now(),
    });
  return updated > 0;
}

/** Removes one passkey of the user; false when the user has no passkey with this id. */
export async function deletePasskeyRow(db: Handle, userId: number, credentialId: string): Promise<boolean> {
  const updated = await db('users')
    .where({ id: userId })
    .whereRaw(`auth->'pass_keys' @> ?::jsonb`, [JSON.stringify([{ id: credentialId }])])
    .update({
      auth: db.raw(
        `jsonb_set(auth, '{pass_keys}', coalesce((select jsonb_agg(k order by ord)
                                                    from jsonb_array_elements(auth->'pass_keys') with ordinality as e(k, ord)
                                                   where k->>'id' <> ?), '[]'::jsonb))`,
        [credentialId],
      ),
      updated_at: db.fn.now(),
    });
  return updated > 0;
}

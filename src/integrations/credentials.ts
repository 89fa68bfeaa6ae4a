/** Credentials of the chat and e-mail marketing links: sealed with ENCRYPTION_KEY at rest, opened only to call the provider. */
import { randomBytes } from 'node:crypto';
import { AppError, decryptSecret, encryptSecret, type AppContext } from '../app/index.ts';
import { safeEqual } from '../http/index.ts';
import type { BrandLink } from './store.ts';

export async function sealAll(ctx: AppContext, values: Record<string, string>): Promise<Record<string, string>> {
  const key = (await ctx.secrets()).encryptionKey;
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, encryptSecret(value, key)]));
}

/** One credential in clear, or undefined when the link has none. */
export async function openCredential(ctx: AppContext, link: BrandLink, name: string): Promise<string | undefined> {
  const sealed = link.settings.credentials?.[name];
  if (!sealed) return undefined;
  return decryptSecret(sealed, (await ctx.secrets()).encryptionKey);
}

/**
 * An OAuth state: the brand link's id, a dot, 32 random bytes (base64url). The id finds the row
 * on the callback; the random part is compared timing-safe with the stored (sealed) copy.
 */
export const newOAuthState = (linkId: number): string => `${linkId}.${randomBytes(32).toString('base64url')}`;

export function linkIdOfState(state: string): number | undefined {
  const match = /^(\d{1,18})\.[A-Za-z0-9_-]{20,}$/.exec(state);
  return match ? Number(match[1]) : undefined;
}

/** Throws unauthorized unless `state` is the one stored on the link. */
export async function checkOAuthState(
  ctx: AppContext,
  link: BrandLink,
  state: string,
  provider: string,
): Promise<void> {
  const stored = await openCredential(ctx, link, 'state');
  if (!stored || !safeEqual(stored, state))
    throw new AppError(
      'unauthorized',
      `The ${provider} authorization state does not match: start the connection again.`,
      {
        code: 'oauth_state_mismatch',
      },
    );
}

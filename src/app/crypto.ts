import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '../errors/index.ts';

const VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit IV. Output: `v1:<iv>:<tag>:<ciphertext>` in base64url,
 * so a stored credential is self-describing and tamper-evident.
 */
export function encryptSecret(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join(':');
}

export function decryptSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new AppError('internal', 'A stored credential is not in the expected encrypted format.');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new AppError(
      'internal',
      'A stored credential could not be decrypted: ENCRYPTION_KEY differs from the key it was sealed with.',
      { cause: error },
    );
  }
}

export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(`${VERSION}:`);

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError, decryptSecret, encryptSecret, isSealed } from '../../src/app/index.ts';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);

/** Runs a decryption that must fail and returns what it threw. */
function refused(sealed: string, key: Buffer): AppError {
  try {
    decryptSecret(sealed, key);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('the decryption succeeded');
}

/** Replaces the first character of part `index` of a sealed value with another base64url character. */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split(':');
  const part = parts[index]!;
  parts[index] = (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
  return parts.join(':');
}

describe('encryptSecret / decryptSecret', () => {
  it.each([
    ['an access token', 'shpat_0123456789abcdef'],
    ['unicode', 'Crème brûlée — 日本語 🔐 ñ'],
    ['an empty string', ''],
    ['a long value', 'x'.repeat(10_000)],
    ['a value with colons', 'v1:a:b:c'],
  ])('round-trips %s', (_label, plaintext) => {
    const sealed = encryptSecret(plaintext, KEY);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]*$/);
    expect(decryptSecret(sealed, KEY)).toBe(plaintext);
  });

  it('uses a fresh IV: the same text seals differently and never in the clear', () => {
    const plaintext = 'sk_live_supersecretvalue';
    const first = encryptSecret(plaintext, KEY);
    const second = encryptSecret(plaintext, KEY);
    expect(first).not.toBe(second);
    expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
    for (const sealed of [first, second]) {
      expect(sealed).not.toContain(plaintext);
      expect(sealed).not.toContain(Buffer.from(plaintext).toString('base64url'));
      expect(decryptSecret(sealed, KEY)).toBe(plaintext);
    }
  });

  it.each([
    ['the ciphertext', 3],
    ['the auth tag', 2],
    ['the IV', 1],
  ])('refuses a value whose %s was tampered with', (_part, index) => {
    const sealed = encryptSecret('refresh-token-123', KEY);
    const error = refused(tamper(sealed, index), KEY);
    expect(error).toBeInstanceOf(AppError);
    expect(error.kind).toBe('internal');
    expect(error.message).toBe(
      'A stored credential could not be decrypted: ENCRYPTION_KEY differs from the key it was sealed with.',
    );
    expect(error.message).not.toContain('refresh-token-123');
  });

  it('refuses to decrypt with another key', () => {
    const error = refused(encryptSecret('refresh-token-123', KEY), OTHER_KEY);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toContain('ENCRYPTION_KEY differs');
    expect(decryptSecret(encryptSecret('x', OTHER_KEY), OTHER_KEY)).toBe('x');
  });

  it.each([
    ['plain text', 'not-encrypted'],
    ['another version', `v2:${encryptSecret('x', KEY).slice(3)}`],
    ['a missing tag', 'v1:aXY'],
  ])('refuses %s as not in the encrypted format', (_label, value) => {
    const error = refused(value, KEY);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('A stored credential is not in the expected encrypted format.');
  });
});

describe('isSealed', () => {
  it.each<[string, unknown, boolean]>([
    ['a sealed value', encryptSecret('token', KEY), true],
    ['a sealed empty string', encryptSecret('', KEY), true],
    ['a plain token', 'shpat_abc', false],
    ['an empty string', '', false],
    ['another version', 'v2:a:b:c', false],
    ['a number', 42, false],
    ['null', null, false],
    ['a buffer', randomBytes(8), false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isSealed(value)).toBe(expected);
  });
});

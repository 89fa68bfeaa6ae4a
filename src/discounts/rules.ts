/**
 * Discount code rules (spec 3 section 9, spec 1 section 9). Pure; the random source is a parameter
 * so tests can make collisions happen on purpose.
 *
 * - LR- (or the brand's own prefix plus a dash), then 6 characters from A-Z without I, L and O, and
 *   the digits 0-9.
 * - A collision with a code the brand already has is tried again 4 times with 6 characters, then
 *   with 8 characters.
 * - A static code is the prefix alone: the brand's own code, already made in its store.
 * - Workflows on the second store platform (BigCommerce) get an empty code: no code is reserved,
 *   and the message leaves out its discount sentence (see renderMessage).
 * - Codes last 10 days, can be used once, once per customer, by all customers.
 */
import { randomInt } from 'node:crypto';

export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ0123456789';
export const DEFAULT_CODE_PREFIX = 'LR';
export const CODE_LENGTH = 6;
export const FALLBACK_CODE_LENGTH = 8;
/** Tries after the first one with 6 characters before the code gets 8. */
export const CODE_RETRIES = 4;
/** Tries with 8 characters before giving up (33^8 codes: never reached in practice). */
export const FALLBACK_CODE_TRIES = 5;
/** 'Code must be unique' answers from the store are retried this many times with a new code. */
export const STORE_CODE_RETRIES = 5;
export const DEFAULT_CODE_DURATION_DAYS = 10;
export const CODE_USAGE_LIMIT = 1;
export const CODE_ONCE_PER_CUSTOMER = true;
export const CODE_CUSTOMER_SELECTION = 'all';
export const COULD_NOT_GENERATE_CODE = 'Could not generate discount code';
export const CODE_MUST_BE_UNIQUE = 'Code must be unique';
export const CODE_PATTERN = /^[A-HJKMNP-Z0-9]+$/;

export type CodePlatform = 'shopify' | 'bigcommerce';
export type CodeType = 'static' | 'dynamic' | 'custom';
/** Draws a whole number in [0, max). crypto.randomInt by default. */
export type RandomInt = (max: number) => number;

export interface GenerateCodeOptions {
  /** The brand's prefix (a trailing dash is dropped); the product's LR prefix without one. */
  prefix?: string | null;
  type?: CodeType;
  platform: CodePlatform;
  length?: 6 | 8;
}

const cleanPrefix = (prefix: string | null | undefined): string | undefined =>
  prefix?.trim().replace(/-+$/, '') || undefined;

/** 'LR-' or 'SUMMER-' (upper case). */
export function codePrefix(prefix?: string | null): string {
  return `${(cleanPrefix(prefix) ?? DEFAULT_CODE_PREFIX).toUpperCase()}-`;
}

/** The random part: `length` characters from the alphabet. */
export function randomPart(length: number, random: RandomInt = randomInt): string {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    const index = random(CODE_ALPHABET.length);
    if (!Number.isInteger(index) || index < 0 || index >= CODE_ALPHABET.length)
      throw new RangeError(`random source gave ${index} for [0, ${CODE_ALPHABET.length})`);
    out += CODE_ALPHABET[index];
  }
  return out;
}

/**
 * A discount code. Static: the brand's prefix as given (it is the code); without a prefix there is
 * no static code ('' ). BigCommerce workflows: '' (spec: the second store platform gets an empty
 * code). Otherwise the prefix, a dash and `length` random characters.
 */
export function generateCode(
  { prefix, type = 'dynamic', platform, length = CODE_LENGTH }: GenerateCodeOptions,
  random: RandomInt = randomInt,
): string {
  if (type === 'static') return cleanPrefix(prefix) ?? '';
  if (platform === 'bigcommerce') return '';
  return dynamicCode(prefix, length, random);
}

/** The prefix, a dash and `length` random characters, whatever the platform. */
export function dynamicCode(
  prefix: string | null | undefined,
  length: 6 | 8 = CODE_LENGTH,
  random: RandomInt = randomInt,
): string {
  return `${codePrefix(prefix)}${randomPart(length, random)}`;
}

/** How long the code of try number `attempt` (0 = the first) is: 6 for the first try and 4 retries, then 8. */
export const codeLengthForAttempt = (attempt: number): 6 | 8 =>
  attempt <= CODE_RETRIES ? CODE_LENGTH : FALLBACK_CODE_LENGTH;
export const MAX_CODE_TRIES = CODE_RETRIES + 1 + FALLBACK_CODE_TRIES;

/** The code's validity window: from now for `durationDays` days (10 by default). */
export function codeWindow(now: Date, durationDays = DEFAULT_CODE_DURATION_DAYS): { startsAt: Date; endsAt: Date } {
  return { startsAt: now, endsAt: new Date(now.getTime() + durationDays * 86_400_000) };
}

/** A deterministic random source for tests and benchmarks (mulberry32). */
export function seededRandom(seed: number): RandomInt {
  let state = seed >>> 0;
  return (max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

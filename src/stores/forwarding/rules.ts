/**
 * Cart event forwarding (spec 2 section 7, "an internal POST forwards cart events to a hook
 * endpoint"): the pure part. Each delivery is a JSON POST signed with HMAC-SHA256 over
 * `<timestamp>.<raw body>` with the brand's secret:
 *
 *   X-Reclaim-Timestamp: 1764016200
 *   X-Reclaim-Signature: sha256=<hex>
 *
 * A receiver recomputes the HMAC over the timestamp header, a dot and the exact bytes received,
 * compares in constant time, and refuses a timestamp more than five minutes away from its clock
 * (a replay). Calls are tried up to 5 times, 1 second apart (spec 2 section 8).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../app/index.ts';

export const SIGNATURE_HEADER = 'X-Reclaim-Signature';
export const TIMESTAMP_HEADER = 'X-Reclaim-Timestamp';
export const EVENT_HEADER = 'X-Reclaim-Event';
export const DELIVERY_HEADER = 'X-Reclaim-Delivery';
/** Spec 2 section 8: hook calls retry up to 5 times with 1 second delay. */
export const MAX_HOOK_ATTEMPTS = 5;
export const HOOK_RETRY_DELAY_MS = 1000;
export const HOOK_TIMEOUT_MS = 10_000;
/** How far a receiver should let a signed timestamp stray from its clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const SECRET_PREFIX = 'rcl_whsec_';

/** A fresh per-brand signing secret (256 random bits). */
export const newHookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`). */
export function signDelivery(secret: string, timestamp: number, body: string | Buffer): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(body);
  return `sha256=${hmac.digest('hex')}`;
}

/**
 * What a receiver runs: true when the signature is the body's and the timestamp is within
 * `toleranceSeconds` of `now` (ms).
 */
export function verifyDelivery(
  secret: string,
  {
    body,
    signature,
    timestamp,
  }: { body: string | Buffer; signature: string | undefined; timestamp: string | undefined },
  {
    now = Date.now(),
    toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
  }: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(signDelivery(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An http(s) URL with a host; 'Invalid url' otherwise (the lead's text for the same mistake). */
export function hookUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new AppError('invalid_input', 'Invalid url', { code: 'invalid_url', details: { field: 'url' } });
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname)
    throw new AppError('invalid_input', 'Invalid url', { code: 'invalid_url', details: { field: 'url' } });
  return url.toString();
}

/** Store events about carts and checkouts (the ones forwarded): Shopify, BigCommerce and the pixel. */
export function isCartEvent(source: string, topic: string | null): boolean {
  if (!topic) return false;
  if (source === 'shopify') return /^(carts|checkouts)\/(create|update)$/.test(topic);
  if (source === 'bigcommerce') return topic.startsWith('store/cart/');
  return source === 'pixel';
}

/** Worth another try: no answer, a timeout, 408, 429 or a 5xx. Other 4xx are the receiver's refusal. */
export const retryable = (status: number | null): boolean =>
  status === null || status === 408 || status === 429 || status >= 500;

/** What a hook endpoint says back, shortened for the record (never the request). */
export const describeFailure = (status: number | null, message: string): string =>
  (status === null ? message : `HTTP ${status}`).slice(0, 300);

import { createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two strings (different lengths compare unequal, still in constant time for the shorter). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

export function hmacSha256(secret: string, data: Buffer | string, encoding: 'base64' | 'hex'): string {
  return createHmac('sha256', secret).update(data).digest(encoding);
}

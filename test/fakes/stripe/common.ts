/** Ids, intervals and amounts as Stripe forms them. */
import { randomBytes } from 'node:crypto';
import type { FakeCoupon } from './types.ts';

export const FAKE_STRIPE_API_VERSION = '2023-08-16';

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const base62 = (length: number): string => [...randomBytes(length)].map((byte) => BASE62[byte % 62]).join('');
export const newId = (prefix: string, length = 24): string => `${prefix}${base62(length)}`;
export const upperCode = (length: number): string =>
  [...randomBytes(length)].map((byte) => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[byte % 32]).join('');

export const DAY = 86_400;
export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

/** Adds billing intervals the way Stripe anchors them: months clamp to the last day of a shorter month. */
export function addInterval(unixSeconds: number, interval: Interval, count = 1): number {
  if (interval === 'day') return unixSeconds + count * DAY;
  if (interval === 'week') return unixSeconds + count * 7 * DAY;
  const date = new Date(unixSeconds * 1000);
  const months = interval === 'month' ? count : count * 12;
  const day = date.getUTCDate();
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export const money = (amount: number, currency: string): string =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(amount / 100).toFixed(2)}`;

export const discountAmount = (coupon: FakeCoupon, subtotal: number): number => {
  if (subtotal <= 0) return 0;
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
  return Math.min(coupon.amount_off ?? 0, subtotal);
};

export const clone = <T>(value: T): T => structuredClone(value);

/**
 * Shopify ids are 64-bit integers sent as JSON numbers, and many are beyond 2^53 (Shopify's own
 * sample orders, customers, checkouts and line items are): `JSON.parse` rounds them, so an order
 * id 820982911946154508 would be read as 820982911946154500. The stored event keeps the exact
 * text (jsonb numerics are exact); this reads it back with every such integer as a string of
 * its digits, so what Reclaim keys on (order, customer and privacy ids) stays exact.
 */
import type { Db, Tx } from '../../db/index.ts';
import type { WebhookEvent } from '../../webhooks/index.ts';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * JSON.parse, except that an integer literal JavaScript cannot hold exactly becomes a string of
 * its digits. Strings, fractions and safe integers are read as JSON.parse reads them.
 */
export function parseJsonLossless(text: string): unknown {
  let out = '';
  let copied = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      // Skip the string, escapes included.
      index += 1;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      index += 1;
      continue;
    }
    if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER.lastIndex = index;
      const literal = NUMBER.exec(text)?.[0];
      if (!literal) return JSON.parse(text); // not JSON: let JSON.parse say why
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(copied, index)}"${literal}"`;
        copied = index + literal.length;
      }
      index += literal.length;
      continue;
    }
    index += 1;
  }
  return JSON.parse(copied === 0 ? text : out + text.slice(copied));
}

/** True when a parsed JSON value holds an integer that was rounded (beyond Number.MAX_SAFE_INTEGER). */
export function hasUnsafeInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.some(hasUnsafeInteger);
  if (value && typeof value === 'object') return Object.values(value).some(hasUnsafeInteger);
  return false;
}

/**
 * The event with its payload read exactly: unchanged when nothing was rounded, else re-read from
 * the stored jsonb text with the large integers as strings.
 */
export async function withExactPayload(db: Db | Tx, event: WebhookEvent): Promise<WebhookEvent> {
  if (!hasUnsafeInteger(event.payload)) return event;
  const row = await db('webhook_events').where({ id: event.id }).first<{ text: string | null } | undefined>(db.raw('payload::text as text'));
  return row?.text ? { ...event, payload: parseJsonLossless(row.text) } : event;
}

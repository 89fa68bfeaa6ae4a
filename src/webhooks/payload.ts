/**
 * Platforms send 64-bit ids as JSON numbers, and many are beyond 2^53 (Shopify's own sample
 * orders, customers, checkouts and line items are): `JSON.parse` rounds them, so an order id
 * 820982911946154508 would be read as 820982911946154500. The stored event keeps the exact text
 * (jsonb numerics are exact), and events are read back with this parser, so what processing keys
 * on stays exact.
 */

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** An integer beyond Number.MAX_SAFE_INTEGER (9007199254740991) has at least 16 digits. */
const LONG_DIGIT_RUN = /\d{16}/;

/**
 * JSON.parse, except that an integer literal JavaScript cannot hold exactly becomes a string of
 * its digits. Strings, fractions and safe integers are read as JSON.parse reads them.
 */
export function parseJsonLossless(text: string): unknown {
  if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text);
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

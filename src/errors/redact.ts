/**
 * What a log line or an error message may keep of a provider's words. A provider's error body can
 * echo the request it refused (`"to":"14155550199","text":"STOP now"`): phone numbers are masked
 * the way the project masks them everywhere (the first five and the last four characters kept:
 * +1415***0199), message texts are left out (`"text":"[omitted]"`).
 */

/** How an omitted message text reads. */
export const OMITTED = '[omitted]';

/** A phone number safe for logs: +1415***0199 (the first five and last four characters), *** when short. */
export function maskPhone(value: string): string {
  return value.length > 8 ? `${value.slice(0, 5)}***${value.slice(-4)}` : '***';
}

/** Fields that carry a message's text in the providers' formats (Infobip `text`, Twilio `Body`, ...). */
const TEXT_FIELD = String.raw`(?:text|body|message_?text|message_?body|sms_?text)`;

// `"text":"..."` in JSON, also inside a JSON string (`\"text\":\"...\"`), and cut short (`"text":"STOP…`).
const JSON_TEXT = new RegExp(
  String.raw`(\\?")(${TEXT_FIELD})\1(\s*:\s*)(?:\\"[\s\S]*?(?:\\"|$)|"(?:[^"\\]|\\.)*(?:"|$))`,
  'gi',
);
// `Body=...` / `text=...` in a form-encoded body or a query string.
const FORM_TEXT = new RegExp(String.raw`(^|[?&\s])(${TEXT_FIELD})=[^&\s"]*`, 'gi');
// 10 to 15 digits (E.164 without separators, with or without '+' or a form-encoded '%2B'), or a US number written with
// separators; not when part of a longer token (ids in paths, hex, decimals).
const PHONE = /(?<![\w/.+%-])(?:(?:\+|%2B)?\d{10,15}|\+?1?[ .-]?\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4})(?![\w/]|\.\d)/gi;

/** Masks every phone number in a text. */
export function maskPhoneNumbers(text: string): string {
  return text.replace(PHONE, (match) => maskPhone(match.replace(/^%2B/i, '+').replace(/[^\d+]/g, '')));
}

/** A provider's words (an error body, a message built from one) without message texts or whole numbers. */
export function scrubProviderText(text: string): string {
  return maskPhoneNumbers(
    text
      .replace(
        JSON_TEXT,
        (_match, quote: string, key: string, colon: string) =>
          `${quote}${key}${quote}${colon}${quote}${OMITTED}${quote}`,
      )
      .replace(FORM_TEXT, (_match, lead: string, key: string) => `${lead}${key}=${OMITTED}`),
  );
}

/** Object keys whose values are message texts: left out wherever they are scrubbed. */
const TEXT_KEY = new RegExp(`^${TEXT_FIELD}$`, 'i');

/**
 * A value with every string scrubbed (scrubProviderText), objects and arrays to a few levels; the
 * values of text fields (`text`, `body`, ...) are omitted whatever their type.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubProviderText(value);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (depth >= 4) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    out[key] = TEXT_KEY.test(key) ? OMITTED : scrubValue(inner, depth + 1);
  return out;
}

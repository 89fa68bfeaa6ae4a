/**
 * Which texts are template texts (spec 3 section 9, the outbound cart-check rule): an outgoing
 * message shorter than 230 characters that carries a short link or a discount code prefix. Every
 * other outgoing text is a reply (an agent's or a person's answer, or a keyword answer); incoming
 * texts are the shopper's. The stats count the two kinds of outgoing texts apart. The SQL twin of
 * this rule is in store/messages-sql.ts; both read the same constants.
 */

/** Template texts are shorter than this many characters (code points). */
export const TEMPLATE_MAX_LENGTH = 230;
/** The product's own discount code prefix (spec 3 section 9: LR-). */
export const DEFAULT_CODE_PREFIX = 'LR';
/** A short link in a text: `…/r/` and its code (base62). */
export const SHORT_LINK_PATTERN = '/r/[A-Za-z0-9]{4,}';

export type MessageKind = 'template' | 'reply' | 'shopper';

export interface BrandCodePrefix {
  /** The brand's prefix without the dash (SUMMER), as in discount_rules.extra_data.code_prefix. */
  prefix: string;
  /** A static code is the prefix itself (no dash follows it in the text). */
  isStatic: boolean;
}

/**
 * The text fragments (upper case) that mark a discount code in a text: always `LR-`, and each of
 * the brand's own prefixes followed by a dash, or alone for a static code.
 */
export function codeMarkers(prefixes: readonly BrandCodePrefix[] = []): string[] {
  const markers = new Set([`${DEFAULT_CODE_PREFIX}-`]);
  for (const { prefix, isStatic } of prefixes) {
    const clean = prefix.trim().replace(/-+$/, '').toUpperCase();
    if (clean) markers.add(isStatic ? clean : `${clean}-`);
  }
  return [...markers].sort();
}

/** SHORT_LINK_PATTERN compiled once (the insights batch asks this of every shopper text). */
const SHORT_LINK = new RegExp(SHORT_LINK_PATTERN);

export function isTemplateText(body: string, markers: readonly string[] = codeMarkers()): boolean {
  if ([...body].length >= TEMPLATE_MAX_LENGTH) return false;
  if (SHORT_LINK.test(body)) return true;
  const upper = body.toUpperCase();
  return markers.some((marker) => upper.includes(marker));
}

export function messageKind(
  message: { direction: string; body: string },
  markers: readonly string[] = codeMarkers(),
): MessageKind {
  if (message.direction === 'incoming') return 'shopper';
  return isTemplateText(message.body, markers) ? 'template' : 'reply';
}

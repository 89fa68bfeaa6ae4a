/**
 * Workflow messages are rich-text blocks `[{ type: 'paragraph', children: [{ text }] }]` with
 * placeholders. messageText flattens them (one line per block); renderMessage fills the
 * placeholders and makes sure the opt-out line is there. Pure.
 */

export interface MessageLeaf {
  text?: string;
  [key: string]: unknown;
}
export interface MessageBlock {
  type?: string;
  children?: (MessageBlock | MessageLeaf)[];
  text?: string;
  [key: string]: unknown;
}

export interface MessageVars {
  first_name?: string | null;
  brand_name: string;
  cart_link: string;
  discount_code?: string | null;
  discount_value?: string | null;
}

export const PLACEHOLDERS = ['first_name', 'brand_name', 'cart_link', 'discount_code', 'discount_value'] as const;
export const OPT_OUT_LINE = 'Reply STOP to opt out.';

/** "Reply STOP …" / "Text STOP …" already in the text: no second opt-out line. */
export const hasOptOutLine = (text: string): boolean => /\b(reply|text|send)\s+stop\b/i.test(text);

function leafText(node: MessageBlock | MessageLeaf | string | null | undefined): string {
  if (node === null || node === undefined) return '';
  if (typeof node === 'string') return node;
  if (Array.isArray((node as MessageBlock).children)) return (node as MessageBlock).children!.map(leafText).join('');
  return typeof node.text === 'string' ? node.text : '';
}

/** The plain text of the blocks: one line per block (a bare string is taken as the text). */
export function messageText(blocks: MessageBlock[] | string | null | undefined): string {
  if (typeof blocks === 'string') return blocks;
  if (!Array.isArray(blocks)) return '';
  return blocks.map(leafText).join('\n');
}

/** Text as blocks: one paragraph per line. */
export function textToBlocks(text: string): MessageBlock[] {
  return text.split(/\r?\n/).map((line) => ({ type: 'paragraph', children: [{ text: line }] }));
}

const DISCOUNT_PLACEHOLDER = /\{discount_(code|value)\}/;

/**
 * Leaves out the sentences of a line that mention the discount, unless they carry the cart link.
 * A sentence ends at . ! ? or right after {cart_link} (a link usually ends its sentence).
 */
function withoutDiscountSentences(line: string): string {
  const parts = line.split(/(?<=[.!?]|\{cart_link\})(\s+)/);
  let kept = '';
  for (let i = 0; i < parts.length; i += 2) {
    const sentence = parts[i]!;
    if (!DISCOUNT_PLACEHOLDER.test(sentence) || sentence.includes('{cart_link}'))
      kept += sentence + (parts[i + 1] ?? '');
  }
  return kept;
}

function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/ +([,.!?;:])/g, '$1')
        .replace(/([,;:])(?=[,.!?;:])/g, '')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The message a shopper receives. Missing values render empty; without a discount code, every
 * sentence that mentions the code or its value (and not the cart link) is left out (so "Use {discount_code} for
 * {discount_value} off." disappears rather than reading "Use  for  off."). The opt-out line is
 * appended when the text has none.
 */
export function renderMessage(blocks: MessageBlock[] | string | null | undefined, vars: MessageVars): string {
  let text = messageText(blocks);
  if (!vars.discount_code) {
    text = text.split('\n').map(withoutDiscountSentences).join('\n');
  }
  const values: Record<string, string> = {
    first_name: vars.first_name?.trim() ?? '',
    brand_name: vars.brand_name ?? '',
    cart_link: vars.cart_link ?? '',
    discount_code: vars.discount_code ?? '',
    discount_value: vars.discount_value ?? '',
  };
  text = tidy(
    text.replace(
      /\{(first_name|brand_name|cart_link|discount_code|discount_value)\}/g,
      (_, key: string) => values[key]!,
    ),
  );
  // After a sentence: on the same line; after a link (where a period could be read as part of it): on its own line.
  if (!hasOptOutLine(text)) text = text ? `${text}${/[.!?]$/.test(text) ? ' ' : '\n'}${OPT_OUT_LINE}` : OPT_OUT_LINE;
  return text;
}

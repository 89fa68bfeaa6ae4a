/**
 * A workflow in words, for a brand rather than an engineer: its message with sample values (the
 * server's rendering rules: placeholders filled, discount sentences left out without a code, the
 * opt-out line added), its rules ("Cart total is at least $50.00"), its discount and its delay.
 * Pure; formatting through Intl in the brand's locale and currency.
 */
import { formatMoney, WORKFLOW_STATE_WORDS, type Locale } from '../../../lib/format.ts';
import type { Discount, Rule, WorkflowRules } from '../api/types.ts';

export const OPT_OUT_LINE = 'Reply STOP to opt out.';
const PLACEHOLDER = /\{(first_name|brand_name|cart_link|discount_code|discount_value)\}/g;
const DISCOUNT_PLACEHOLDER = /\{discount_(code|value)\}/;

export interface SampleValues {
  first_name: string;
  brand_name: string;
  cart_link: string;
  discount_code: string | null;
  discount_value: string | null;
}

/** Sample values for a brand's preview: a shopper called Alex, a short link, the discount's code. */
export function sampleValues(brand: { name: string; domain: string | null }, discount: Discount | null): SampleValues {
  const prefix =
    discount?.code_prefix ??
    brand.name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 4)
      .toUpperCase();
  return {
    first_name: 'Alex',
    brand_name: brand.name,
    cart_link: `https://${brand.domain ?? 'shop.example'}/r/Ab3dE`,
    discount_code: discount ? `${prefix || 'SAVE'}${discount.code_type === 'static' ? '' : '-7KQ2'}` : null,
    discount_value: discount ? discount.display : null,
  };
}

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

const tidy = (text: string): string =>
  text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/ +([,.!?;:])/g, '$1')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The text a shopper would receive, filled with the sample values. */
export function renderSample(template: string, values: SampleValues): string {
  let text = template;
  if (!values.discount_code) text = text.split('\n').map(withoutDiscountSentences).join('\n');
  text = tidy(text.replace(PLACEHOLDER, (_, key: keyof SampleValues) => values[key] ?? ''));
  if (!/\b(reply|text|send)\s+stop\b/i.test(text))
    text = text ? `${text}${/[.!?]$/.test(text) ? ' ' : '\n'}${OPT_OUT_LINE}` : OPT_OUT_LINE;
  return text;
}

export const FIELDS: Record<string, { label: string; money?: boolean; plural?: boolean }> = {
  cart_total: { label: 'Cart total', money: true },
  order_total: { label: 'Order total', money: true },
  order_count: { label: 'Previous orders' },
  product_ids: { label: 'Products', plural: true },
  collection_ids: { label: 'Collections', plural: true },
  tags: { label: 'Customer tags', plural: true },
  contact_group: { label: 'Contact group' },
};

const list = (values: string[], locale: string, type: 'conjunction' | 'disjunction') =>
  new Intl.ListFormat(locale, { style: 'long', type }).format(values);

/** One rule in words: "Cart total is at least $50.00", "Customer tags include “vip”". */
export function ruleInWords(rule: Rule, locale: Pick<Locale, 'locale' | 'currency'>): string {
  const field = FIELDS[rule.field] ?? { label: rule.field.replace(/_/g, ' ') };
  const show = (v: unknown): string => {
    if (field.money && v !== null && v !== '' && Number.isFinite(Number(v))) return formatMoney(Number(v), locale);
    return typeof v === 'string' && !field.money && rule.field !== 'order_count' ? `“${v}”` : String(v);
  };
  const values = (Array.isArray(rule.value) ? rule.value : [rule.value]).map(show);
  const one = values[0] ?? '';
  if (rule.field === 'order_count') return orderCountInWords(rule.operator, values, locale.locale);
  const is = field.plural ? 'include' : 'is';
  switch (rule.operator) {
    case 'eq':
      return `${field.label} ${is} ${one}`;
    case 'neq':
      return `${field.label} ${field.plural ? 'do not include' : 'is not'} ${one}`;
    case 'gt':
      return `${field.label} is more than ${one}`;
    case 'gte':
      return `${field.label} is at least ${one}`;
    case 'lt':
      return `${field.label} is less than ${one}`;
    case 'lte':
      return `${field.label} is at most ${one}`;
    case 'in':
      return `${field.label} ${field.plural ? 'include any of' : 'is one of'} ${list(values, locale.locale, 'disjunction')}`;
    case 'not_in':
      return `${field.label} ${field.plural ? 'include none of' : 'is none of'} ${list(values, locale.locale, 'disjunction')}`;
    case 'contains':
      return `${field.label} ${field.plural ? 'include' : 'contains'} ${one}`;
    default:
      return `${field.label} ${rule.operator} ${values.join(', ')}`;
  }
}

const COUNT_PHRASES: Record<string, string> = {
  eq: 'exactly',
  neq: 'other than',
  gt: 'more than',
  gte: 'at least',
  lt: 'fewer than',
  lte: 'at most',
};

/** "The shopper has placed at least 1 order before". */
function orderCountInWords(operator: string, values: string[], locale: string): string {
  const orders = (n: string) => `${n} order${n === '1' ? '' : 's'}`;
  if (operator === 'in' || operator === 'not_in') {
    const which = list(values, locale, 'disjunction');
    return `The shopper has ${operator === 'in' ? '' : 'not '}placed ${which} orders before`;
  }
  const phrase = COUNT_PHRASES[operator];
  return phrase
    ? `The shopper has placed ${phrase} ${orders(values[0] ?? '0')} before`
    : `Orders placed before ${operator} ${values.join(', ')}`;
}

/** The rules as sentences: the main rule first, then "All of these" / "Any of these". */
export function rulesInWords(
  rules: WorkflowRules | null | undefined,
  locale: Pick<Locale, 'locale' | 'currency'>,
): { main: string | null; joiner: string | null; items: string[]; summary: string } {
  const main = rules?.main_rule ? ruleInWords(rules.main_rule, locale) : null;
  const items = (rules?.rules ?? []).map((r) => ruleInWords(r, locale));
  const any = String(rules?.condition ?? 'AND').toUpperCase() === 'OR';
  const joiner = items.length > 1 ? (any ? 'Any one of these is enough:' : 'All of these must hold:') : null;
  const summary =
    !main && items.length === 0 ? 'Every shopper who qualifies is texted: this workflow has no extra rules.' : '';
  return { main, joiner, items, summary };
}

/** "15% off, one code per shopper starting with NW, valid for 7 days". */
export function discountInWords(discount: Discount | null, { aboutCart = true }: { aboutCart?: boolean } = {}): string {
  if (!discount)
    return aboutCart
      ? 'No discount: the text reminds the shopper of the cart only.'
      : 'No discount: the text carries no code.';
  const what = discount.type === 'shipping' ? 'Free shipping' : `${discount.display} off`;
  const code =
    discount.code_type === 'static'
      ? `the same code for everyone${discount.code_prefix ? ` (${discount.code_prefix})` : ''}`
      : `one code per shopper${discount.code_prefix ? ` starting with ${discount.code_prefix}` : ''}`;
  const days = `valid for ${discount.duration_days} day${discount.duration_days === 1 ? '' : 's'}`;
  const warning = discount.valid ? '' : ` It cannot be used now: ${discount.reason ?? 'the rule is invalid'}.`;
  return `${what}, ${code}, ${days}.${warning}`;
}

const TRIGGERS: Record<string, string> = {
  checkout: 'a checkout is abandoned',
  cart: 'a cart is abandoned',
  order: 'an order is placed',
  schedule: 'its scheduled time',
  tap_to_text: 'a shopper taps to text',
  events: 'the event',
  campaign: 'the campaign starts',
  inbound: 'a shopper texts in',
};

/** "2 hours" / "30 minutes" / "1 day 6 hours". */
export function durationInWords(minutes: number, locale = 'en-US'): string {
  const unit = (n: number, u: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'long' }).format(n);
  if (minutes <= 0) return unit(0, 'minute');
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = [days ? unit(days, 'day') : '', hours ? unit(hours, 'hour') : '', mins ? unit(mins, 'minute') : ''];
  return parts.filter(Boolean).join(' ');
}

/** "Texts 30 minutes after a checkout is abandoned". */
export function delayInWords(type: string, minutes: number, locale = 'en-US'): string {
  const trigger = TRIGGERS[type] ?? type.replace(/_/g, ' ');
  return minutes > 0 ? `${durationInWords(minutes, locale)} after ${trigger}` : `Right after ${trigger}`;
}

/** "Active", "Paused", "Draft": never a colour alone. */
export const STATE_LABELS: Readonly<Record<string, string>> = WORKFLOW_STATE_WORDS;

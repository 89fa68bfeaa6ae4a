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
 *
 * Discount rules (spec 3 sections 3 and 5): a discount_rules row resolved into the rule codes are
 * made from; invalid data (or no row) falls back to the default rule. The optional logger only
 * records why a rule was replaced.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';

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

// ---------------------------------------------------------------------------------------------
// Discount rules (spec 3 sections 3 and 5)

/** Spec 1 section 9: default discount 15%; templates use 10. */
export const DEFAULT_DISCOUNT_PERCENT = 15;
export const TEMPLATE_DISCOUNT_PERCENT = 10;

export const DISCOUNT_TYPES = ['percentage', 'fixed', 'shipping'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_CODE_TYPES = ['static', 'dynamic', 'custom'] as const;
export type DiscountCodeType = (typeof DISCOUNT_CODE_TYPES)[number];
export const DISCOUNT_CATEGORIES = ['order', 'shipping'] as const;
export type DiscountCategory = (typeof DISCOUNT_CATEGORIES)[number];
/** Spec 1 section 3 / spec 3 section 9: discount codes last 10 days by default. */
export const DEFAULT_DISCOUNT_DURATION_DAYS = 10;

export interface CombinesWith {
  orderDiscounts: boolean;
  productDiscounts: boolean;
  shippingDiscounts: boolean;
}

export interface ResolvedDiscountRule {
  /** The discount_rules row this came from (kept when its data was invalid and replaced). */
  id: number | null;
  type: DiscountType;
  /** Percent for percentage, money for fixed, 0 for shipping. */
  value: number;
  durationDays: number;
  codeType: DiscountCodeType;
  /** The brand's own prefix (without the dash), or null for the product's LR- prefix. */
  codePrefix: string | null;
  category: DiscountCategory;
  minimum: number | null;
  usageLimit: number;
  appliesOncePerCustomer: boolean;
  combinesWith: CombinesWith;
}

export interface DiscountRuleRow {
  id?: number | string | null;
  type?: unknown;
  value?: unknown;
  duration?: unknown;
  extra_data?: unknown;
}

const NOTHING: CombinesWith = { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false };

/** Spec 3 section 5: dynamic, order category, 10 percent, combines with nothing, once per customer. */
export const DEFAULT_DISCOUNT_RULE: Readonly<ResolvedDiscountRule> = Object.freeze({
  id: null,
  type: 'percentage',
  value: TEMPLATE_DISCOUNT_PERCENT,
  durationDays: DEFAULT_DISCOUNT_DURATION_DAYS,
  codeType: 'dynamic',
  codePrefix: null,
  category: 'order',
  minimum: null,
  usageLimit: 1,
  appliesOncePerCustomer: true,
  combinesWith: NOTHING,
});

/** Letters, digits and inner dashes, up to 20: what a store accepts at the start of a code. */
export const CODE_PREFIX_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,18}[A-Za-z0-9])?$/;

const codeOverrides = z
  .object({
    combinesWith: z
      .object({
        orderDiscounts: z.boolean().optional(),
        productDiscounts: z.boolean().optional(),
        shippingDiscounts: z.boolean().optional(),
      })
      .optional(),
    appliesOncePerCustomer: z.boolean().optional(),
    usageLimit: z.number().int().positive().optional(),
  })
  .loose();

export const discountExtraDataSchema = z
  .object({
    type: z.enum(DISCOUNT_CODE_TYPES).default('dynamic'),
    // 'LR-' and 'SUMMER-' are read as LR and SUMMER: the dash is added when the code is made.
    code_prefix: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/-+$/, '') || null : v),
      z.string().regex(CODE_PREFIX_PATTERN, 'letters, digits and dashes, up to 20').nullable().optional(),
    ),
    category: z.enum(DISCOUNT_CATEGORIES).optional(),
    minimum: z.coerce.number().min(0).nullable().optional(),
    basicCodeDiscount: codeOverrides.optional(),
    freeShippingCodeDiscount: codeOverrides.optional(),
  })
  .loose();

export const discountRuleRowSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES),
    value: z.coerce.number().min(0),
    duration: z.coerce.number().int().positive().default(DEFAULT_DISCOUNT_DURATION_DAYS),
    extra_data: z.preprocess((v) => v ?? {}, discountExtraDataSchema),
  })
  .superRefine((row, ctx) => {
    if (row.type === 'percentage' && !(row.value > 0 && row.value <= 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage must be above 0 and at most 100' });
    if (row.type === 'fixed' && !(row.value > 0))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a fixed amount must be above 0' });
    const category = row.extra_data.category;
    if (category && (category === 'shipping') !== (row.type === 'shipping'))
      ctx.addIssue({
        code: 'custom',
        path: ['extra_data', 'category'],
        message: `category ${category} does not fit a ${row.type} discount`,
      });
    if (row.extra_data.type === 'static' && !row.extra_data.code_prefix)
      ctx.addIssue({
        code: 'custom',
        path: ['extra_data', 'code_prefix'],
        message: 'a static code needs code_prefix (the code itself)',
      });
  });

export const summarizeZodIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ');

export interface DiscountRuleResolution {
  rule: ResolvedDiscountRule;
  valid: boolean;
  reason?: string;
}

/**
 * A discount_rules row as the rule codes are made from. Invalid data (or no row) gives the
 * default rule, with the reason; pass a logger to have the reason logged (spec 3 section 5).
 */
export function resolveDiscountRule(
  row: DiscountRuleRow | null | undefined,
  logger?: { warn(obj: object, msg: string): void },
): DiscountRuleResolution {
  const id = row?.id === null || row?.id === undefined ? null : Number(row.id);
  const fallback = (reason: string): DiscountRuleResolution => {
    logger?.warn({ discount_rule_id: id, reason }, 'invalid discount rule: the default rule is used');
    return { rule: { ...DEFAULT_DISCOUNT_RULE, id }, valid: false, reason };
  };
  if (!row) return fallback('No discount rule found');
  const parsed = discountRuleRowSchema.safeParse(row);
  if (!parsed.success) return fallback(summarizeZodIssues(parsed.error.issues));
  const { type, value, duration, extra_data: extra } = parsed.data;
  const overrides = (type === 'shipping' ? extra.freeShippingCodeDiscount : extra.basicCodeDiscount) ?? {};
  return {
    valid: true,
    rule: {
      id,
      type,
      value: type === 'shipping' ? 0 : value,
      durationDays: duration,
      codeType: extra.type,
      codePrefix: extra.code_prefix ?? null,
      category: extra.category ?? (type === 'shipping' ? 'shipping' : 'order'),
      minimum: extra.minimum ?? null,
      usageLimit: overrides.usageLimit ?? 1,
      appliesOncePerCustomer: overrides.appliesOncePerCustomer ?? true,
      combinesWith: { ...NOTHING, ...overrides.combinesWith },
    },
  };
}

/** How a discount reads in a message: '10%', '$5', '$5.50', 'free shipping'. */
export function formatDiscountValue(rule: Pick<ResolvedDiscountRule, 'type' | 'value'>): string {
  if (rule.type === 'shipping') return 'free shipping';
  if (rule.type === 'percentage') return `${Number(rule.value.toFixed(2))}%`;
  return Number.isInteger(rule.value) ? `$${rule.value}` : `$${rule.value.toFixed(2)}`;
}

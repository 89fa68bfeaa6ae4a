/**
 * Workflow templates (spec 1 section 9): names, types and delays in minutes. Every template offers
 * the template discount (10 percent, dynamic LR- code, 10 days) and starts as a paused draft;
 * `reclaim workflows activate ID` makes it run.
 */
import { TEMPLATE_DISCOUNT_PERCENT, DEFAULT_DISCOUNT_DURATION_DAYS } from '../discounts/index.ts';
import type { Rule, WorkflowType } from './rules.ts';

export const TEMPLATE_KEYS = [
  'abandoned-cart',
  'instant-upsell',
  'upsell',
  'cross-sell',
  'replenishment',
  're-engagement',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export interface WorkflowTemplate {
  key: TemplateKey;
  name: string;
  type: WorkflowType;
  delayMinutes: number;
  description: string;
  /** One paragraph; placeholders {first_name} {brand_name} {cart_link} {discount_code} {discount_value}. */
  message: string;
  mainRule: Rule | null;
  discount: { type: 'percentage'; value: number; duration: number };
}

/** Spec 1 section 9: template delays in minutes. */
export const TEMPLATE_DELAYS: Readonly<Record<TemplateKey, number>> = {
  'abandoned-cart': 30,
  'instant-upsell': 120,
  upsell: 4320,
  'cross-sell': 4320,
  replenishment: 40320,
  're-engagement': 64800,
};

/** Post-purchase templates target every order (the brand narrows the main rule later). */
const EVERY_ORDER: Rule = { field: 'order_count', operator: 'gte', value: 1 };
const discount = {
  type: 'percentage',
  value: TEMPLATE_DISCOUNT_PERCENT,
  duration: DEFAULT_DISCOUNT_DURATION_DAYS,
} as const;

const template = (
  key: TemplateKey,
  name: string,
  type: WorkflowType,
  description: string,
  message: string,
): WorkflowTemplate => ({
  key,
  name,
  type,
  delayMinutes: TEMPLATE_DELAYS[key],
  description,
  message,
  mainRule: type === 'order' ? EVERY_ORDER : null,
  discount,
});

export const WORKFLOW_TEMPLATES: Readonly<Record<TemplateKey, WorkflowTemplate>> = {
  'abandoned-cart': template(
    'abandoned-cart',
    'Abandoned Cart',
    'checkout',
    'texts shoppers who left a checkout, 30 minutes later',
    "Hi {first_name}, it's {brand_name}. You left something in your cart: {cart_link} Use {discount_code} for {discount_value} off. Reply STOP to opt out.",
  ),
  'instant-upsell': template(
    'instant-upsell',
    'Instant Upsell',
    'order',
    'offers an add-on 2 hours after an order',
    'Hi {first_name}, thanks for your {brand_name} order! Add one more item before it ships: {cart_link} {discount_code} takes {discount_value} off. Reply STOP to opt out.',
  ),
  upsell: template(
    'upsell',
    'Upsell',
    'order',
    'suggests an upgrade 3 days after an order',
    'Hi {first_name}, enjoying your {brand_name} order? Treat yourself to something new: {cart_link} {discount_code} takes {discount_value} off. Reply STOP to opt out.',
  ),
  'cross-sell': template(
    'cross-sell',
    'Cross-sell',
    'order',
    'suggests a matching product 3 days after an order',
    'Hi {first_name}, from {brand_name}: these go well with your last order: {cart_link} Use {discount_code} for {discount_value} off. Reply STOP to opt out.',
  ),
  replenishment: template(
    'replenishment',
    'Replenishment',
    'order',
    'reminds shoppers to restock 28 days after an order',
    'Hi {first_name}, running low? Restock your {brand_name} favorites: {cart_link} Use {discount_code} for {discount_value} off. Reply STOP to opt out.',
  ),
  're-engagement': template(
    're-engagement',
    'Re-engagement',
    'order',
    'wins back shoppers 45 days after their order',
    "Hi {first_name}, we miss you at {brand_name}! See what's new: {cart_link} Use {discount_code} for {discount_value} off your next order. Reply STOP to opt out.",
  ),
};

export const isTemplateKey = (key: string): key is TemplateKey => (TEMPLATE_KEYS as readonly string[]).includes(key);

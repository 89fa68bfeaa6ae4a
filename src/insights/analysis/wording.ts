/** The local analyser's wording: topics, bodies, summaries and proposed solutions. Pure. */
import { excerpt, type InsightCategory, type InsightTag } from './rules.ts';

export const TAG_LABELS: Record<InsightTag, string> = {
  checkout: 'Checkout',
  comparison: 'Comparison',
  discount: 'Discount',
  exchanges: 'Exchanges',
  price: 'Price',
  returns: 'Returns',
  shipping: 'Shipping',
  specifications: 'Specifications',
  new: 'Other',
};

const CATEGORY_PHRASES: Record<InsightCategory, string> = {
  product: 'Shoppers ask about this before buying',
  blocker: 'This stops shoppers from completing their purchase',
  post_purchase: 'Customers raise this after ordering',
};

const SOLUTIONS: Record<InsightTag, string> = {
  checkout: 'List the payment methods accepted and test the checkout; answer with a fresh cart link.',
  comparison: 'Add a short comparison of the models (and against alternatives) to the product page and the KB.',
  discount: 'Explain how codes apply (which items, expiry, one per order) in the KB and the reminder text.',
  exchanges: 'Publish the exchange steps and send a prepaid label or the replacement quickly.',
  price: 'Show what the price includes and mention the current offer or a smaller option.',
  returns: 'Publish the return window, costs and refund times, and link the return portal.',
  shipping: 'State shipping times, costs and destinations on the product page and in the KB.',
  specifications: 'Add the size chart, materials and key specifications to the product page and the KB.',
  new: 'Answer it in the KB so the agent can reply at once.',
};

const BLOCKER_SOLUTIONS: Partial<Record<InsightTag, string>> = {
  discount: 'Check that the codes sent are valid and apply at checkout; resend a working code.',
  shipping: 'Review shipping rates or offer a free-shipping threshold.',
  price: 'Offer a smaller option, a bundle saving or a time-limited code to shoppers who hesitate on price.',
};

const POST_PURCHASE_SOLUTIONS: Partial<Record<InsightTag, string>> = {
  shipping: 'Send tracking links automatically and let the agent answer order-status questions from the order.',
  discount: 'Decide whether codes are honoured after an order and say so in the KB.',
};

export function proposedSolution(tag: InsightTag, category: InsightCategory): string {
  if (category === 'blocker') return BLOCKER_SOLUTIONS[tag] ?? SOLUTIONS[tag];
  if (category === 'post_purchase') return POST_PURCHASE_SOLUTIONS[tag] ?? SOLUTIONS[tag];
  return SOLUTIONS[tag];
}

const capital = (text: string): string => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** The insight's question (topic) and body, from the message that starts it. */
export function topicBody(tag: InsightTag, category: InsightCategory, body: string): { topic: string; body: string } {
  return {
    topic: capital(excerpt(body, 120)),
    body: `${CATEGORY_PHRASES[category]} (${TAG_LABELS[tag].toLowerCase()}).`,
  };
}

/** A message's summary: its tag and its first sentence. */
export const summaryOf = (tag: InsightTag, body: string): string => `${TAG_LABELS[tag]}: ${excerpt(body)}`;

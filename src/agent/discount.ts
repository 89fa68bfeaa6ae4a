/**
 * Discounts (pure): the agent offers a discount only as the conversation's workflow's discount rule
 * allows, once per conversation, with the code that rule made for the conversation (the code of its
 * reminder). A shopper asking for a discount is given that code once; asked again, the agent
 * escalates; with no rule (or no code the rule made) it never offers one: a card's answer that
 * carries a code other than the conversation's own is refused and escalated, whatever was asked.
 */
import type { Decision, ReasonCode } from './rules.ts';
import { factsOf } from './validate.ts';

/** What the conversation's discount rule allows. */
export interface DiscountOffer {
  /** The workflow's rule (null: the workflow gives no discount, or there is no workflow). */
  rule: { type: 'percentage' | 'fixed' | 'shipping'; value: number } | null;
  /** The code the rule made for this conversation (null: none). */
  code: string | null;
  /** The agent already gave the code in this conversation. */
  offeredBefore: boolean;
}

const ASKS =
  /\b(?:any|got|get|give|send|offer|have|is there|are there|can i get|could i get|need)\b[^.?!]{0,40}\b(?:discount|coupon|promo|code|deal)s?\b|\b(?:discount|coupon|promo)(?: code)?s?\s*\?|\bcode\s+(?:please|pls)\b/i;
const NOT_A_REQUEST =
  /\b(?:combine|stack|two codes|both|expired|didn'?t work|doesn'?t work|not working|invalid|apply|where do i)\b/i;

/** The shopper asks to be given a discount (not about one they have: that is the cards' or the team's). */
export const asksForDiscount = (text: string): boolean => ASKS.test(text) && !NOT_A_REQUEST.test(text);

/** The rule's offer in words: "takes 10% off", "takes $5 off", "gives free shipping". */
export function offerInWords(rule: NonNullable<DiscountOffer['rule']>): string {
  if (rule.type === 'shipping') return 'gives you free shipping';
  const n = Number.isInteger(rule.value) ? String(rule.value) : rule.value.toFixed(2);
  return rule.type === 'percentage' ? `takes ${n}% off your order` : `takes $${n} off your order`;
}

export const discountReply = (code: string, rule: NonNullable<DiscountOffer['rule']>): string =>
  `Your code ${code} ${offerInWords(rule)} at checkout.`;

/** Codes of a reply other than the conversation's own. */
const strangeCodes = (reply: string, own: string | null): string[] =>
  factsOf(reply)
    .filter((f) => f.kind === 'code')
    .map((f) => f.text)
    .filter((c) => c.toUpperCase() !== own?.toUpperCase());

const MAY_OFFER: ReadonlySet<string> = new Set(['card', 'no_card', 'model_declined', 'invalid_model_answer']);

/** The decision once the discount rule is applied (unchanged when no discount is in play). */
export function applyDiscountRule(input: {
  text: string;
  decision: Decision;
  reply: string | null;
  offer: DiscountOffer;
}): { decision: Decision; reply: string | null } {
  const { decision, reply, offer } = input;
  if (!MAY_OFFER.has(decision.reason)) return { decision, reply };
  const escalate = (reason: ReasonCode) => ({
    decision: { decision: 'escalated' as const, reason, confidence: decision.confidence, sources: decision.sources },
    reply: null,
  });
  if (asksForDiscount(input.text)) {
    if (offer.rule && offer.code) {
      if (offer.offeredBefore) return escalate('discount_once');
      return {
        decision: { decision: 'answered', reason: 'discount', confidence: 1, sources: [] },
        reply: discountReply(offer.code, offer.rule),
      };
    }
  }
  if (reply === null) return { decision, reply };
  if (strangeCodes(reply, offer.rule ? offer.code : null).length > 0) return escalate('discount_not_allowed');
  if (offer.offeredBefore && offer.code && reply.toUpperCase().includes(offer.code.toUpperCase()))
    return escalate('discount_once');
  return { decision, reply };
}

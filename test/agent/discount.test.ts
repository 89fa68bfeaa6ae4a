/**
 * A discount only as the workflow's discount rule allows, once, with the code the rule made: the
 * pure rule as a table, then through the inbound path and the worker — a shopper of a workflow with
 * a 10% rule asking for a discount gets the conversation's code once (asked again: escalated);
 * with no rule, no code is ever given, not even one written on a published card.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyDiscountRule,
  asksForDiscount,
  listAgentDecisions,
  updateAgentSettings,
  type Decision,
  type DiscountOffer,
} from '../../src/agent/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import { createKbCard } from '../../src/insights/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { createConversation, createDiscountCode, createSentMessage } from '../factories/attribution.ts';
import { connectInfobip, createBrand, createContact, createWorkflow, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const card: Decision = { decision: 'answered', reason: 'card', confidence: 0.9, sources: [7] };
const noCard: Decision = { decision: 'escalated', reason: 'no_card', confidence: 0.2, sources: [] };
const rule = { type: 'percentage' as const, value: 10 };
const withCode: DiscountOffer = { rule, code: 'LR-7KQ2MX', offeredBefore: false };
const none: DiscountOffer = { rule: null, code: null, offeredBefore: false };

describe('the discount rule (pure)', () => {
  it.each([
    ['do you have a discount code?', true],
    ['any coupons?', true],
    ['can I get a promo code please', true],
    ['discount code?', true],
    ['can I use two codes on one order?', false],
    ['my code didn’t work', false],
    ["my code didn't work", false],
    ['do you ship to canada?', false],
  ])('"%s" asks for a discount: %s', (text, asks) => {
    expect(asksForDiscount(text)).toBe(asks);
  });

  it.each<[string, string, Decision, string | null, DiscountOffer, string, string | null]>([
    [
      'rule and code: the code, in the rule’s words',
      'any discount?',
      noCard,
      null,
      withCode,
      'discount',
      'Your code LR-7KQ2MX takes 10% off your order at checkout.',
    ],
    [
      'fixed rule',
      'any discount?',
      noCard,
      null,
      { ...withCode, rule: { type: 'fixed', value: 5 } },
      'discount',
      'Your code LR-7KQ2MX takes $5 off your order at checkout.',
    ],
    [
      'shipping rule',
      'any discount?',
      noCard,
      null,
      { ...withCode, rule: { type: 'shipping', value: 0 } },
      'discount',
      'Your code LR-7KQ2MX gives you free shipping at checkout.',
    ],
    [
      'asked again: escalated',
      'any discount?',
      noCard,
      null,
      { ...withCode, offeredBefore: true },
      'discount_once',
      null,
    ],
    [
      'no rule: the card’s answer without a code stands',
      'any discount?',
      card,
      'We run no sitewide sales.',
      none,
      'card',
      'We run no sitewide sales.',
    ],
    ['no rule: no card, still escalated', 'any discount?', noCard, null, none, 'no_card', null],
    [
      'no rule: a card’s code is refused',
      'welcome offer?',
      card,
      'Use WELCOME10 for 10% off.',
      none,
      'discount_not_allowed',
      null,
    ],
    [
      'a rule, but another code on the card: refused',
      'welcome offer?',
      card,
      'Use WELCOME10 for 10% off.',
      withCode,
      'discount_not_allowed',
      null,
    ],
    [
      'a code with no rule behind it: refused',
      'code?',
      card,
      'Your code LR-7KQ2MX works.',
      { ...withCode, rule: null },
      'discount_not_allowed',
      null,
    ],
    [
      'the own code again in a card answer: once only',
      'how long is it valid',
      card,
      'LR-7KQ2MX is valid 10 days.',
      { ...withCode, offeredBefore: true },
      'discount_once',
      null,
    ],
  ])('%s', (_name, text, decision, reply, offer, reason, out) => {
    const ruled = applyDiscountRule({ text, decision, reply, offer });
    expect([ruled.decision.reason, ruled.reply]).toEqual([reason, out]);
  });

  it('leaves the other decisions alone (a person, small talk, the daily cap)', () => {
    for (const reason of ['human', 'small_talk', 'cap', 'person'] as const) {
      const decision: Decision = { decision: 'escalated', reason, confidence: 0, sources: [] };
      expect(applyDiscountRule({ text: 'any discount?', decision, reply: null, offer: withCode }).decision).toBe(
        decision,
      );
    }
  });
});

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;
const BRAND_NUMBER = usPhone('637');

beforeAll(async () => {
  ctx = await t.context();
  brandId = (await createBrand(t.db, { name: 'Discount Outfitters' })).id;
  await connectInfobip(t.db, brandId, BRAND_NUMBER, `ib-discount-${brandId}`);
  await createKbCard(t.db, {
    brandId,
    title: 'Welcome offer code',
    content: 'Use WELCOME10 for 10% off your first order.',
    status: 'published',
  });
  await updateAgentSettings(t.db, { brandId, mode: 'auto' });
});

/** A shopper reminded by a workflow (with a 10% rule and its code, or with none); their texts go through the inbound path. */
async function remindedShopper(withRule: boolean) {
  const [ruleRow] = withRule
    ? await t.db('discount_rules').insert({ brand_id: brandId, type: 'percentage', value: 10 }).returning('id')
    : [null];
  const workflow = await createWorkflow(t.db, { brandId, discount_rule_id: ruleRow?.id ?? null });
  const { contact, channel } = await createContact(t.db, brandId);
  const conversation = await createConversation(t.db, {
    brandId,
    workflowId: workflow.id,
    contactId: contact.id,
    channelId: channel.id,
    createdAt: new Date(Date.now() - 3_600_000),
  });
  let code: string | null = null;
  if (ruleRow) {
    const made = await createDiscountCode(t.db, {
      brandId,
      conversationId: conversation.id,
      workflowId: workflow.id,
      createdAt: new Date(),
    });
    await t.db('discount_codes').where({ id: made.id }).update({ discount_rule_id: ruleRow.id });
    code = made.code;
  }
  await createSentMessage(t.db, {
    brandId,
    conversationId: conversation.id,
    sentAt: new Date(Date.now() - 1_800_000),
    body: code ? `Your cart is saved; code ${code} takes 10% off.` : 'Your cart is saved.',
  });
  const text = async (body: string) => {
    const received = await receiveMessage(ctx, {
      from: String(channel.username),
      to: BRAND_NUMBER,
      body,
      provider: 'outbox',
    });
    expect(received.conversationId).toBe(conversation.id);
    await runDueJobs(ctx, TASKS);
    const all = await listAgentDecisions(t.db, { brandId, conversationId: conversation.id });
    return all.find((d) => d.message_id === received.messageId)!;
  };
  return { code, text, conversationId: conversation.id };
}

describe('through the inbound path', () => {
  it('a workflow with a 10% rule: its code is given once; asked again, escalated', async () => {
    const s = await remindedShopper(true);
    const first = await s.text('do you have a discount code?');
    expect(first).toMatchObject({
      decision: 'answered',
      reason: 'discount',
      reply: `Your code ${s.code} takes 10% off your order at checkout.`,
      delivery: 'queued',
    });
    const again = await s.text('any other coupon?');
    expect(again).toMatchObject({ decision: 'escalated', reason: 'discount_once' });
    expect(again.reply ?? '').not.toContain(s.code!);
  });

  it('no rule: no code is given, not even the one on a published card', async () => {
    const s = await remindedShopper(false);
    const asked = await s.text('do you have a discount code?');
    expect(asked.decision).toBe('escalated');
    const welcome = await s.text('what is the welcome offer code?');
    expect(welcome).toMatchObject({ decision: 'escalated', reason: 'discount_not_allowed' });
    const sent = await t
      .db('conversation_messages')
      .where({ conversation_id: s.conversationId, direction: 'outgoing' })
      .whereNull('user_id')
      .pluck('body');
    expect(sent.join('\n')).not.toContain('WELCOME10');
  });
});

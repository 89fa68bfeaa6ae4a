import { describe, expect, it } from 'vitest';
import { understand } from '../../../src/insights/index.ts';

// Fresh texts (none of them is in fixtures/insights): what the understanding answers for each.
const cart = { products: ['Trail Parka', 'Wool Blanket'] };

describe('message understanding', () => {
  it.each([
    ['Is the blender dishwasher safe?', 'specifications', 'product'],
    ['Which is better for running, the Aero or the Glide?', 'comparison', 'product'],
    ['my promo code wont go through', 'discount', 'blocker'],
    ['returning the lamp, how?', 'returns', 'post_purchase'],
    ['the mug came chipped, can I get a new one', 'exchanges', 'post_purchase'],
    ['when do you restock the blue scarf', 'new', 'product'],
    ['my card was rejected twice', 'checkout', 'blocker'],
    ['how long until my order gets to Boston', 'shipping', 'product'],
  ])('reads the topic and the stage of "%s"', (text, topic, stage) => {
    const u = understand(text);
    expect([u.topic.value, u.stage.value, u.smallTalk.value]).toEqual([topic, stage, false]);
    expect(u.topic.confidence).toBeGreaterThan(0.3);
  });

  it('reads a negated problem as negative and a thank-you as positive small talk', () => {
    expect(understand('my promo code wont go through').sentiment.value).toBe('negative');
    const thanks = understand('thanks!!');
    expect([thanks.topic.value, thanks.smallTalk.value, thanks.sentiment.value]).toEqual([null, true, 'positive']);
  });

  it('gives an emoji-only text no topic', () => {
    const u = understand('😍😍');
    expect([u.topic.value, u.stage.value, u.smallTalk.value, u.question.value]).toEqual([null, null, true, false]);
  });

  it('reads the first of two questions', () => {
    const u = understand('do you ship to canada and is it free?');
    expect([u.topic.value, u.question.value]).toEqual(['shipping', true]);
  });

  it('finds an opt-out inside a question and still reads the question', () => {
    const u = understand('can you stop texting me? where is my refund');
    expect([u.optOut.value, u.topic.value, u.stage.value, u.intent.value]).toEqual([
      true,
      'returns',
      'post_purchase',
      'refund-status',
    ]);
  });

  it('finds a request for a person, the order it names, and no topic when nothing else is asked', () => {
    const u = understand('I want to talk to a real person about my order #4521');
    expect([u.person.value, u.order?.number, u.topic.value]).toEqual([true, '4521', 'shipping']);
    const alone = understand('can someone call me');
    expect([alone.person.value, alone.smallTalk.value, alone.topic.value]).toEqual([true, true, null]);
  });

  it.each(['STOP', 'stop please', 'Unsubscribe me', 'END', 'opt-out'])(
    'reads the opt-out keyword "%s" (the messaging keyword list) as an opt-out and small talk',
    (text) => {
      const u = understand(text);
      expect([u.optOut.value, u.smallTalk.value, u.topic.value]).toEqual([true, true, null]);
    },
  );

  it('keeps ordinary texts with stop or cancel in them apart from opt-outs', () => {
    for (const text of ["please don't stop", 'stop it', 'cancel please'])
      expect(understand(text).optOut.value, text).toBe(false);
  });

  it.each([
    ['L vs M?', 'specifications', 'size-fit'],
    ['xs or s for a small frame', 'specifications', 'size-fit'],
    ['can i put two codes on one order', 'discount', 'discount-question'],
  ])('reads the sizing comparison or code stacking "%s"', (text, topic, intent) => {
    const u = understand(text);
    expect([u.topic.value, u.intent.value]).toEqual([topic, intent]);
  });

  it('names the cart product the text is about', () => {
    const u = understand('Does the Trail Parka come in green?', { cart });
    expect([u.product?.name, u.topic.value, u.intent.value]).toEqual([
      'Trail Parka',
      'specifications',
      'color-options',
    ]);
  });
});

/**
 * `POST /webhooks/stripe` before ingestion: the Stripe-Signature header (made with the `stripe`
 * library's test-header helper, as Stripe signs), the JSON body and the Event envelope (id, type,
 * created, data.object as Stripe's Event object has them). What fails is answered 401 (not signed)
 * or 400 (signed but not a Stripe Event) with a message naming the problem, and nothing is stored.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../helpers/db.ts';
import { app, stripe, useStripeBilling, WEBHOOK_SECRET } from './stripe-setup.ts';

const t = useTestDatabase();
useStripeBilling(t);

/** Posts `body` with a Stripe-Signature made for it with `secret` (none when `secret` is null). */
async function post(body: string, secret: string | null = WEBHOOK_SECRET) {
  const signature = secret ? Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) : undefined;
  return app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

const storedStripeEvents = async () =>
  Number((await t.db('webhook_events').where({ source: 'stripe' }).count({ n: '*' }))[0]!.n);

/** A well-formed subscription event as the fake Stripe builds it, as a plain object to break. */
function subscriptionEvent(): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(
      stripe.event('customer.subscription.updated', { id: 'sub_envelope', object: 'subscription', status: 'active' }),
    ),
  ) as Record<string, unknown>;
}

describe('Stripe edge cases: a signed delivery that is not a Stripe Event answers 400 and stores nothing', () => {
  it('a signed event without `created` answers 400 naming the field', async () => {
    const before = await storedStripeEvents();
    const event = subscriptionEvent();
    delete event.created;
    const response = await post(JSON.stringify(event));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      kind: 'invalid_input',
      code: 'invalid_payload',
      message: 'Invalid Stripe event: created must be a unix time in seconds.',
    });
    expect(await storedStripeEvents()).toBe(before);
  });

  it('a signed body that is not JSON answers 400 Malformed JSON; the same body unsigned answers 401', async () => {
    const before = await storedStripeEvents();
    const signed = await post('{"id": "evt_1", "type": "invoice.paid", ');
    expect(signed.statusCode).toBe(400);
    expect(signed.json().error).toMatchObject({
      code: 'malformed_json',
      message: 'Malformed JSON body: the Stripe-Signature verifies but the body is not a JSON Stripe event.',
    });
    const unsigned = await post('{"id": "evt_1", "type": "invoice.paid", ', null);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe('bad_signature');
    const forged = await post('{"id": "evt_1", "type": "invoice.paid", ', 'whsec_not_ours');
    expect(forged.statusCode).toBe(401);
    expect(await storedStripeEvents()).toBe(before);
  });

  it('each broken envelope field answers 400 with its own message, whatever the event type', async () => {
    const before = await storedStripeEvents();
    const cases: [string, (event: Record<string, unknown>) => unknown, string][] = [
      ['no id', (e) => delete e.id, 'id must be a non-empty string'],
      ['a numeric id', (e) => (e.id = 42), 'id must be a non-empty string'],
      ['no type', (e) => delete e.type, 'type must be a non-empty string'],
      [
        'created in milliseconds as text',
        (e) => (e.created = '1732406400000'),
        'created must be a unix time in seconds',
      ],
      ['a fractional created', (e) => (e.created = 1732406400.5), 'created must be a unix time in seconds'],
      ['a created no date can hold', (e) => (e.created = 1e20), 'created must be a unix time in seconds'],
      ['no data', (e) => delete e.data, 'data.object must be an object'],
      ['data without object', (e) => (e.data = {}), 'data.object must be an object'],
      ['data.object null', (e) => (e.data = { object: null }), 'data.object must be an object'],
      ['a thin event', (e) => (e.object = 'v2.core.event'), 'object must be "event"'],
      [
        'an unknown type without created',
        (e) => ((e.type = 'radar.early_fraud_warning.created'), delete e.created),
        'created must be a unix time in seconds',
      ],
    ];
    for (const [name, breakIt, problem] of cases) {
      const event = subscriptionEvent();
      breakIt(event);
      const response = await post(JSON.stringify(event));
      expect([name, response.statusCode]).toEqual([name, 400]);
      expect([name, response.json().error.message]).toEqual([name, `Invalid Stripe event: ${problem}.`]);
    }
    for (const body of ['null', '[]', '"evt_1"', '12']) {
      const response = await post(body);
      expect([body, response.statusCode]).toEqual([body, 400]);
      expect([body, response.json().error.message]).toEqual([body, 'Invalid Stripe event: the body is not an object.']);
    }
    expect(await storedStripeEvents()).toBe(before);
  });

  it('a well-formed signed event is still stored and acknowledged', async () => {
    const before = await storedStripeEvents();
    const response = await post(JSON.stringify(subscriptionEvent()));
    expect(response.statusCode).toBe(200);
    expect(await storedStripeEvents()).toBe(before + 1);
  });
});

/**
 * Tap-to-text from the keyword to the confirmed opt-in to the first marketing text, through the
 * inbound-text flow as the Infobip inbound webhook runs it; the consent record it leaves; an
 * unsubscribed number's keyword; the sms: link; the source of a contact a keyword made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { inboundText } from '../../src/flows/index.ts';
import type { WebhookEvent } from '../../src/webhooks/index.ts';
import {
  createSegment,
  createTapToTextFlow,
  INVALID_KEYWORD,
  KEYWORD_TAKEN,
  previewSegment,
  tapLink,
} from '../../src/workflows/index.ts';
import { connectInfobip, createBrand, createContact, createIntegration, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;
const BRAND_NUMBER = usPhone('628');
const AT = new Date('2026-06-15T18:00:00Z');
let eventId = 0;

beforeAll(async () => {
  ctx = await t.context();
  const brand = await createBrand(t.db, { name: 'Acme Outdoors' });
  brandId = brand.id;
  await createIntegration(t.db, brandId);
  await connectInfobip(t.db, brandId, BRAND_NUMBER);
});

/** A shopper's text, as the inbound webhook job hands it to the flow. */
async function text(from: string, body: string, minutes = 0): Promise<void> {
  eventId += 1;
  const event = {
    id: eventId,
    source: 'infobip',
    topic: 'inbound',
    payload: {
      messageId: `mo-${eventId}-${Math.random()}`,
      from: from.slice(1),
      to: BRAND_NUMBER.slice(1),
      text: body,
      receivedAt: new Date(AT.getTime() + minutes * 60_000).toISOString(),
    },
  } as unknown as WebhookEvent;
  await inboundText(ctx, event);
}

const outgoing = (phone: string) =>
  t
    .db('conversation_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .join('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
    .where({ 'ch.username': phone, 'm.direction': 'outgoing', 'ch.brand_id': brandId })
    .orderBy('m.id')
    .select('m.body', 'm.status', 'm.is_marketing', 'c.workflow_id');

describe('tap-to-text', () => {
  let flowId: number;

  it('checks the keyword: reserved words and a keyword in use are refused', async () => {
    const flow = await createTapToTextFlow(ctx, {
      brandId,
      keyword: 'summer',
      message: 'Welcome to {brand_name}! Here is 10% off your first order: {cart_link}',
      linkUrl: 'https://acme.example.com/summer',
    });
    flowId = flow.id;
    expect(flow).toMatchObject({ keyword: 'SUMMER', name: 'Tap to Text', state: 'active' });
    for (const keyword of ['STOP', 'help', 'y', 'a', 'two words', "x'--"])
      await expect(createTapToTextFlow(ctx, { brandId, keyword, message: 'Hi' })).rejects.toThrow(INVALID_KEYWORD);
    await expect(createTapToTextFlow(ctx, { brandId, keyword: 'Summer', message: 'Hi' })).rejects.toThrow(
      KEYWORD_TAKEN,
    );
    expect(await t.db('workflows').where({ brand_id: brandId, type: 'tap_to_text' }).count('* as n')).toEqual([
      { n: '1' },
    ]);
  });

  it('prints the sms: link with the keyword', async () => {
    expect(await tapLink(ctx, { id: flowId })).toEqual({
      keyword: 'SUMMER',
      number: BRAND_NUMBER,
      link: `sms:${BRAND_NUMBER}?&body=SUMMER`,
    });
  });

  it('greets a new number, waits for Y, then records the consent and sends the first marketing text', async () => {
    const phone = usPhone('415');
    await text(phone, 'Summer ');
    const contact = await t
      .db('contacts as c')
      .join('contact_channels as ch', 'ch.contact_id', 'c.id')
      .where({ 'ch.username': phone, 'c.brand_id': brandId })
      .first('c.id', 'c.source', 'c.extra_data', 'ch.id as channel_id', 'ch.consent_source');
    expect(['A', 'B', 'C', 'D']).toContain(contact.extra_data.group_name);
    // Made by a keyword: the default contact source (the keyword is its consent's source, below).
    expect(contact.source).toBe('ecommerce');
    let sent = await outgoing(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 'sent', is_marketing: false });
    expect(sent[0]!.body).toContain('Reply Y');

    // Before the Y no campaign may text the number.
    const segment = await createSegment(ctx, {
      brandId,
      name: 'Everyone',
      filter: { condition: 'AND', rules: [{ field: 'contact_group', op: 'in', values: ['A', 'B', 'C', 'D'] }] },
    });
    const before = await previewSegment(ctx, { brandId, id: segment.id, now: AT });
    expect(before.excluded.unconfirmed).toBe(1);

    await text(phone, 'y', 2);
    sent = await outgoing(phone);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ status: 'sent', is_marketing: true, workflow_id: String(flowId) });
    expect(sent[1]!.body).toMatch(/^Welcome to Acme Outdoors! Here is 10% off your first order: http\S+\/r\/\w{8}/);
    expect(sent[1]!.body).toContain('Reply STOP to opt out.');

    const consent = await t
      .db('channel_consent_events')
      .where({ contact_channel_id: contact.channel_id, source: 'keyword' })
      .first('status', 'extra_data', 'recorded_at');
    expect(consent).toMatchObject({ status: 'subscribed', extra_data: { keyword: 'SUMMER', workflow_id: flowId } });
    expect(new Date(consent.recorded_at)).toEqual(new Date(AT.getTime() + 2 * 60_000));
    const channel = await t.db('contact_channels').where({ id: contact.channel_id }).first();
    expect(channel.consent_source).toBe('keyword');
    expect(channel.extra_data.tap_to_text_pending).toBeUndefined();
    expect((await previewSegment(ctx, { brandId, id: segment.id, now: AT })).excluded.unconfirmed).toBe(0);

    // A second Y is an ordinary reply: nothing more is sent.
    await text(phone, 'Y', 3);
    expect(await outgoing(phone)).toHaveLength(2);
  });

  it('a new number whose first text is not a keyword is an inbound contact', async () => {
    const phone = usPhone('415');
    await text(phone, 'Hi, is the store open on Sunday?');
    const contact = await t
      .db('contacts as c')
      .join('contact_channels as ch', 'ch.contact_id', 'c.id')
      .where({ 'ch.username': phone, 'c.brand_id': brandId })
      .first('c.source');
    expect(contact.source).toBe('inbound');
    expect(await outgoing(phone)).toHaveLength(0);
  });

  it('does nothing for the keyword of an unsubscribed number; START re-subscribes it', async () => {
    const phone = usPhone('415');
    await createContact(t.db, brandId, { phone, channel: { status: 'unsubscribed' } });
    await text(phone, 'SUMMER');
    expect(await outgoing(phone)).toHaveLength(0);
    await text(phone, 'Y', 1);
    expect(await outgoing(phone)).toHaveLength(0);
    expect((await t.db('contact_channels').where({ brand_id: brandId, username: phone }).first()).status).toBe(
      'unsubscribed',
    );
    await text(phone, 'START', 2);
    expect((await t.db('contact_channels').where({ brand_id: brandId, username: phone }).first()).status).toBe(
      'subscribed',
    );
  });
});

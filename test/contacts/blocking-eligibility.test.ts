/**
 * A contact channel's blocking and opt-out: an agent block, STOP and START, each recorded as a
 * consent event, queued texts of the channel skipped; outreach eligibility from the conversations
 * that sent without a reply; listing and searching a brand's contacts.
 */
import { describe, expect, it } from 'vitest';
import { getContact, listContacts, outreachEligibility, resubscribeChannel } from '../../src/contacts/index.ts';
import { blockContactChannel, unsubscribeChannel } from '../../src/conversations/index.ts';
import { createBrand, createContact, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();

const consentRows = (channelId: number) =>
  t.db('channel_consent_events').where({ contact_channel_id: channelId }).orderBy('id');

describe('blocking and outreach eligibility', () => {
  async function conversation(
    brandId: number,
    channel: Record<string, unknown> & { id: number },
    messages: Array<{ direction: 'incoming' | 'outgoing'; status: string; sent?: boolean }>,
  ): Promise<number[]> {
    const [conv] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: channel.contact_id, contact_channel_id: channel.id })
      .returning('id');
    const rows = await t
      .db('conversation_messages')
      .insert(
        messages.map((m) => ({
          brand_id: brandId,
          conversation_id: conv.id,
          body: 'Hi',
          direction: m.direction,
          status: m.status,
          sent_at: m.sent ? new Date() : null,
        })),
      )
      .returning('id');
    return rows.map((r: { id: string }) => Number(r.id));
  }

  it('block: channel unsubscribed and flagged, queued messages of that channel skipped, others untouched', async () => {
    const brand = await createBrand(t.db);
    const { channel } = await createContact(t.db, brand.id);
    const { channel: otherChannel } = await createContact(t.db, brand.id);
    const [autoQueued, queued, sent] = await conversation(brand.id, channel, [
      { direction: 'outgoing', status: 'auto_queued' },
      { direction: 'outgoing', status: 'queued' },
      { direction: 'outgoing', status: 'sent', sent: true },
    ]);
    const [otherQueued] = await conversation(brand.id, otherChannel, [
      { direction: 'outgoing', status: 'auto_queued' },
    ]);

    const result = await blockContactChannel(t.db, { brandId: brand.id, channelId: channel.id });
    expect(result).toMatchObject({ channelId: channel.id, changed: true, skippedMessages: 2 });
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toMatchObject({
      status: 'unsubscribed',
      extra_data: { blocked: true },
      consent_source: 'agent_block',
    });
    const statuses = Object.fromEntries(
      (await t.db('conversation_messages').whereIn('id', [autoQueued, queued, sent, otherQueued])).map((m) => [
        Number(m.id),
        [m.status, m.extra_data.skip_reason ?? null],
      ]),
    );
    expect(statuses).toEqual({
      [autoQueued!]: ['agent_skipped', 'unsubscribed'],
      [queued!]: ['agent_skipped', 'unsubscribed'],
      [sent!]: ['sent', null],
      [otherQueued!]: ['auto_queued', null],
    });
    expect((await consentRows(channel.id)).map((r) => [r.status, r.source])).toEqual([['blocked', 'agent_block']]);

    // Blocking again records nothing new; STOP on the blocked channel changes nothing either.
    expect(await blockContactChannel(t.db, { brandId: brand.id, channelId: channel.id })).toMatchObject({
      changed: false,
      skippedMessages: 0,
    });
    expect(
      await unsubscribeChannel(t.db, { brandId: brand.id, channelId: channel.id, source: 'sms:STOP' }),
    ).toMatchObject({ changed: false });
    expect(await consentRows(channel.id)).toHaveLength(1);
    // Another brand cannot block it.
    const stranger = await createBrand(t.db);
    await expect(blockContactChannel(t.db, { brandId: stranger.id, channelId: otherChannel.id })).rejects.toThrow(
      'Contact channel not found',
    );
  });

  it('STOP then START: unsubscribed and re-subscribed, each recorded; an agent block is not undone by START', async () => {
    const brand = await createBrand(t.db);
    const { channel } = await createContact(t.db, brand.id, { channel: { compliance_type: 'na' } });
    const [queuedId] = await conversation(brand.id, channel, [{ direction: 'outgoing', status: 'queued' }]);
    expect(
      await unsubscribeChannel(t.db, { brandId: brand.id, channelId: channel.id, source: 'sms:STOP' }),
    ).toMatchObject({ changed: true, skippedMessages: 1 });
    expect(await t.db('conversation_messages').where({ id: queuedId }).first()).toMatchObject({
      status: 'agent_skipped',
      extra_data: { skip_reason: 'unsubscribed' },
    });
    expect(
      await resubscribeChannel(t.db, { brandId: brand.id, channelId: channel.id, source: 'sms:START' }),
    ).toMatchObject({ changed: true });
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toMatchObject({
      status: 'subscribed',
      compliance_type: 'p2p',
      consent_source: 'sms:START',
    });
    expect((await consentRows(channel.id)).map((r) => [r.status, r.source])).toEqual([
      ['unsubscribed', 'sms:STOP'],
      ['subscribed', 'sms:START'],
    ]);

    await blockContactChannel(t.db, { brandId: brand.id, channelId: channel.id });
    expect(
      await resubscribeChannel(t.db, { brandId: brand.id, channelId: channel.id, source: 'sms:START' }),
    ).toMatchObject({ changed: false, blocked: true });
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toMatchObject({
      status: 'unsubscribed',
      extra_data: { blocked: true },
    });
  });

  it('eligible while fewer than 3 conversations had sent outgoing messages and no reply, or once the shopper replied', async () => {
    const brand = await createBrand(t.db);
    const { channel } = await createContact(t.db, brand.id);
    await conversation(brand.id, channel, [{ direction: 'outgoing', status: 'delivered', sent: true }]);
    await conversation(brand.id, channel, [{ direction: 'outgoing', status: 'sent', sent: true }]);
    await conversation(brand.id, channel, [{ direction: 'outgoing', status: 'auto_queued' }]); // nothing sent: does not count
    expect(await outreachEligibility(t.db, { channelId: channel.id })).toEqual({
      channelId: channel.id,
      eligible: true,
      replied: false,
      conversationsWithSentOutgoing: 2,
    });

    await conversation(brand.id, channel, [{ direction: 'outgoing', status: 'delivered', sent: true }]);
    expect(await outreachEligibility(t.db, { channelId: channel.id })).toEqual({
      channelId: channel.id,
      eligible: false,
      replied: false,
      conversationsWithSentOutgoing: 3,
    });

    await conversation(brand.id, channel, [
      { direction: 'outgoing', status: 'delivered', sent: true },
      { direction: 'incoming', status: 'received' },
    ]);
    expect(await outreachEligibility(t.db, { channelId: channel.id })).toEqual({
      channelId: channel.id,
      eligible: true,
      replied: true,
      conversationsWithSentOutgoing: 3,
    });

    const shown = await getContact(t.db, { brandId: brand.id, contactId: Number(channel.contact_id) });
    expect(shown.channels[0]).toMatchObject({
      id: channel.id,
      status: 'subscribed',
      compliance_type: 'p2p',
      consent_source: 'test',
      eligibility: { eligible: true, replied: true, conversations_with_sent_outgoing: 3 },
    });
  });

  it('lists and searches a brand’s contacts only', async () => {
    const brand = await createBrand(t.db);
    const phone = usPhone('718');
    const { contact } = await createContact(t.db, brand.id, { phone, given_name: 'Rosa', family_name: 'Diaz' });
    await createContact(t.db, brand.id, { given_name: 'Omar', family_name: 'Little' });
    await createContact(t.db, (await createBrand(t.db)).id, { given_name: 'Rosa', family_name: 'Elsewhere' });

    expect((await listContacts(t.db, { brandId: brand.id })).total).toBe(2);
    for (const q of [phone.slice(2, 9), 'Rosa Diaz', 'diaz']) {
      const page = await listContacts(t.db, { brandId: brand.id, q });
      expect(page.contacts.map((c) => c.id)).toEqual([contact.id]);
    }
    await expect(getContact(t.db, { brandId: brand.id + 1_000_000, contactId: contact.id })).rejects.toThrow(
      'Contact not found',
    );
  });
});

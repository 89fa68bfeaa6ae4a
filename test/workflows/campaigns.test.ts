/**
 * Campaigns end to end with a fixed clock: a 50-contact segment across time zones and states sent
 * through the send job (outbox) over a day; cancel mid-send; the past-schedule warning; a test send;
 * the freeze's exclusions and the double opt-in at the send.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localTime, type AppContext } from '../../src/app/index.ts';
import { setTapToTextPending } from '../../src/contacts/index.ts';
import { areaCodeInfo, sendDueMessages } from '../../src/messaging/index.ts';
import {
  cancelCampaign,
  createCampaign,
  createSegment,
  getCampaign,
  PAST_SCHEDULE_WARNING,
  sendRunTexts,
  startDueRuns,
  testCampaign,
} from '../../src/workflows/index.ts';
import { createBrand, createContact, createIntegration, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
const HOUR = 3_600_000;
const ALL = { condition: 'AND', rules: [{ field: 'contact_group', op: 'in', values: ['A', 'B', 'C', 'D'] }] };
const MESSAGE = 'Hi {first_name}, our summer sale starts now at {brand_name}: {cart_link}';

beforeAll(async () => {
  ctx = await t.context();
});

async function brandWithSegment(timezone: string): Promise<{ brandId: number; segmentId: number }> {
  const brand = await createBrand(t.db, { timezone });
  await createIntegration(t.db, brand.id);
  const segment = await createSegment(ctx, { brandId: brand.id, name: 'Everyone', filter: ALL });
  return { brandId: brand.id, segmentId: segment.id };
}

interface CampaignText {
  contact_id: string;
  username: string;
  status: string;
  sent_at: Date | null;
  body: string;
  skip_reason: string | null;
}
const textsOf = (workflowId: number): Promise<CampaignText[]> =>
  t
    .db('conversation_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .join('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
    .where({ 'c.workflow_id': workflowId, 'm.direction': 'outgoing' })
    .select(
      'c.contact_id',
      'ch.username',
      'm.status',
      'm.sent_at',
      'm.body',
      t.db.raw(`m.extra_data->>'skip_reason' as skip_reason`),
    );

describe('a campaign to 50 contacts through a day', () => {
  const created = new Date('2026-06-15T10:00:00Z');
  const capped: string[] = [];
  const never: string[] = [];
  let brandId: number;
  let campaignId: number;

  beforeAll(async () => {
    const seeded = await brandWithSegment('America/New_York');
    brandId = seeded.brandId;
    const groups: [string, number][] = [
      ['415', 8],
      ['212', 8],
      ['305', 6],
      ['312', 6],
      ['303', 6],
      ['480', 4],
      ['214', 4],
      ['808', 4],
    ];
    let k = 0;
    for (const [area, n] of groups)
      for (let i = 0; i < n; i += 1) {
        const phone = usPhone(area);
        const { channel } = await createContact(t.db, brandId, { phone, extra_data: { group_name: 'ABCD'[k++ % 4] } });
        if (area === '214') never.push(phone);
        if (area === '305' && i < 3) {
          capped.push(phone);
          for (const h of [18, 17, 16]) {
            const at = new Date(created.getTime() - h * HOUR);
            const [conv] = await t
              .db('conversations')
              .insert({ brand_id: brandId, contact_id: channel.contact_id, contact_channel_id: channel.id })
              .returning<{ id: string }[]>('id');
            await t.db('conversation_messages').insert({
              brand_id: brandId,
              conversation_id: conv!.id,
              body: 'Earlier offer. Reply STOP to opt out.',
              direction: 'outgoing',
              status: 'sent',
              is_marketing: true,
              sent_at: at,
              scheduled_for: at,
            });
          }
        }
      }
    for (let i = 0; i < 3; i += 1) {
      const phone = usPhone('415');
      await createContact(t.db, brandId, { phone, channel: { status: 'unsubscribed' } });
      never.push(phone);
    }
    await createContact(t.db, brandId, { phone: '+447700900123' });
    never.push('+447700900123');
    expect(
      Number((await t.db('contacts').where({ brand_id: brandId }).count<{ count: string }[]>('* as count'))[0]!.count),
    ).toBe(50);

    const campaign = await createCampaign(ctx, {
      brandId,
      segmentId: seeded.segmentId,
      message: MESSAGE,
      at: '2026-06-15 07:30',
      linkUrl: 'https://shop.example.com/sale',
      smartSending: false,
      now: created,
    });
    campaignId = campaign.id;
    expect(campaign.progress).toMatchObject({
      state: 'scheduled',
      scheduledFor: '2026-06-15T11:30:00.000Z',
      targeted: 0,
    });
  });

  it('texts each reachable contact once, inside its window, within the caps, and counts it', async () => {
    let midday: Awaited<ReturnType<typeof getCampaign>> | undefined;
    for (
      let now = new Date('2026-06-15T11:00:00Z');
      now <= new Date('2026-06-16T08:00:00Z');
      now = new Date(now.getTime() + 10 * 60_000)
    ) {
      await startDueRuns(ctx, { now });
      await sendRunTexts(ctx, { now });
      await sendDueMessages(ctx, { now, sleep: async () => {} });
      if (now.toISOString() === '2026-06-15T13:10:00.000Z') midday = await getCampaign(ctx, { id: campaignId, now });
    }
    // Mid-morning: the East is sent, the West held for its window; everything adds up.
    expect(midday!.progress.sent).toBeGreaterThan(0);
    expect(midday!.progress.held).toBeGreaterThan(0);
    expect(midday!.progress.sent + midday!.progress.held + midday!.progress.pending).toBe(42);

    const texts = await textsOf(campaignId);
    const perContact = new Map<string, number>();
    for (const text of texts) perContact.set(text.contact_id, (perContact.get(text.contact_id) ?? 0) + 1);
    expect(Math.max(...perContact.values())).toBe(1);
    expect(texts.filter((m) => m.status === 'sent')).toHaveLength(42);
    for (const text of texts) {
      expect(never).not.toContain(text.username);
      expect(text.body).toContain('Reply STOP to opt out.');
      const info = areaCodeInfo(text.username)!;
      const local = localTime(new Date(text.sent_at!), info.timeZone);
      const minute = local.hour * 60 + local.minute;
      expect(minute).toBeGreaterThanOrEqual(8 * 60);
      expect(minute).toBeLessThan((info.region === 'FL' ? 20 : 21) * 60);
      if (capped.includes(text.username))
        expect(new Date(text.sent_at!).getTime()).toBeGreaterThanOrEqual(new Date('2026-06-15T16:00:00Z').getTime());
    }
    const done = await getCampaign(ctx, { id: campaignId, now: new Date('2026-06-16T08:00:00Z') });
    expect(done.progress).toMatchObject({
      state: 'sent',
      targeted: 50,
      queued: 42,
      sent: 42,
      held: 0,
      pending: 0,
      failed: 0,
      skipped: { texas: 4, unsubscribed: 3, no_us_number: 1 },
    });
  });
});

describe('cancel, the past-schedule warning and a test send', () => {
  const now = new Date('2026-06-15T18:00:00Z');
  let brandId: number;
  let segmentId: number;
  const phones: string[] = [];

  beforeAll(async () => {
    ({ brandId, segmentId } = await brandWithSegment('America/Los_Angeles'));
    for (let i = 0; i < 20; i += 1) {
      const phone = usPhone('310');
      phones.push(phone);
      await createContact(t.db, brandId, { phone, extra_data: { group_name: 'B' } });
    }
  });

  it('stops a campaign mid-send: nothing more goes out', async () => {
    const campaign = await createCampaign(ctx, { brandId, segmentId, message: MESSAGE, now });
    expect((await startDueRuns(ctx, { now }))[0]).toMatchObject({ targeted: 20, queued: 20 });
    // The audience is frozen, no text written yet: all 20 are due, none sent.
    expect((await getCampaign(ctx, { id: campaign.id, now })).progress).toMatchObject({ pending: 20, sent: 0 });
    expect((await sendRunTexts(ctx, { now, limit: 5, batchSize: 5 })).sent).toBe(5);
    // Five more written at midnight in Los Angeles: held for the window.
    const night = new Date('2026-06-16T07:00:00Z');
    expect(await sendRunTexts(ctx, { now: night, limit: 5, batchSize: 5 })).toMatchObject({ started: 5, deferred: 5 });
    const cancelled = await cancelCampaign(ctx, { id: campaign.id, now });
    expect(cancelled.skippedMessages).toBe(15);
    for (let k = 1; k <= 3; k += 1) {
      const later = new Date(now.getTime() + k * 6 * HOUR);
      await sendRunTexts(ctx, { now: later });
      await sendDueMessages(ctx, { now: later });
    }
    const texts = await textsOf(campaign.id);
    expect(texts).toHaveLength(10);
    expect(texts.filter((m) => m.status === 'sent')).toHaveLength(5);
    expect(texts.filter((m) => m.skip_reason === 'campaign_cancelled')).toHaveLength(5);
    const view = await getCampaign(ctx, { id: campaign.id, now });
    expect(view.progress).toMatchObject({
      state: 'cancelled',
      targeted: 20,
      sent: 5,
      held: 0,
      pending: 0,
      skipped: { campaign_cancelled: 15 },
    });
    await expect(cancelCampaign(ctx, { id: campaign.id, now })).rejects.toThrow('already been sent or cancelled');
  });

  it('asks before scheduling more than 15 minutes in the past, and changes nothing', async () => {
    const before = await t.db('workflows').where({ brand_id: brandId }).count<{ count: string }[]>('* as count');
    // 10:00 in Los Angeles is 17:00Z: an hour before `now`.
    const past = { brandId, segmentId, message: MESSAGE, at: '2026-06-15 10:00', now };
    await expect(createCampaign(ctx, past)).rejects.toThrow(PAST_SCHEDULE_WARNING);
    expect(await t.db('workflows').where({ brand_id: brandId }).count<{ count: string }[]>('* as count')).toEqual(
      before,
    );
    const confirmed = await createCampaign(ctx, { ...past, confirmPast: true });
    expect(confirmed.progress.scheduledFor).toBe('2026-06-15T17:00:00.000Z');
    const recent = await createCampaign(ctx, { ...past, at: '2026-06-15T17:46:00Z' });
    expect(recent.progress.state).toBe('scheduled');
  });

  it('sends a test text to one of the brand numbers through the send rules', async () => {
    const campaign = await createCampaign(ctx, { brandId, segmentId, message: MESSAGE, at: '2026-06-20 09:00', now });
    const sent = await testCampaign(ctx, { id: campaign.id, phone: phones[0]!, now });
    expect(sent).toMatchObject({ status: 'sent', reason: null });
    expect(sent.body).toContain('Reply STOP to opt out.');
    const night = await testCampaign(ctx, {
      id: campaign.id,
      phone: phones[1]!,
      now: new Date('2026-06-16T07:00:00Z'),
    });
    expect(night.status).toBe('auto_queued');
    expect(night.reason).toMatch(/^quiet_hours/);
    await expect(testCampaign(ctx, { id: campaign.id, phone: '+13105550000', now })).rejects.toThrow(
      'Contact channel not found',
    );
    expect((await getCampaign(ctx, { id: campaign.id, now })).progress.targeted).toBe(0);
  });
});

describe('the frozen audience and the double opt-in', () => {
  const now = new Date('2026-06-15T18:00:00Z');

  it('leaves out a shopper awaiting the Y of a keyword, at the freeze and at the send', async () => {
    const { brandId, segmentId } = await brandWithSegment('America/New_York');
    const pending = { workflow_id: 1, keyword: 'SUMMER', at: now.toISOString() };
    const contacts: Awaited<ReturnType<typeof createContact>>[] = [];
    for (let i = 0; i < 5; i += 1) contacts.push(await createContact(t.db, brandId, { phone: usPhone('212') }));
    // Texted a keyword before the send starts: left out of the audience.
    await setTapToTextPending(t.db, { brandId, channelId: contacts[0]!.channel.id, pending });
    // Texted 2 hours ago: left out by smart sending.
    const [conv] = await t
      .db('conversations')
      .insert({ brand_id: brandId, contact_id: contacts[1]!.contact.id, contact_channel_id: contacts[1]!.channel.id })
      .returning<{ id: string }[]>('id');
    const earlier = new Date(now.getTime() - 2 * HOUR);
    await t.db('conversation_messages').insert({
      brand_id: brandId,
      conversation_id: conv!.id,
      body: 'Earlier offer. Reply STOP to opt out.',
      direction: 'outgoing',
      status: 'sent',
      is_marketing: true,
      sent_at: earlier,
      scheduled_for: earlier,
    });
    const campaign = await createCampaign(ctx, { brandId, segmentId, message: MESSAGE, now });
    // (Other campaigns of this file are due too: this one's run is picked out.)
    const run = (await startDueRuns(ctx, { now })).find((r) => r.workflowId === campaign.id)!;
    expect(run).toMatchObject({ targeted: 5, queued: 3, excluded: 2 });
    // Texted a keyword after the audience was frozen, before its text went out: skipped at the send.
    await setTapToTextPending(t.db, { brandId, channelId: contacts[2]!.channel.id, pending });

    const runIds = [run.runId];
    expect(await sendRunTexts(ctx, { now, runIds })).toMatchObject({ started: 3, sent: 2, skipped: 1 });
    const texts = await textsOf(campaign.id);
    expect(texts).toHaveLength(3);
    expect(texts.find((m) => m.username === contacts[2]!.channel.username)).toMatchObject({
      status: 'agent_skipped',
      skip_reason: 'unconfirmed',
    });
    expect((await getCampaign(ctx, { id: campaign.id, now })).progress).toMatchObject({
      state: 'sent',
      targeted: 5,
      queued: 3,
      sent: 2,
      pending: 0,
      skipped: { unconfirmed: 2, recently_texted: 1 },
    });
    // A second pass finds nothing left: no recipient is texted twice.
    expect(await sendRunTexts(ctx, { now, runIds })).toMatchObject({ started: 0, sent: 0 });
  });
});

/**
 * The storefront consent re-check migration on rows planted the way storefront capture wrote them
 * before it stopped granting consent (contact initiation with the consent source
 * 'shopify:pixel:…'): a channel the storefront made subscribed goes back to the status its signed
 * evidence supports (unsubscribed when it has none, its STOP when the pixel overrode one), a channel
 * whose later consent came from the shopper keeps it, and the consent export shows no opt-in
 * without a signed source. Running it again changes nothing; the store's next signed opt-in
 * subscribes a withdrawn channel again.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { exportConsent, initiateContact, optOutChannel, resubscribeChannel } from '../../src/contacts/index.ts';
import { createBrand, createIntegration, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { down, up } from '../../migrations/20261129100000_storefront_consent_recheck.ts';

const t = useTestDatabase();
let ctx: AppContext;
beforeAll(async () => {
  ctx = await t.context();
});

const PIXEL = 'shopify:pixel:checkout_contact_info_submitted';
const RECHECK = 'reclaim:storefront-consent-recheck';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** What the old storefront capture did with a ticked SMS box (or, without `ticked`, unticked boxes). */
async function plantFromPixel(
  brandId: number,
  integrationId: number,
  { phone, email, at, ticked = true }: { phone: string; email?: string; at: Date; ticked?: boolean },
) {
  return initiateContact(
    ctx,
    {
      brandId,
      brandIntegrationId: integrationId,
      channels: [
        {
          username: phone,
          type: 'sms',
          source: 'customer',
          ...(ticked ? { marketingState: 'subscribed', consentedAt: at } : {}),
        },
        ...(email ? [{ username: email, type: 'email' as const, source: 'customer' }] : []),
      ],
      ...(ticked ? { buyerAcceptsSmsMarketing: true } : {}),
      source: 'shopify',
      consentSource: PIXEL,
    },
    { sleep: async () => undefined },
  );
}

const channel = (brandId: number, username: string) =>
  t.db('contact_channels').where({ brand_id: brandId, username }).first();

describe('storefront consent re-check', () => {
  it('moves every planted channel to what its signed evidence supports; the export shows only signed opt-ins', async () => {
    const brand = await createBrand(t.db);
    const integration = await createIntegration(t.db, brand.id);
    const brandId = brand.id;

    // 1. A number planted by an anonymous pixel post: no signed evidence at all.
    const victim = usPhone();
    await plantFromPixel(brandId, integration.id, { phone: victim, at: minutesAgo(50) });
    // 2. Unticked boxes: the phone and e-mail still became subscribed.
    const unticked = usPhone();
    const untickedEmail = `unticked-${randomBytes(3).toString('hex')}@example.com`;
    await plantFromPixel(brandId, integration.id, {
      phone: unticked,
      email: untickedEmail,
      at: minutesAgo(50),
      ticked: false,
    });
    // 3. A shopper who opted in through the store, texted STOP, then a pixel post re-subscribed them.
    const stopped = usPhone();
    const signed = await initiateContact(ctx, {
      brandId,
      brandIntegrationId: integration.id,
      phone: stopped,
      phoneSource: 'customer',
      smsMarketingState: 'subscribed',
      smsConsentedAt: minutesAgo(40),
      consentSource: 'shopify:customers/update',
    });
    const stopAt = minutesAgo(30);
    await optOutChannel(t.db, { brandId, channelId: signed.channels[0]!.id, source: 'sms_keyword:STOP', at: stopAt });
    await plantFromPixel(brandId, integration.id, { phone: stopped, at: minutesAgo(20) });
    // 4. Planted, then the shopper texted STOP and START: their own keyword is the consent now.
    const restarted = usPhone();
    const plantedRestarted = await plantFromPixel(brandId, integration.id, { phone: restarted, at: minutesAgo(15) });
    const restartedId = plantedRestarted.channels[0]!.id;
    await optOutChannel(t.db, { brandId, channelId: restartedId, source: 'sms_keyword:STOP', at: minutesAgo(12) });
    await resubscribeChannel(t.db, {
      brandId,
      channelId: restartedId,
      source: 'sms_keyword:START',
      at: minutesAgo(10),
    });
    // 5. Planted, then the store's signed checkout webhook said the same (subscribed): nothing was recorded then.
    const repeated = usPhone();
    await plantFromPixel(brandId, integration.id, { phone: repeated, at: minutesAgo(15) });
    const signedCheckout = (at: Date) =>
      initiateContact(ctx, {
        brandId,
        brandIntegrationId: integration.id,
        channels: [
          { username: repeated, type: 'sms', source: 'sms_marketing', marketingState: 'subscribed', consentedAt: at },
        ],
        consentSource: 'shopify:checkouts/update',
      });
    await signedCheckout(minutesAgo(10));
    // 6. A channel only a signed source touched.
    const loyal = usPhone();
    await initiateContact(ctx, {
      brandId,
      brandIntegrationId: integration.id,
      phone: loyal,
      phoneSource: 'customer',
      smsMarketingState: 'subscribed',
      consentSource: 'shopify:customers/create',
    });

    // As planted: every one of them textable.
    for (const number of [victim, unticked, stopped, restarted, repeated, loyal])
      expect((await channel(brandId, number)).status).toBe('subscribed');
    expect((await channel(brandId, stopped)).consent_source).toBe(PIXEL);
    const loyalBefore = await channel(brandId, loyal);

    await t.db.transaction((tx) => up(tx));

    const state = async (username: string) => {
      const row = await channel(brandId, username);
      return [row.status, row.compliance_type, row.consent_source, row.extra_data.blocked === true];
    };
    expect(await state(victim)).toEqual(['unsubscribed', 'na', RECHECK, false]);
    expect(await state(unticked)).toEqual(['unsubscribed', 'na', RECHECK, false]);
    expect(await state(untickedEmail)).toEqual(['unsubscribed', 'na', RECHECK, false]);
    expect(await state(stopped)).toEqual(['unsubscribed', 'p2p', 'sms_keyword:STOP', false]);
    expect((await channel(brandId, stopped)).consented_at.toISOString()).toBe(stopAt.toISOString());
    expect(await state(restarted)).toEqual(['subscribed', 'p2p', 'sms_keyword:START', false]);
    // The signed report that only repeated the storefront's state left no evidence: withdrawn too.
    expect(await state(repeated)).toEqual(['unsubscribed', 'na', RECHECK, false]);
    expect(await channel(brandId, loyal)).toEqual(loyalBefore);

    // The ledger: the storefront events are void, the withdrawal recorded for channels without evidence.
    const pixelEvents = await t.db('channel_consent_events').where({ brand_id: brandId, source: PIXEL });
    expect(pixelEvents.length).toBe(6);
    expect(pixelEvents.every((e) => e.extra_data.voided?.by === RECHECK)).toBe(true);
    const withdrawals = await t.db('channel_consent_events').where({ brand_id: brandId, source: RECHECK });
    expect(withdrawals.map((e) => [e.username, e.status, e.extra_data.previous_status]).sort()).toEqual(
      [
        [victim, 'unsubscribed', 'subscribed'],
        [unticked, 'unsubscribed', 'subscribed'],
        [untickedEmail, 'unsubscribed', 'subscribed'],
        [repeated, 'unsubscribed', 'subscribed'],
      ].sort(),
    );

    // The consent export: no opt-in without a signed source; each channel's history as a lawyer reads it.
    const exported = await exportConsent(t.db, { brandId });
    const history = (username: string) =>
      exported.channels.find((c) => c.channel === username)!.history.map((r) => [r.status, r.source]);
    const optIns = exported.channels.flatMap((c) => c.history).filter((r) => r.status === 'subscribed');
    expect(optIns.map((r) => r.source).sort()).toEqual(
      ['shopify:customers/create', 'shopify:customers/update', 'sms_keyword:START'].sort(),
    );
    expect(history(victim)).toEqual([['unsubscribed', RECHECK]]);
    expect(history(stopped)).toEqual([
      ['subscribed', 'shopify:customers/update'],
      ['unsubscribed', 'sms_keyword:STOP'],
    ]);
    expect(history(restarted)).toEqual([
      ['unsubscribed', 'sms_keyword:STOP'],
      ['subscribed', 'sms_keyword:START'],
    ]);

    // Again: nothing more changes.
    const ledger = await t.db('channel_consent_events').where({ brand_id: brandId }).orderBy('id');
    const channels = await t.db('contact_channels').where({ brand_id: brandId }).orderBy('id');
    await t.db.transaction((tx) => up(tx));
    expect(await t.db('channel_consent_events').where({ brand_id: brandId }).orderBy('id')).toEqual(ledger);
    expect(await t.db('contact_channels').where({ brand_id: brandId }).orderBy('id')).toEqual(channels);

    // down: the void marks and the withdrawals go, the channels stay as they are (no one textable again).
    await t.db.transaction((tx) => down(tx));
    expect(await t.db('channel_consent_events').where({ brand_id: brandId, source: RECHECK })).toEqual([]);
    expect(
      (await t.db('channel_consent_events').where({ brand_id: brandId, source: PIXEL })).some(
        (e) => e.extra_data.voided,
      ),
    ).toBe(false);
    expect((await channel(brandId, victim)).status).toBe('unsubscribed');
    await t.db.transaction((tx) => up(tx));

    // The store's next signed report of the opt-in subscribes the withdrawn channel again.
    await signedCheckout(new Date());
    expect(await state(repeated)).toEqual(['subscribed', 'p2p', 'shopify:checkouts/update', false]);
  });
});

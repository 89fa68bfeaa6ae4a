/**
 * A shopper's SMS marketing consent in both forms Shopify publishes it on a customer's phone number
 * (Admin GraphQL CustomerPhoneNumber): the flat fields (marketingState, marketingOptInLevel,
 * marketingUpdatedAt, marketingCollectedFrom), deprecated in 2026-10, and 2026-10's
 * smsMarketingConsent object (state, optInLevel, updatedAt, collectedFrom). A version bump must
 * lose nothing: both give the same webhook-shaped consent and the same recorded channel consent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import {
  backfillShopifyCheckouts,
  createShopifyAdminClient,
  getBrandIntegration,
  getShopifyCustomer,
  sealCredentials,
  shopifyAdminFor,
  SHOPIFY_SCOPES,
} from '../../../src/stores/index.ts';
import { toCheckoutWebhook } from '../../../src/stores/shopify/rules-checkout.ts';
import { createBrand, createIntegration } from '../../factories/index.ts';
import { FakeShopify } from '../../fakes/shopify/index.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../../helpers/db.ts';

type CheckoutNode = Parameters<typeof toCheckoutWebhook>[0];
type CustomerPhoneNumber = NonNullable<NonNullable<CheckoutNode['customer']>['defaultPhoneNumber']>;

const CONSENT_AT = '2026-11-19T08:30:00Z';
const PHONE = '+14155550123';

/** CustomerPhoneNumber as 2026-07 serves it (and 2026-10 still does, deprecated). */
const flatPhone = (state: string) => ({
  phoneNumber: PHONE,
  marketingState: state,
  marketingOptInLevel: 'SINGLE_OPT_IN',
  marketingUpdatedAt: CONSENT_AT,
  marketingCollectedFrom: 'SHOPIFY',
});
/** CustomerPhoneNumber as 2026-10 serves it when smsMarketingConsent is what the query selects. */
const nestedPhone = (state: string) => ({
  phoneNumber: PHONE,
  smsMarketingConsent: {
    state,
    optInLevel: 'SINGLE_OPT_IN',
    updatedAt: CONSENT_AT,
    collectedFrom: 'SHOPIFY',
  },
});

function checkoutNode(n: number, defaultPhoneNumber: CustomerPhoneNumber): CheckoutNode {
  return {
    id: `gid://shopify/AbandonedCheckout/${7700 + n}`,
    name: `#${7700 + n}`,
    abandonedCheckoutUrl: `https://consent.example.com/548380009/checkouts/c0ffee${String(n).padStart(26, '0')}/recover?key=k`,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:05:00Z',
    completedAt: null,
    note: '',
    discountCodes: [],
    taxesIncluded: false,
    customer: {
      id: `gid://shopify/Customer/${8800 + n}`,
      firstName: 'Rosa',
      lastName: 'Diaz',
      tags: [],
      defaultEmailAddress: {
        emailAddress: 'rosa@example.com',
        marketingState: 'NOT_SUBSCRIBED',
        marketingOptInLevel: null,
        marketingUpdatedAt: null,
      },
      defaultPhoneNumber,
    },
    shippingAddress: null,
    billingAddress: null,
    totalPriceSet: { shopMoney: { amount: '42.00', currencyCode: 'USD' } },
  };
}

const lineItems = [
  {
    id: 'gid://shopify/AbandonedCheckoutLineItem/1',
    title: 'Tote',
    variantTitle: null,
    quantity: 1,
    sku: 'TOTE',
    variant: { id: 'gid://shopify/ProductVariant/41' },
    product: { id: 'gid://shopify/Product/51' },
    originalUnitPriceSet: { shopMoney: { amount: '42', currencyCode: 'USD' } },
  },
];

const PHONE_CONSENT_2026_10 = `query CustomerById($id: ID!) {
  customer(id: $id) { id defaultPhoneNumber { phoneNumber smsMarketingConsent { state updatedAt } } }
}`;

describe("Shopify's SMS consent is read in its old and new forms (flat fields and 2026-10 smsMarketingConsent)", () => {
  it.each(['SUBSCRIBED', 'UNSUBSCRIBED', 'NOT_SUBSCRIBED', 'PENDING'])(
    '%s: both forms give the same webhook-shaped consent',
    (state) => {
      const old = toCheckoutWebhook(checkoutNode(1, flatPhone(state)), lineItems);
      const next = toCheckoutWebhook(checkoutNode(1, nestedPhone(state)), lineItems);
      expect(old.customer!.sms_marketing_consent).toEqual({
        state: state.toLowerCase(),
        opt_in_level: 'single_opt_in',
        consent_updated_at: CONSENT_AT,
        consent_collected_from: 'SHOPIFY',
      });
      expect(next.customer!.sms_marketing_consent).toEqual(old.customer!.sms_marketing_consent);
      expect([next.sms_marketing_phone, next.buyer_accepts_sms_marketing]).toEqual([
        old.sms_marketing_phone,
        old.buyer_accepts_sms_marketing,
      ]);
      expect(next.buyer_accepts_sms_marketing).toBe(state === 'SUBSCRIBED');
    },
  );
});

describe('the backfill under API 2026-07 and 2026-10 records the same SMS consent', () => {
  const t = useTestDatabase();
  let fake: FakeShopify;
  const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');

  beforeAll(async () => {
    fake = await FakeShopify.start();
  });
  afterAll(async () => {
    await fake.close();
  });

  /** A brand with its own shop holding the same abandoned checkout, backfilled under `version`. */
  async function backfillUnder(
    version: string,
    n: number,
  ): Promise<{ ctx: AppContext; integrationId: number; token: string }> {
    const shop = `consent-${version}.myshopify.com`;
    fake.addShop(shop);
    fake.shop(shop).abandonedCheckouts.push({ ...checkoutNode(n, flatPhone('SUBSCRIBED')), lineItems });
    fake.shop(shop).customers.push({ ...checkoutNode(n, flatPhone('SUBSCRIBED')).customer, displayName: 'Rosa Diaz' });
    const token = fake.issueToken(shop, [...SHOPIFY_SCOPES]);
    const ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: fake.url, SHOPIFY_API_VERSION: version });
    const brandId = (await createBrand(t.db)).id;
    const integrationId = (
      await createIntegration(t.db, brandId, {
        lookup_id: shop,
        settings: { credentials: sealCredentials({ access_token: token }, key) },
      })
    ).id;
    const summary = await backfillShopifyCheckouts(ctx, { integrationId, since: new Date('2026-11-01T00:00:00Z') });
    expect(summary).toMatchObject({ total: 1, errors: {} });
    return { ctx, integrationId, token };
  }

  const recordedPhone = async (integrationId: number) => {
    const channel = await t
      .db('contact_channels')
      .where({ brand_integration_id: integrationId, username: PHONE })
      .first();
    const events = await t.db('channel_consent_events').where({ contact_channel_id: channel.id }).orderBy('id');
    return {
      status: channel.status,
      compliance_type: channel.compliance_type,
      consented_at: channel.consented_at,
      events: events.map((e) => [e.status, e.extra_data.marketing_state, e.extra_data.compliance_type]),
    };
  };

  it('2026-10 asks for smsMarketingConsent (2026-07 for the flat fields) and records what 2026-07 records', async () => {
    const before = await backfillUnder('2026-07', 2);
    const after = await backfillUnder('2026-10', 3);
    const queries = (shop: string) =>
      fake
        .operations('AbandonedCheckouts')
        .filter((r) => r.shop === shop)
        .map((r) => String(r.body!.query));
    expect(queries('consent-2026-07.myshopify.com').every((q) => !q.includes('smsMarketingConsent'))).toBe(true);
    expect(queries('consent-2026-10.myshopify.com')).toEqual([
      expect.stringContaining(
        'defaultPhoneNumber { phoneNumber smsMarketingConsent { state optInLevel updatedAt collectedFrom } }',
      ),
    ]);
    const old = await recordedPhone(before.integrationId);
    expect(old).toMatchObject({ status: 'subscribed', events: [['subscribed', 'subscribed', expect.any(String)]] });
    expect(await recordedPhone(after.integrationId)).toEqual(old);

    // The customer read follows the same version rule.
    const integration = (await getBrandIntegration(after.ctx.db, after.integrationId))!;
    const customer = await getShopifyCustomer(await shopifyAdminFor(after.ctx, integration), 8803);
    expect(customer!.defaultPhoneNumber).toEqual(nestedPhone('SUBSCRIBED'));
    // Why the form follows the version: before 2026-10 the object is an undefinedField error.
    const older = createShopifyAdminClient({
      config: { SHOPIFY_API_VERSION: '2026-07', SHOPIFY_ADMIN_BASE_URL: fake.url },
      shop: 'consent-2026-07.myshopify.com',
      accessToken: before.token,
    });
    await expect(older.request(PHONE_CONSENT_2026_10, { id: 'gid://shopify/Customer/8802' })).rejects.toThrow(
      "Field 'smsMarketingConsent' doesn't exist on type 'CustomerPhoneNumber'",
    );
  });
});

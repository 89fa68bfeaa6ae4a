/** Abandoned checkouts read through the Admin API, turned into the checkouts/update webhook payload. */
import { describe, expect, it } from 'vitest';
import { checkoutTokenFromUrl, toCheckoutWebhook } from '../../../src/stores/shopify/rules-checkout.ts';

describe('abandoned checkout -> checkouts/update payload', () => {
  it.each([
    [
      'https://acme.myshopify.com/548380009/checkouts/2a1ace52255252df566af0faaedfbfa7/recover?key=48b4f3e8',
      '2a1ace52255252df566af0faaedfbfa7',
    ],
    ['https://www.acme.example.com/checkouts/ac/hWN4abcdEFGH1234/recover?key=ab&locale=en-US', 'hWN4abcdEFGH1234'],
    ['https://acme.myshopify.com/cart', undefined],
  ])('token of %s is %s', (url, token) => expect(checkoutTokenFromUrl(url)).toBe(token));

  it('maps GraphQL fields to the REST webhook shape', () => {
    const payload = toCheckoutWebhook(
      {
        id: 'gid://shopify/AbandonedCheckout/450789469',
        name: '#450789469',
        abandonedCheckoutUrl:
          'https://acme.myshopify.com/548380009/checkouts/2a1ace52255252df566af0faaedfbfa7/recover?key=x',
        createdAt: '2026-11-20T10:00:00Z',
        updatedAt: '2026-11-20T10:05:00Z',
        completedAt: null,
        note: '',
        discountCodes: ['WELCOME'],
        taxesIncluded: false,
        customer: {
          id: 'gid://shopify/Customer/207119551',
          firstName: 'Bob',
          lastName: 'Norman',
          tags: ['vip', 'newsletter'],
          defaultEmailAddress: {
            emailAddress: 'bob@example.com',
            marketingState: 'NOT_SUBSCRIBED',
            marketingOptInLevel: null,
            marketingUpdatedAt: null,
          },
          defaultPhoneNumber: {
            phoneNumber: '+14155550123',
            marketingState: 'SUBSCRIBED',
            marketingOptInLevel: 'SINGLE_OPT_IN',
            marketingUpdatedAt: '2026-11-19T00:00:00Z',
            marketingCollectedFrom: 'SHOPIFY',
          },
        },
        shippingAddress: {
          firstName: 'Bob',
          lastName: 'Norman',
          name: 'Bob Norman',
          address1: '1 Main St',
          address2: null,
          city: 'Ottawa',
          province: 'Ontario',
          provinceCode: 'ON',
          country: 'Canada',
          countryCodeV2: 'CA',
          zip: 'K2P 1L4',
          phone: '+14155550999',
          company: null,
        },
        billingAddress: null,
        totalPriceSet: { shopMoney: { amount: '398.0', currencyCode: 'USD' } },
      },
      [
        {
          id: 'gid://shopify/AbandonedCheckoutLineItem/1',
          title: 'IPod Nano',
          variantTitle: 'Pink',
          quantity: 2,
          sku: 'IPOD-P',
          variant: { id: 'gid://shopify/ProductVariant/39072856' },
          product: { id: 'gid://shopify/Product/632910392' },
          originalUnitPriceSet: { shopMoney: { amount: '199', currencyCode: 'USD' } },
        },
      ],
    );
    expect(payload).toMatchObject({
      id: 450789469,
      token: '2a1ace52255252df566af0faaedfbfa7',
      email: 'bob@example.com',
      phone: '+14155550123',
      sms_marketing_phone: '+14155550123',
      buyer_accepts_sms_marketing: true,
      buyer_accepts_marketing: false,
      completed_at: null,
      total_price: '398.00',
      subtotal_price: '398.00',
      currency: 'USD',
      discount_codes: [{ code: 'WELCOME', amount: '0.00', type: '' }],
      line_items: [
        {
          variant_id: 39072856,
          product_id: 632910392,
          title: 'IPod Nano',
          variant_title: 'Pink',
          quantity: 2,
          price: '199.00',
          line_price: '398.00',
          sku: 'IPOD-P',
        },
      ],
      shipping_address: { phone: '+14155550999', country_code: 'CA', province_code: 'ON' },
      billing_address: null,
      customer: {
        id: 207119551,
        email: 'bob@example.com',
        first_name: 'Bob',
        tags: 'vip, newsletter',
        sms_marketing_consent: {
          state: 'subscribed',
          opt_in_level: 'single_opt_in',
          consent_collected_from: 'SHOPIFY',
        },
        email_marketing_consent: { state: 'not_subscribed' },
      },
    });
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  abandonedCheckoutsQuery,
  authorizeUrl,
  decodeHostParam,
  missingScopes,
  permissionsHealth,
  planSubscriptions,
  recoveryCartLink,
  sanitizeShop,
  SHOPIFY_SCOPES,
  SHOPIFY_SUBSCRIPTION_TOPICS,
  stateMatches,
  timestampFresh,
  verifyQueryHmac,
} from '../../../src/stores/shopify/rules.ts';
import { retryAfterMs } from '../../../src/http/index.ts';
import { throttleWaitMs } from '../../../src/stores/index.ts';

describe('sanitizeShop: only a valid *.myshopify.com host (spec 3 section 5)', () => {
  it.each([
    ['acme-store.myshopify.com', 'acme-store.myshopify.com'],
    ['ACME-Store.MyShopify.com', 'acme-store.myshopify.com'],
    ['https://acme-store.myshopify.com/admin/apps', 'acme-store.myshopify.com'],
    ['  http://acme.myshopify.com  ', 'acme.myshopify.com'],
    ['acme.myshopify.com.', 'acme.myshopify.com'],
    ['admin.shopify.com/store/acme-store', 'acme-store.myshopify.com'],
    ['https://admin.shopify.com/store/acme-store/apps/reclaim', 'acme-store.myshopify.com'],
    ['9lives.myshopify.com', '9lives.myshopify.com'],
  ])('%j -> %s', (input, shop) => expect(sanitizeShop(input)).toBe(shop));

  it.each([
    [''],
    ['acme-store'],
    ['acme.com'],
    ['-acme.myshopify.com'],
    ['acme_store.myshopify.com'],
    ['acme.myshopify.com.evil.com'],
    ['evil.com/acme.myshopify.com'],
    ['evil.com@acme.myshopify.com'],
    ['acme .myshopify.com'],
    ['sub.acme.myshopify.com'],
    [undefined],
    [42],
  ])('%j is refused', (input) => expect(sanitizeShop(input)).toBeUndefined());
});

describe('verifyQueryHmac: Shopify signed query (hex HMAC-SHA256 of sorted params without hmac)', () => {
  // The examples from Shopify's OAuth documentation (secret "hush").
  it.each([
    [
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
      true,
    ],
    [
      'shop=some-shop.myshopify.com&timestamp=1337178173&hmac=4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20&code=0907a61c0c8d55e99db179b68161bc00',
      true,
    ],
    [
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20&shop=some-shop.myshopify.com&timestamp=1337178173&signature=legacy',
      true,
    ],
    [
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=4712BF92FFC2917D15A2F5A273E39F0116667419AA4B6AC0B3BAAF26FA3C4D20&shop=some-shop.myshopify.com&timestamp=1337178173',
      true,
    ],
    [
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20&shop=other-shop.myshopify.com&timestamp=1337178173',
      false,
    ],
    [
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20&shop=some-shop.myshopify.com&timestamp=1337178173&bid=7',
      false,
    ],
    ['code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&timestamp=1337178173', false],
    ['code=0907a61c0c8d55e99db179b68161bc00&hmac=zz&shop=some-shop.myshopify.com&timestamp=1337178173', false],
  ])('%s -> %s', (query, valid) => expect(verifyQueryHmac(new URLSearchParams(query), 'hush')).toBe(valid));

  it('a wrong or missing secret never validates', () => {
    const query = new URLSearchParams(
      'code=0907a61c0c8d55e99db179b68161bc00&hmac=4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20&shop=some-shop.myshopify.com&timestamp=1337178173',
    );
    expect(verifyQueryHmac(query, 'other')).toBe(false);
    expect(verifyQueryHmac(query, undefined)).toBe(false);
  });

  const hex = (message: string, secret = 'hush'): string => createHmac('sha256', secret).update(message).digest('hex');
  const withHmac = (query: string, message: string): URLSearchParams =>
    new URLSearchParams(`${query}&hmac=${hex(message)}`);

  it('a value with a space: Shopify signs the decoded value, @shopify/shopify-api encodes it as %20; both validate, + does not', () => {
    const query = 'custom=hello%20world&shop=myshop.myshopify.com&timestamp=1337178173';
    expect(
      verifyQueryHmac(withHmac(query, 'custom=hello world&shop=myshop.myshopify.com&timestamp=1337178173'), 'hush'),
    ).toBe(true);
    expect(
      verifyQueryHmac(withHmac(query, 'custom=hello%20world&shop=myshop.myshopify.com&timestamp=1337178173'), 'hush'),
    ).toBe(true);
    expect(
      verifyQueryHmac(withHmac(query, 'custom=hello+world&shop=myshop.myshopify.com&timestamp=1337178173'), 'hush'),
    ).toBe(false);
  });

  it('reserved characters: % and & are escaped in values (and = in keys) in the documented form', () => {
    const query = `shop=myshop.myshopify.com&state=${encodeURIComponent('a=b&c%d')}&timestamp=1337178173`;
    expect(
      verifyQueryHmac(withHmac(query, 'shop=myshop.myshopify.com&state=a=b%26c%25d&timestamp=1337178173'), 'hush'),
    ).toBe(true);
    expect(
      verifyQueryHmac(withHmac(query, 'shop=myshop.myshopify.com&state=a%3Db%26c%25d&timestamp=1337178173'), 'hush'),
    ).toBe(true);
    expect(
      verifyQueryHmac(withHmac(query, 'shop=myshop.myshopify.com&state=a=b&c%d&timestamp=1337178173'), 'hush'),
    ).toBe(false);
  });

  it('bulk actions: ids[]=2&ids[]=1 is signed as ids=["2", "1"] (or ids[]=2,1 by the official client)', () => {
    const query = 'ids%5B%5D=2&ids%5B%5D=1&shop=myshop.myshopify.com&timestamp=1337178173';
    expect(
      verifyQueryHmac(withHmac(query, 'ids=["2", "1"]&shop=myshop.myshopify.com&timestamp=1337178173'), 'hush'),
    ).toBe(true);
    expect(
      verifyQueryHmac(withHmac(query, 'ids%5B%5D=2%2C1&shop=myshop.myshopify.com&timestamp=1337178173'), 'hush'),
    ).toBe(true);
    expect(
      verifyQueryHmac(withHmac(query, 'ids=["1", "2"]&shop=myshop.myshopify.com&timestamp=1337178173'), 'hush'),
    ).toBe(false);
  });

  it('two hmac parameters are refused', () => {
    const message = 'shop=myshop.myshopify.com&timestamp=1337178173';
    expect(
      verifyQueryHmac(
        new URLSearchParams(`shop=myshop.myshopify.com&timestamp=1337178173&hmac=${hex(message)}&hmac=${hex(message)}`),
        'hush',
      ),
    ).toBe(false);
  });

  it('the signed timestamp must be within 90 s of now (as @shopify/shopify-api)', () => {
    const now = 1_800_000_000_000;
    expect(timestampFresh('1800000000', now)).toBe(true);
    expect(timestampFresh('1799999910', now)).toBe(true);
    expect(timestampFresh('1799999909', now)).toBe(false);
    expect(timestampFresh('1800000091', now)).toBe(false);
    for (const bad of ['', '1.5', 'abc', null, undefined]) expect(timestampFresh(bad, now)).toBe(false);
  });

  it('the host parameter is base64 of a Shopify admin address', () => {
    expect(decodeHostParam(Buffer.from('admin.shopify.com/store/acme').toString('base64').replace(/=+$/, ''))).toBe(
      'admin.shopify.com/store/acme',
    );
    expect(decodeHostParam(Buffer.from('acme.myshopify.com/admin').toString('base64'))).toBe(
      'acme.myshopify.com/admin',
    );
    expect(decodeHostParam(Buffer.from('evil.example.com/admin').toString('base64'))).toBeUndefined();
    expect(decodeHostParam('not base64!')).toBeUndefined();
  });

  it('state nonces compare exactly', () => {
    expect(stateMatches('abc', 'abc')).toBe(true);
    expect(stateMatches('abd', 'abc')).toBe(false);
    expect(stateMatches('', '')).toBe(false);
    expect(stateMatches(null, 'abc')).toBe(false);
    expect(stateMatches('abc', undefined)).toBe(false);
  });
});

describe('scopes (spec 3 section 6)', () => {
  it('asks for read and write of each resource plus read_customer_events, and write_draft_orders for draft orders', () => {
    expect(SHOPIFY_SCOPES).toEqual([
      'read_customers',
      'write_customers',
      'read_orders',
      'write_orders',
      'read_translations',
      'write_translations',
      'read_price_rules',
      'write_price_rules',
      'read_discounts',
      'write_discounts',
      'read_script_tags',
      'write_script_tags',
      'read_products',
      'write_products',
      'read_pixels',
      'write_pixels',
      'read_customer_events',
      'write_draft_orders',
    ]);
  });

  it.each([
    [SHOPIFY_SCOPES, []],
    [SHOPIFY_SCOPES.filter((s) => s.startsWith('write_')).concat('read_customer_events'), []],
    [SHOPIFY_SCOPES.filter((s) => s !== 'write_pixels'), ['write_pixels']],
    [SHOPIFY_SCOPES.filter((s) => !s.endsWith('_pixels')), ['read_pixels', 'write_pixels']],
    [SHOPIFY_SCOPES.filter((s) => s !== 'read_customer_events'), ['read_customer_events']],
    [SHOPIFY_SCOPES.filter((s) => s !== 'write_draft_orders'), ['write_draft_orders']],
    [['write_orders'], SHOPIFY_SCOPES.filter((s) => s !== 'read_orders' && s !== 'write_orders')],
  ])('granted %j misses %j', (granted, missing) => expect(missingScopes(granted)).toEqual(missing));

  it("a missing scope gives 'Permissions required' / 'Missing permissions: …', warning, reconnect", () => {
    expect(permissionsHealth(['read_pixels', 'write_pixels'])).toEqual({
      status: 'Permissions required',
      message: 'Missing permissions: read_pixels, write_pixels',
      level: 'warning',
      action: 'reconnect',
    });
    expect(permissionsHealth([])).toBeUndefined();
  });
});

describe('install URLs and webhook subscriptions', () => {
  it('authorize URL carries client_id, comma-separated scope, redirect_uri, state and an empty grant_options[] (offline)', () => {
    const href = authorizeUrl({
      origin: 'https://acme.myshopify.com',
      clientId: 'key',
      scopes: ['read_orders', 'write_orders'],
      redirectUri: 'https://app.example.com/api/integration/5/auth',
      state: 'n0nce',
    });
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://acme.myshopify.com/admin/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'key',
      scope: 'read_orders,write_orders',
      redirect_uri: 'https://app.example.com/api/integration/5/auth',
      state: 'n0nce',
      'grant_options[]': '',
    });
    // The query string @shopify/shopify-api's auth.begin builds for an offline token.
    expect(url.search).toBe(
      '?client_id=key&scope=read_orders%2Cwrite_orders&redirect_uri=https%3A%2F%2Fapp.example.com%2Fapi%2Fintegration%2F5%2Fauth&state=n0nce&grant_options%5B%5D=',
    );
  });

  it('keeps subscriptions at our address, repoints ones elsewhere, creates missing topics', () => {
    const address = 'https://app.example.com/webhooks/shopify';
    const plan = planSubscriptions(
      [
        { id: 'gid://shopify/WebhookSubscription/1', topic: 'ORDERS_CREATE', uri: address },
        {
          id: 'gid://shopify/WebhookSubscription/2',
          topic: 'APP_UNINSTALLED',
          uri: 'https://old.example.com/webhooks/shopify',
        },
      ],
      address,
    );
    expect(plan.keep).toEqual(['ORDERS_CREATE']);
    expect(plan.update).toEqual([{ id: 'gid://shopify/WebhookSubscription/2', topic: 'APP_UNINSTALLED' }]);
    expect(plan.create).toHaveLength(SHOPIFY_SUBSCRIPTION_TOPICS.length - 2);
    expect(plan.create).toContain('CHECKOUTS_UPDATE');
  });

  it('abandoned checkouts filter in Shopify search syntax', () => {
    expect(abandonedCheckoutsQuery(new Date('2026-11-01T00:00:00Z'))).toBe(
      "updated_at:>='2026-11-01T00:00:00.000Z' AND recovery_state:not_recovered",
    );
  });
});

describe('cart links (spec 3 section 2) and the fallback', () => {
  it.each([
    [
      {
        lineItems: [
          { variant_id: 4011, quantity: 2 },
          { variant_id: 'gid://shopify/ProductVariant/4012', quantity: 1 },
        ],
      },
      'https://shop.example.com/cart/4011:2,4012:1',
    ],
    [
      { lineItems: [{ variant_id: null, quantity: 1 }], cartToken: 'Z2NwLXVzLWVhc3Qx' },
      'https://shop.example.com/checkouts/cn/Z2NwLXVzLWVhc3Qx',
    ],
    [{ lineItems: [{ variant_id: 4011, quantity: 0 }] }, 'https://shop.example.com/cart'],
    [{ cartToken: 'bad token/..' }, 'https://shop.example.com/cart'],
    [{}, 'https://shop.example.com/cart'],
  ])('%j -> %s', (input, link) => expect(recoveryCartLink('https://shop.example.com/', input)).toBe(link));
});

describe('retry waits', () => {
  it.each([
    ['2.0', 2000],
    ['0.05', 50],
    [null, undefined],
    ['soon', undefined],
  ])('Retry-After %j waits %j ms', (header, ms) => expect(retryAfterMs(header)).toBe(ms));

  it('THROTTLED waits (requested - available) / restoreRate seconds', () => {
    expect(
      throttleWaitMs({
        requestedQueryCost: 752,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 502, restoreRate: 100 },
      }),
    ).toBe(2500);
    expect(
      throttleWaitMs({
        requestedQueryCost: 10,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 500, restoreRate: 100 },
      }),
    ).toBeUndefined();
  });
});

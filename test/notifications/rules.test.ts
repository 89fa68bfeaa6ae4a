import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  causeKeys,
  engagedConversationText,
  excerpt,
  NOTIFICATION_MESSAGES,
  resolveAddress,
  storeDisconnectedText,
  webhookDeadLetterText,
  type AddressInput,
} from '../../src/notifications/rules.ts';

describe('where a new notification goes', () => {
  it.each<[string, AddressInput, ReturnType<typeof resolveAddress>]>([
    ['nothing: everyone', {}, { user_id: null, tenant_id: null, brand_id: null, audience: 'all' }],
    ['a user', { userId: 3 }, { user_id: 3, tenant_id: null, brand_id: null, audience: 'all' }],
    [
      'a user about a brand',
      { userId: 3, brandId: 9, brandTenantId: 5 },
      { user_id: 3, tenant_id: null, brand_id: 9, audience: 'all' },
    ],
    ['a tenant', { tenantId: 5 }, { user_id: null, tenant_id: 5, brand_id: null, audience: 'all' }],
    [
      'a tenant about one of its brands',
      { tenantId: 5, brandId: 9, brandTenantId: 5 },
      { user_id: null, tenant_id: 5, brand_id: 9, audience: 'all' },
    ],
    [
      "a brand alone: the brand's tenant, not everyone",
      { brandId: 9, brandTenantId: 5 },
      { user_id: null, tenant_id: 5, brand_id: 9, audience: 'all' },
    ],
    ['staff', { audience: 'staff' }, { user_id: null, tenant_id: null, brand_id: null, audience: 'staff' }],
    [
      'staff about a brand (the brand is context only)',
      { audience: 'staff', brandId: 9, brandTenantId: 5 },
      { user_id: null, tenant_id: null, brand_id: 9, audience: 'staff' },
    ],
  ])('%s', (_label, input, expected) => {
    expect(resolveAddress(input)).toEqual(expected);
  });

  it.each<[string, AddressInput, string]>([
    ['a user and a tenant', { userId: 3, tenantId: 5 }, NOTIFICATION_MESSAGES.oneAddress],
    ['staff and a user', { audience: 'staff', userId: 3 }, NOTIFICATION_MESSAGES.staffUnaddressed],
    ['staff and a tenant', { audience: 'staff', tenantId: 5 }, NOTIFICATION_MESSAGES.staffUnaddressed],
    ["a tenant and another tenant's brand", { tenantId: 5, brandId: 9, brandTenantId: 6 }, 'Brand not found'],
  ])('refuses %s', (_label, input, message) => {
    expect(() => resolveAddress(input)).toThrow(message);
  });

  it.each([
    [{ user_id: 3, tenant_id: 5, audience: 'all' }, 'user'],
    [{ user_id: null, tenant_id: 5, audience: 'all' }, 'tenant'],
    [{ user_id: null, tenant_id: null, audience: 'all' }, 'global'],
    [{ user_id: null, tenant_id: null, audience: 'staff' }, 'staff'],
  ])('audience of %o is %s', (row, audience) => {
    expect(audienceOf(row)).toBe(audience);
  });
});

describe('one notification per cause', () => {
  it('keys name the cause, so the same cause gives the same key and another cause another', () => {
    expect(causeKeys.engagedConversation(12)).toBe('engaged_conversation:12');
    expect(causeKeys.webhookDeadLetter(7)).toBe('webhook_dead_letter:7');
    expect(causeKeys.billingSyncFailed(4, 'No such subscription')).toBe(
      causeKeys.billingSyncFailed(4, ' No such subscription '),
    );
    expect(causeKeys.billingSyncFailed(4, 'No such subscription')).not.toBe(
      causeKeys.billingSyncFailed(4, 'Invalid Payment Source'),
    );
    expect(causeKeys.billingSyncFailed(4, 'x')).not.toBe(causeKeys.billingSyncFailed(5, 'x'));
    expect(causeKeys.storeDisconnected(2, '2026-11-01T00:00:00.000Z', 'app_uninstalled')).toBe(
      'store_disconnected:2:2026-11-01T00:00:00.000Z:app_uninstalled',
    );
    expect(causeKeys.tenDlcManualIntervention(2, new Date('2026-11-02T10:00:00Z'))).toBe(
      'tendlc_manual_intervention:2:2026-11-02T10:00:00.000Z',
    );
  });
});

describe('texts of raised notifications', () => {
  it('cut long text with an ellipsis and mask phone numbers', () => {
    expect(excerpt('call me at +14155550123 please', 140)).not.toContain('+14155550123');
    expect(excerpt('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(excerpt('  two\n lines ', 20)).toBe('two lines');
  });

  it('name the shopper, the event and what to do', () => {
    expect(engagedConversationText({ shopperName: 'Sam', reply: 'Do you ship to Canada?' })).toEqual({
      title: 'Sam replied',
      body: 'Sam replied: "Do you ship to Canada?"',
    });
    expect(engagedConversationText({}).title).toBe('A shopper replied');
    expect(
      webhookDeadLetterText({
        webhookEventId: 7,
        source: 'shopify',
        topic: 'orders/create',
        attempts: 8,
        error: 'boom',
      }).body,
    ).toBe(
      'Webhook event 7 (shopify orders/create) failed 8 times and will not be retried: boom. Fix the cause, then run: reclaim webhooks replay 7',
    );
    expect(storeDisconnectedText({ platform: 'shopify', reason: 'app_uninstalled', shop: 'a.myshopify.com' })).toEqual({
      title: 'Store disconnected',
      body: 'Reclaim was uninstalled from your Shopify store a.myshopify.com: no new conversations start and billing through the store has ended. Install the app again to reconnect.',
    });
    expect(storeDisconnectedText({ platform: 'shopify', reason: 'shop_plan_frozen' }).title).toBe('Store plan frozen');
  });
});

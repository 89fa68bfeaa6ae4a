import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { consentCsv, exportConsent, initiateContact } from '../../src/contacts/index.ts';
import { blockContact, receiveMessage } from '../../src/conversations/index.ts';
import { connectInfobip, createBrand, usPhone } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;
const BRAND_NUMBER = usPhone('628');
const SHOPPER = usPhone('415');

beforeAll(async () => {
  ctx = await t.context();
  brandId = (await createBrand(t.db, { name: 'Acme Outdoors', support_phone: '+14155550142' })).id;
  await connectInfobip(t.db, brandId, BRAND_NUMBER);
});

describe('consent export', () => {
  it("gives a channel's history through opt-in, STOP, START and block, in order with sources", async () => {
    const optIn = await initiateContact(
      { db: t.db },
      {
        brandId,
        phone: SHOPPER,
        smsMarketingState: 'subscribed',
        smsConsentedAt: new Date('2026-11-20T10:00:00Z'),
        consentSource: 'shopify:checkouts/update',
      },
    );
    await receiveMessage(ctx, { from: SHOPPER, to: BRAND_NUMBER, body: 'STOP', provider: 'outbox' });
    await receiveMessage(ctx, { from: SHOPPER, to: BRAND_NUMBER, body: 'START', provider: 'outbox' });
    await blockContact(t.db, { brandId, contactId: optIn.contactId, source: 'agent_block' });
    // Another brand's shopper never shows up.
    const other = (await createBrand(t.db)).id;
    await initiateContact(
      { db: t.db },
      {
        brandId: other,
        phone: usPhone('212'),
        smsMarketingState: 'subscribed',
        consentSource: 'x',
      },
    );

    const data = await exportConsent(t.db, { brandId });
    expect(data.channels).toHaveLength(1);
    const [channel] = data.channels;
    expect(channel).toMatchObject({ channel: SHOPPER, currentStatus: 'unsubscribed' });
    expect(channel!.history.map((h) => [h.status, h.source, h.previousStatus])).toEqual([
      ['subscribed', 'shopify:checkouts/update', null],
      ['unsubscribed', 'sms_keyword:STOP', 'subscribed'],
      ['subscribed', 'sms_keyword:START', 'unsubscribed'],
      ['blocked', 'agent_block', 'subscribed'],
    ]);
    expect(channel!.history[0]!.recordedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(channel!.history[0]!.evidence).toMatchObject({ marketing_state: 'subscribed' });
    const times = channel!.history.map((h) => h.recordedAt);
    expect([...times].sort()).toEqual(times);

    const csv = consentCsv(data).trimEnd().split('\n');
    expect(csv[0]).toBe(
      'channel,channel_id,contact_id,channel_type,recorded_at,status,source,previous_status,compliance_type,evidence',
    );
    expect(csv).toHaveLength(5);
    expect(csv[2]).toContain(`${SHOPPER},`);
    expect(csv[2]).toContain(',unsubscribed,sms_keyword:STOP,subscribed,');
  });

  it('is printed by reclaim contacts consent export, CSV or JSON; an unknown brand is not found', async () => {
    const csv = await runCli(['contacts', 'consent', 'export', '--brand', String(brandId)], testEnv(t.url));
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\n')[0]).toMatch(/^channel,channel_id,/);
    expect(csv.stdout).toContain('sms_keyword:START');
    const json = await runCli(
      ['contacts', 'consent', 'export', '--brand', String(brandId), '--format', 'json'],
      testEnv(t.url),
    );
    expect(JSON.parse(json.stdout).channels[0].history).toHaveLength(4);
    const missing = await runCli(['contacts', 'consent', 'export', '--brand', '999999'], testEnv(t.url));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Brand not found');
    const bad = await runCli(
      ['contacts', 'consent', 'export', '--brand', String(brandId), '--format', 'xml'],
      testEnv(t.url),
    );
    expect(bad.stderr).toContain('--format must be csv or json, not xml.');
  }, 120_000);
});

/**
 * 10DLC campaigns name their numbers as Infobip documents: the create-campaign body our client
 * sends is checked against Infobip's published request schema (test/fixtures/infobip), where a
 * number key goes in `numberKeys` and `numbers` holds phone numbers in international format only.
 * The Infobip fake checks the same schema, so a key sent in `numbers` is refused there as Infobip
 * refuses it; a BRAND_STATUS_UPDATE for a brand Reclaim does not know is stored and ignored.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../src/cli/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { REGISTRATION_PATH } from '../../src/messaging/index.ts';
import { campaignPayload } from '../../src/messaging/registration/rules.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';
import { campaignViolations, createTenDlcCampaignRequest } from '../fixtures/infobip/create-campaign-10dlc.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { basicAuth, SECRET, startRegistrationWorld, type RegistrationWorld } from './registration-setup.ts';

/** A number key as the Numbers API gives it. */
const NUMBER_KEY = randomUUID().toUpperCase();
const input = {
  referenceId: 'reclaim-7',
  brandName: 'Acme Goods',
  infobipBrandId: randomUUID(),
  numberKey: NUMBER_KEY,
  applicationId: 'reclaim',
  website: 'https://acme.example.com/',
  termsUrl: 'https://acme.example.com/terms',
  careEmail: 'care@acme.example.com',
  carePhone: '+14155550100',
};

describe('the 10DLC create-campaign payload', () => {
  it("validates against Infobip's published request schema, with the number key in numberKeys", () => {
    const payload = campaignPayload(input);
    expect(campaignViolations(payload)).toEqual([]);
    const parsed = createTenDlcCampaignRequest.parse(payload);
    expect(parsed.numberKeys).toEqual([NUMBER_KEY]);
    // `numbers` holds phone numbers only; the key is never sent there.
    expect(parsed.numbers ?? []).not.toContain(NUMBER_KEY);
  });

  it('the schema refuses a number key in numbers, and a campaign without numbers', () => {
    const { numberKeys: _keys, ...rest } = createTenDlcCampaignRequest.parse(campaignPayload(input));
    expect(campaignViolations({ ...rest, numbers: [NUMBER_KEY] })).toEqual([
      { property: 'numbers.0', violation: 'must be a phone number in international format' },
    ]);
    expect(campaignViolations(rest).map((v) => v.property)).toEqual(['numberKeys']);
    expect(campaignViolations({ ...rest, numbers: ['14155550100'] })).toEqual([]);
  });
});

describe('the Infobip fake checks the same schema', () => {
  let infobip: FakeInfobip;
  beforeAll(async () => {
    infobip = await startFakeInfobip();
    infobip.registration.numbers.push({ numberKey: NUMBER_KEY, number: '14155550100' });
  });
  afterAll(async () => infobip.close());

  const createCampaign = async (body: Record<string, unknown>) => {
    const response = await fetch(`${infobip.url}/number-registration/1/campaigns`, {
      method: 'POST',
      headers: { authorization: `App ${infobip.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const brand = async () => {
    const response = await fetch(`${infobip.url}/number-registration/1/brands`, {
      method: 'POST',
      headers: { authorization: `App ${infobip.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Acme Goods' }),
    });
    return ((await response.json()) as { id: string }).id;
  };

  it('refuses a number key in numbers with 400 naming it, and creates nothing', async () => {
    const { numberKeys: _keys, ...rest } = campaignPayload({ ...input, infobipBrandId: await brand() }) as Record<
      string,
      unknown
    >;
    const refused = await createCampaign({ ...rest, numbers: [NUMBER_KEY] });
    expect(refused.status).toBe(400);
    expect(refused.body.violations).toContainEqual({
      property: 'numbers.0',
      violation: 'must be a phone number in international format',
    });
    expect(infobip.registration.campaigns.size).toBe(0);
  });

  it('creates the campaign on the numbers named by numberKeys, or by phone numbers it owns', async () => {
    const byKey = await createCampaign(campaignPayload({ ...input, infobipBrandId: await brand() }));
    expect(byKey.status).toBe(200);
    expect(infobip.registration.campaigns.get(byKey.body.id as string)?.numberKeys).toEqual([NUMBER_KEY]);

    const { numberKeys: _keys, ...rest } = campaignPayload({
      ...input,
      referenceId: 'reclaim-8',
      infobipBrandId: await brand(),
    }) as Record<string, unknown>;
    const byNumber = await createCampaign({ ...rest, numbers: ['+14155550100'] });
    expect(byNumber.status).toBe(200);
    expect(infobip.registration.campaigns.get(byNumber.body.id as string)?.numberKeys).toEqual([NUMBER_KEY]);
  });
});

describe('BRAND_STATUS_UPDATE through the registration webhook', () => {
  const t = useTestDatabase();
  let world: RegistrationWorld;
  beforeAll(async () => {
    world = await startRegistrationWorld(t);
  });
  afterAll(async () => world.close());

  it('for a brand Reclaim does not know: stored, answered like any event, then ignored', async () => {
    const before = await t.db('messaging_registration_steps').count({ n: '*' }).first();
    const answer = await world.http.post(
      REGISTRATION_PATH,
      world.infobip.registration.brandStatusWebhook(randomUUID(), 'SUCCESS'),
      basicAuth('infobip', SECRET),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, received: 1 });
    await runDueJobs(world.ctx, TASKS);
    const event = await t.db('webhook_events').where({ topic: 'registration' }).orderBy('id', 'desc').first();
    expect(event).toMatchObject({ status: 'skipped' });
    expect(event.payload).toMatchObject({ event: 'BRAND_STATUS_UPDATE', content: { brandStatus: 'SUCCESS' } });
    expect(await t.db('messaging_registration_steps').count({ n: '*' }).first()).toEqual(before);
  });
});

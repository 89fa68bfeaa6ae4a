import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../src/cli/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import {
  brandPace,
  pollRegistrations,
  REGISTRATION_PATH,
  registrationStatus,
  startRegistration,
} from '../../src/messaging/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import {
  APPLICATION_ID,
  basicAuth,
  PUBLIC_URL,
  registrableBrand,
  SECRET,
  startRegistrationWorld,
  type RegistrationWorld,
} from './registration-setup.ts';

const t = useTestDatabase();
let world: RegistrationWorld;

beforeAll(async () => {
  world = await startRegistrationWorld(t);
  world.infobip.registration.numbers.push(
    { numberKey: 'NK-212', number: '12125550100' },
    { numberKey: 'NK-415', number: '14155550199' },
    { numberKey: 'NK-646', number: '16465550123' },
  );
});
afterAll(async () => world.close());

const stateOf = async (brandId: number) => (await registrationStatus(world.ctx, { brandId }))[0]!;
const integrationOf = (brandId: number) =>
  t
    .db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'bi.brand_id': brandId, 'i.slug': 'infobip' })
    .first<{ id: string; status: string; is_enabled: boolean; settings: Record<string, unknown> }>(
      'bi.id',
      'bi.status',
      'bi.is_enabled',
      'bi.settings',
    );
const auth = basicAuth('infobip', SECRET);
const work = () => runDueJobs(world.ctx, TASKS);

describe('10DLC registration driven by Infobip status webhooks', () => {
  it('goes from register to migration_complete, each step once, and switches the sending number', async () => {
    const brandId = await registrableBrand(world);
    const legacy = await t
      .db('integrations')
      .insert({ name: 'Legacy SMS', slug: 'legacy-sms', category: 'sms' })
      .returning('id');
    await t.db('brand_integrations').insert({
      brand_id: brandId,
      integration_id: legacy[0].id,
      lookup_id: `legacy-${brandId}`,
      status: 'connected',
      is_enabled: true,
    });
    const reg = world.infobip.registration;

    expect((await startRegistration(world.ctx, { brandId })).state).toBe('create_brand_pending');
    await work();
    expect((await stateOf(brandId)).state).toBe('brand_approval_pending');
    const [brand] = [...reg.brands.values()];
    expect(brand!.registered).toBe(true);
    expect(brand!.payload).toMatchObject({
      name: 'Acme Goods',
      legalName: 'Acme Goods LLC',
      type: 'TENDLC_NON_PROFIT',
      countryCode: 'US',
      vertical: 'RETAIL_AND_CONSUMER_PRODUCTS',
      taxId: '12-3456789',
      taxIdIssuingCountry: 'US',
      supportPhone: '14155550100',
      stage: 'DRAFT',
      referenceId: String(brandId),
      address: { street: '1 Market St', city: 'San Francisco', state: 'CA', zipCode: '94105' },
    });

    // A webhook without the subscription's password is refused and nothing is stored.
    const refused = await world.http.post(
      REGISTRATION_PATH,
      reg.brandStatusWebhook(brand!.id, 'SUCCESS'),
      basicAuth('infobip', 'nope'),
    );
    expect(refused.status).toBe(401);
    expect(await t.db('webhook_events').where({ topic: 'registration' }).count('* as n').first()).toEqual({ n: '0' });

    const ok = await world.http.post(REGISTRATION_PATH, reg.brandStatusWebhook(brand!.id, 'SUCCESS'), auth);
    expect(ok).toEqual({ status: 200, body: { success: true, received: 1 } });
    await work();
    const waiting = await stateOf(brandId);
    expect(waiting.state).toBe('campaign_approval_pending');
    expect(waiting.phoneNumber).toBe('+14155550199');

    const [campaign] = [...reg.campaigns.values()];
    expect(campaign!.stage).toBe('SUBMITTED');
    expect(campaign!.payload).toMatchObject({
      type: 'TEN_DIGIT_LONG_CODE',
      applicationId: APPLICATION_ID,
      lowVolume: false,
      messageTypes: ['SMS', 'MMS'],
      useCases: ['PROMOTIONAL_MARKETING', 'CHAT'],
      ageGated: true,
      directLending: false,
      embeddedLink: true,
      embeddedPhone: false,
      name: 'Acme Goods Cart Reminders',
      brandId: brand!.id,
      numberKeys: ['NK-415'],
      customerCareEmail: 'compliance@acme.example.com',
      termsAndConditionsUrl: world.site.url('/terms'),
      optIns: { web: { url: 'https://acme.example.com' } },
    });
    expect(campaign!.payload.programSummary).toContain('one cart reminder per abandoned cart within 48 hours');

    await world.http.post(REGISTRATION_PATH, reg.campaignStatusWebhook(campaign!.id, 'REGISTERED'), auth);
    await work();
    const done = await stateOf(brandId);
    expect(done).toMatchObject({ state: 'migration_complete', integrationStatus: 'connected', lastError: null });

    const row = await integrationOf(brandId);
    expect(row).toMatchObject({ status: 'connected', is_enabled: true });
    expect(row!.settings).toMatchObject({
      credentials: {},
      sender_id: '+14155550199',
      infobip_number_key: 'NK-415',
      is_infobip_brand_approved: true,
    });
    expect(reg.inbound.map((c) => c.channel)).toEqual(['SMS', 'MMS']);
    for (const config of reg.inbound)
      expect(config).toMatchObject({
        numberKey: 'NK-415',
        platform: { applicationId: APPLICATION_ID },
        forwarding: {
          url: `${PUBLIC_URL}/webhooks/infobip/inbound?secret=${SECRET}`,
          format: 'MO_JSON_2',
          type: 'HTTP_FORWARD',
        },
      });
    expect(row!.settings.infobip_inbound_config_keys).toEqual({
      sms_configuration_key: reg.inbound[0]!.configurationKey,
      mms_configuration_key: reg.inbound[1]!.configurationKey,
    });
    const old = await t
      .db('brand_integrations')
      .where({ lookup_id: `legacy-${brandId}` })
      .first('status');
    expect(old.status).toBe('disconnected');
    for (const route of ['createBrand', 'registerBrand', 'createCampaign', 'submitCampaign'] as const)
      expect(reg.calls(route)).toHaveLength(1);
    expect(reg.calls('inbound')).toHaveLength(2);

    // The same news again (a repeated webhook, then the poll) changes nothing.
    const steps = await t
      .db('messaging_registration_steps')
      .where({ brand_integration_id: row!.id })
      .count('* as n')
      .first();
    await world.http.post(REGISTRATION_PATH, reg.campaignStatusWebhook(campaign!.id, 'REGISTERED'), auth);
    await world.http.post(REGISTRATION_PATH, reg.brandStatusWebhook(brand!.id, 'SUCCESS'), auth);
    await work();
    expect(await pollRegistrations(world.ctx)).toEqual({ checked: 0, moved: 0, errors: 0 });
    expect(
      await t.db('messaging_registration_steps').where({ brand_integration_id: row!.id }).count('* as n').first(),
    ).toEqual(steps);
    expect((await stateOf(brandId)).state).toBe('migration_complete');
    expect(reg.calls('createCampaign')).toHaveLength(1);
  }, 60_000);

  it('answers 400 to a body it does not understand, and ignores unknown events', async () => {
    const bad = await world.http.post(REGISTRATION_PATH, { results: 'nope' }, auth);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('invalid_payload');
    const unknown = await world.http.post(
      REGISTRATION_PATH,
      { results: [{ event: 'NUMBER_STATUS_UPDATE', receivedAt: '2026-11-24T10:00:00Z', content: { numberKey: 'x' } }] },
      auth,
    );
    expect(unknown.body).toEqual({ success: true, received: 1 });
    await work();
    const event = await t.db('webhook_events').where({ topic: 'registration' }).orderBy('id', 'desc').first('status');
    expect(event.status).toBe('skipped');
  });
});

describe('10DLC registration with no webhook: the poll', () => {
  it('reaches migration_complete from registrar statuses and campaign stages', async () => {
    const brandId = await registrableBrand(world, { name: 'Polled Shop', areaCode: '646' });
    const reg = world.infobip.registration;
    await startRegistration(world.ctx, { brandId });
    await work();
    const brand = [...reg.brands.values()].find((b) => b.payload.referenceId === String(brandId))!;

    expect(await pollRegistrations(world.ctx)).toEqual({ checked: 1, moved: 0, errors: 0 });
    expect((await stateOf(brandId)).state).toBe('brand_approval_pending');
    brand.state = 'ACTIVE';
    expect(await pollRegistrations(world.ctx)).toEqual({ checked: 1, moved: 1, errors: 0 });
    await work();
    const waiting = await stateOf(brandId);
    expect(waiting).toMatchObject({ state: 'campaign_approval_pending', phoneNumber: '+16465550123' });

    // Registered with AT&T message class E (240 texts a minute) and a T-Mobile daily cap of 10,000.
    const campaign = reg.campaigns.get(waiting.campaignId!)!;
    campaign.stage = 'REGISTERED';
    campaign.throughput = { messageClass: 'E', dailyCap: 10_000 };
    expect(await pollRegistrations(world.ctx)).toMatchObject({ moved: 1 });
    await work();
    expect((await stateOf(brandId)).state).toBe('migration_complete');
    // The tier is kept on the SMS integration, and the number's pace comes from it.
    const { settings } = (await integrationOf(brandId))!;
    expect(settings.tendlc_throughput).toMatchObject({ per_second: 4, per_day: 10_000 });
    // (the pace the campaign page's estimate and the send job use, with Infobip sending)
    const paced = await brandPace(
      { db: t.db, config: { ...world.ctx.config, SMS_PROVIDER: 'infobip' } },
      { brandId, now: new Date() },
    );
    expect(paced).toMatchObject({ sender: '+16465550123', pace: { perSecond: 4, perDay: 10_000, source: 'tier' } });

    // The webhook arriving after the poll applied the change is processed as nothing to do.
    await world.http.post(REGISTRATION_PATH, reg.campaignStatusWebhook(waiting.campaignId!, 'REGISTERED'), auth);
    await work();
    const last = await t.db('webhook_events').where({ topic: 'registration' }).orderBy('id', 'desc').first('status');
    expect(last.status).toBe('skipped');
    expect(reg.calls('getBrand').length).toBeGreaterThanOrEqual(2);
    expect(reg.calls('registrarStatuses').length).toBe(2);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_PATH, registrationStatus, startRegistration } from '../../src/messaging/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { spawnWorker, until } from '../helpers/worker-process.ts';
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
  world.infobip.registration.numbers.push({ numberKey: 'NK-CRASH', number: '14155550177' });
});
afterAll(async () => world.close());

const STALE_AFTER_SECONDS = 3;

describe('a worker killed between two registration steps', () => {
  it('kill -9 while the campaign step waits on Infobip: another worker resumes and no finished step runs again', async () => {
    const reg = world.infobip.registration;
    const brandId = await registrableBrand(world, { name: 'Crash Shop' });
    const state = async () => (await registrationStatus(world.ctx, { brandId }))[0]!.state;
    const env = {
      INFOBIP_BASE_URL: world.infobip.url,
      INFOBIP_API_KEY: world.infobip.apiKey,
      INFOBIP_WEBHOOK_SECRET: SECRET,
      INFOBIP_APPLICATION_ID: APPLICATION_ID,
      PUBLIC_URL,
      WORKER_STALE_AFTER_SECONDS: String(STALE_AFTER_SECONDS),
      SCHEDULE_TENDLC_POLL: 'off',
      SCHEDULE_ANALYTICS_REFRESH: 'off',
    };
    await startRegistration(world.ctx, { brandId });

    const a = spawnWorker(t.url, env);
    const held = reg.hold('numbers');
    try {
      await until('the brand registered', async () => (await state()) === 'brand_approval_pending');
      const brand = [...reg.brands.values()][0]!;
      await world.http.post(REGISTRATION_PATH, reg.brandStatusWebhook(brand.id, 'SUCCESS'), basicAuth('ib', SECRET));
      // The brand step and the approval are done; the campaign step is waiting on the number list.
      await held.arrived;
      expect(await state()).toBe('create_campaign_pending');
      a.kill('SIGKILL');
      await a;
    } finally {
      held.release();
    }
    expect(await state()).toBe('create_campaign_pending');
    expect(reg.calls('createCampaign')).toHaveLength(0);

    const b = spawnWorker(t.url, env);
    try {
      await until('the campaign submitted', async () => (await state()) === 'campaign_approval_pending', 90_000);
      const campaignId = (await registrationStatus(world.ctx, { brandId }))[0]!.campaignId!;
      await world.http.post(
        REGISTRATION_PATH,
        reg.campaignStatusWebhook(campaignId, 'REGISTERED'),
        basicAuth('ib', SECRET),
      );
      await until('the migration complete', async () => (await state()) === 'migration_complete', 60_000);
    } finally {
      b.kill('SIGTERM');
      await b;
    }

    // Every step that reached Infobip did so once; only the interrupted read was repeated.
    expect(reg.calls('createBrand')).toHaveLength(1);
    expect(reg.calls('registerBrand')).toHaveLength(1);
    expect(reg.calls('createCampaign')).toHaveLength(1);
    expect(reg.calls('submitCampaign')).toHaveLength(1);
    expect(reg.calls('inbound')).toHaveLength(2);
    expect(reg.calls('numbers')).toHaveLength(2);
    const steps = await t
      .db('messaging_registration_steps')
      .join('brand_integrations as bi', 'bi.id', 'messaging_registration_steps.brand_integration_id')
      .where('bi.brand_id', brandId)
      .orderBy('done_at')
      .pluck('step');
    expect(steps).toEqual([
      'create_brand',
      'register_brand',
      'brand_status:SUCCESS',
      'create_campaign',
      'submit_campaign',
      'campaign_status:REGISTERED',
      'inbound_sms',
      'inbound_mms',
      'setup_inbound',
      'migrate_routing',
    ]);
  }, 180_000);
});

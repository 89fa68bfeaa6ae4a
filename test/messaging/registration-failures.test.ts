import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASKS } from '../../src/cli/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import {
  appealCampaign,
  REGISTRATION_PATH,
  registrationStatus,
  retryRegistration,
  runRegistrationStep,
  startRegistration,
} from '../../src/messaging/index.ts';
import { v3Error } from '../fakes/infobip-registration.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import {
  basicAuth,
  registrableBrand,
  SECRET,
  startRegistrationWorld,
  type RegistrationWorld,
} from './registration-setup.ts';

const t = useTestDatabase();
let world: RegistrationWorld;
const NUMBERS = [
  { numberKey: 'NK-1', number: '13125550100' },
  { numberKey: 'NK-2', number: '14155550111' },
];

beforeAll(async () => {
  world = await startRegistrationWorld(t);
});
afterAll(async () => world.close());

const auth = basicAuth('infobip', SECRET);
const work = () => runDueJobs(world.ctx, TASKS);
const status = async (brandId: number) => (await registrationStatus(world.ctx, { brandId }))[0]!;
const reg = () => world.infobip.registration;
const infobipBrandOf = (brandId: number) =>
  [...reg().brands.values()].find((b) => b.payload.referenceId === String(brandId))!;
const notification = (brandId: number) =>
  t
    .db('notifications')
    .where({ brand_id: brandId })
    .whereRaw("extra_data ->> 'kind' = 'tendlc_manual_intervention'")
    .first('title', 'body', 'audience');

let registrations = 0;

/** A new brand with fresh numbers (a number belongs to one brand), registered up to the brand approval. */
async function registered(name: string): Promise<number> {
  registrations += 1;
  const fresh = (n: (typeof NUMBERS)[number]) => ({
    numberKey: `${n.numberKey}-${name}`,
    number: `${n.number.slice(0, -2)}${String(registrations).padStart(2, '0')}`,
  });
  reg().numbers.splice(0, reg().numbers.length, ...NUMBERS.map(fresh));
  const brandId = await registrableBrand(world, { name });
  await startRegistration(world.ctx, { brandId });
  await work();
  return brandId;
}

async function approved(name: string): Promise<number> {
  const brandId = await registered(name);
  await world.http.post(REGISTRATION_PATH, reg().brandStatusWebhook(infobipBrandOf(brandId).id, 'SUCCESS'), auth);
  await work();
  return brandId;
}

describe('every failure lands in manual_intervention with the spec message', () => {
  it("brand creation refused: 'Failed to create brand: {status} - {body}', staff notified", async () => {
    reg().failNext(
      'createBrand',
      400,
      v3Error('E400', 'Bad request', [{ property: 'taxId', violation: 'invalid EIN' }]),
    );
    const brandId = await registered('Refused Brand');
    const s = await status(brandId);
    expect(s.state).toBe('manual_intervention');
    expect(s.lastError).toMatch(/^Failed to create brand: 400 - \{"errorCode":"E400","description":"Bad request"/);
    expect(s.lastError).toContain('invalid EIN');
    expect(s.next).toContain('reclaim messaging retry');
    expect(await notification(brandId)).toMatchObject({ audience: 'staff' });
  });

  it("brand registration refused: 'Failed to register brand'; retry registers without creating the brand again", async () => {
    reg().failNext('registerBrand', 500);
    const brandId = await registered('Unregistered');
    expect((await status(brandId)).lastError).toMatch(/^Failed to register brand/);
    const creates = reg().calls('createBrand').length;
    expect(await retryRegistration(world.ctx, { brandId })).toEqual({ state: 'create_brand_pending' });
    await work();
    expect((await status(brandId)).state).toBe('brand_approval_pending');
    expect(reg().calls('createBrand')).toHaveLength(creates);
    expect(infobipBrandOf(brandId).registered).toBe(true);
  });

  it("brand FAILURE: 'Brand registration failed', brand not approved", async () => {
    const brandId = await registered('Failed Brand');
    await world.http.post(REGISTRATION_PATH, reg().brandStatusWebhook(infobipBrandOf(brandId).id, 'FAILURE'), auth);
    await work();
    expect(await status(brandId)).toMatchObject({
      state: 'manual_intervention',
      lastError: 'Brand registration failed',
    });
    const row = await t.db('brand_integrations').where({ brand_id: brandId }).first('settings');
    expect(row.settings.is_infobip_brand_approved).toBe(false);
    expect((await notification(brandId))!.body).toContain('Brand registration failed');
  });

  it("no owned number: 'No numbers available for campaign creation'", async () => {
    const brandId = await registered('No Numbers');
    reg().numbers.splice(0);
    await world.http.post(REGISTRATION_PATH, reg().brandStatusWebhook(infobipBrandOf(brandId).id, 'SUCCESS'), auth);
    await work();
    expect((await status(brandId)).lastError).toBe('No numbers available for campaign creation');
  });

  it("every number used: 'No unused numbers available for campaign creation'", async () => {
    const brandId = await registered('All Used');
    const other = reg().addExistingCampaign(reg().numbers.map((n) => n.numberKey));
    await world.http.post(REGISTRATION_PATH, reg().brandStatusWebhook(infobipBrandOf(brandId).id, 'SUCCESS'), auth);
    await work();
    reg().campaigns.delete(other.id);
    expect((await status(brandId)).lastError).toBe('No unused numbers available for campaign creation');
  });

  it('a campaign created by a step that crashed before recording it is taken over, not created twice', async () => {
    const brandId = await registered('Crashed Create');
    const integration = await t.db('brand_integrations').where({ brand_id: brandId }).first('id');
    const numberKey = reg().numbers[1]!.numberKey;
    const orphan = reg().addExistingCampaign([numberKey]);
    orphan.payload = { name: 'Crashed Create Cart Reminders', referenceId: `reclaim-${integration.id}` };
    orphan.stage = 'DRAFT';
    const creates = reg().calls('createCampaign').length;
    await world.http.post(REGISTRATION_PATH, reg().brandStatusWebhook(infobipBrandOf(brandId).id, 'SUCCESS'), auth);
    await work();
    expect(await status(brandId)).toMatchObject({
      state: 'campaign_approval_pending',
      campaignId: orphan.id,
      phoneNumber: `+${reg().numbers[1]!.number}`,
    });
    expect(reg().calls('createCampaign')).toHaveLength(creates);
    expect(orphan.stage).toBe('SUBMITTED');
  });

  it("campaign creation refused: 'Failed to create campaign' with Infobip's reason", async () => {
    reg().failNext(
      'createCampaign',
      400,
      v3Error('E400', 'Bad request', [{ property: 'helpMessage', violation: 'too long' }]),
    );
    const brandId = await approved('Bad Campaign');
    const s = await status(brandId);
    expect(s.state).toBe('manual_intervention');
    expect(s.lastError).toBe('Failed to create campaign: Bad request (helpMessage: too long)');
  });

  it("campaign submission refused: 'Campaign submission failed: …' with the service exception", async () => {
    reg().failNext('submitCampaign', 400, {
      requestError: { serviceException: { messageId: 'BAD_REQUEST', text: 'Campaign is missing sample messages' } },
    });
    const brandId = await approved('Unsubmitted');
    expect((await status(brandId)).lastError).toBe(
      'Campaign submission failed: BAD_REQUEST - Campaign is missing sample messages',
    );
    await retryRegistration(world.ctx, { brandId });
    await work();
    expect((await status(brandId)).state).toBe('campaign_approval_pending');
  });

  it('campaign REJECTED: the reasons, the details (code: description) and the date; then an appeal', async () => {
    const brandId = await approved('Rejected Campaign');
    const campaignId = (await status(brandId)).campaignId!;
    await world.http.post(
      REGISTRATION_PATH,
      reg().campaignStatusWebhook(campaignId, 'REJECTED', {
        reasons: ['Opt-in not shown'],
        details: [
          { errorCode: '1011', description: 'Call to action missing' },
          { errorCode: '1020', description: 'Privacy policy lacks SMS language' },
        ],
        date: '2026-11-24T10:00:00Z',
      }),
      auth,
    );
    await work();
    expect((await status(brandId)).lastError).toBe(
      'Campaign rejected. Reasons: Opt-in not shown. Details: 1011: Call to action missing; 1020: Privacy policy lacks SMS language. Date: 2026-11-24T10:00:00Z',
    );

    reg().failNext('appealCampaign', 400, {
      requestError: { serviceException: { messageId: 'APPEAL_LIMIT', text: 'Appeals exhausted' } },
    });
    await expect(appealCampaign(world.ctx, { brandId, reason: 'Fixed the call to action' })).rejects.toThrow(
      'Campaign appeal failed: APPEAL_LIMIT - Appeals exhausted',
    );
    expect((await status(brandId)).state).toBe('manual_intervention');
    expect(await appealCampaign(world.ctx, { brandId, reason: 'Fixed the call to action' })).toEqual({
      state: 'campaign_approval_pending',
    });
    expect(reg().campaigns.get(campaignId)!.appeals).toEqual(['Fixed the call to action']);
  });

  it("inbound setup refused: 'Failed to configure SMS inbound messaging'; retry keeps what was configured", async () => {
    const brandId = await approved('No Inbound');
    const campaignId = (await status(brandId)).campaignId!;
    const before = reg().inbound.length;
    reg().failNext('inbound', 500);
    await world.http.post(REGISTRATION_PATH, reg().campaignStatusWebhook(campaignId, 'REGISTERED'), auth);
    await work();
    expect((await status(brandId)).lastError).toMatch(/^Failed to configure SMS inbound messaging/);
    await retryRegistration(world.ctx, { brandId });
    await work();
    expect((await status(brandId)).state).toBe('migration_complete');
    expect(
      reg()
        .inbound.slice(before)
        .map((c) => c.channel),
    ).toEqual(['SMS', 'MMS']);
  });

  it('inbound setup and migration without the ids they need: the spec messages', async () => {
    const brandId = await approved('Missing Ids');
    const row = await t.db('brand_integrations').where({ brand_id: brandId }).first('id', 'settings');
    const setState = async (state: string, patch: Record<string, unknown>, round: number) =>
      t
        .db('brand_integrations')
        .where({ id: row.id })
        .update({ settings: { ...row.settings, ...patch, automation_state: state, automation_metadata: { round } } });
    const cases: Array<[string, Record<string, unknown>, 'setup_inbound' | 'migrate_routing', string]> = [
      [
        'campaign_approval_success',
        { infobip_campaign_id: null },
        'setup_inbound',
        'Campaign ID not found - campaign must be approved before configuring inbound messaging',
      ],
      [
        'campaign_approval_success',
        { infobip_number_key: null },
        'setup_inbound',
        'Number key not found - number assignment is required for inbound configuration',
      ],
      [
        'migration_pending',
        { infobip_phone_number: null },
        'migrate_routing',
        'Phone number not found in Infobip settings - cannot complete migration',
      ],
    ];
    for (const [round, [state, patch, step, message]] of cases.entries()) {
      await setState(state, patch, round + 1);
      await runRegistrationStep(world.ctx, { brandIntegrationId: Number(row.id), step, round: round + 1 });
      expect((await status(brandId)).lastError).toBe(message);
    }
  });
});

describe('`messaging status` for a monitor', () => {
  it('exits 3 while a registration waits for an operator, with the whole command on its next: line; 0 otherwise', async () => {
    const waiting = await registered('Waiting Brand');
    reg().failNext('createBrand', 400, v3Error('E400', 'Bad request', [{ property: 'taxId', violation: 'bad' }]));
    const stuck = await registered('Stuck Brand');
    const env = testEnv(t.url);
    const fine = await runCli(['messaging', 'status', '--brand', String(waiting)], env);
    expect(fine.code, fine.stderr).toBe(0);
    expect(fine.stdout).toContain(`Brand ${waiting}: brand_approval_pending\n`);

    const alert = await runCli(['messaging', 'status', '--brand', String(stuck)], env);
    expect(alert.code, alert.stderr).toBe(3);
    expect(alert.stdout).toContain(`Brand ${stuck}: manual_intervention\n  last error: Failed to create brand: 400 - `);
    expect(alert.stdout).toContain(`  next: fix the cause shown, then run: reclaim messaging retry --brand ${stuck}\n`);
    const all = await runCli(['messaging', 'status', '--json'], env);
    expect(all.code).toBe(3);
    expect(JSON.parse(all.stdout).registrations.find((r: { brandId: number }) => r.brandId === stuck).next).toBe(
      `fix the cause shown, then run: reclaim messaging retry --brand ${stuck}`,
    );
  }, 120_000);
});

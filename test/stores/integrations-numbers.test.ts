/**
 * Issue 28, item 2: one brand never acts on another's number. A brand user changes only the
 * settings its integration's kind declares; numbers, sender ids, registration state, store
 * identity, scopes, keys and credentials answer 400 naming the key, and nothing changes. A
 * sending number belongs to one SMS integration (the database refuses a second one), and inbound
 * routing resolves a number to its one owner or to nobody (the text is then kept for staff).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { usPhone } from '../factories/index.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let ctx: AppContext;
let northwind: World;
let harbor: World;
let northwindToken: string;
const NORTHWIND_NUMBER = usPhone('628');
const HARBOR_NUMBER = usPhone('415');
const sms: Record<'northwind' | 'harbor', number> = { northwind: 0, harbor: 0 };

async function smsIntegration(brandId: number, number: string): Promise<number> {
  await t
    .db('integrations')
    .insert({ name: 'Infobip', slug: 'infobip', category: 'sms', is_published: true })
    .onConflict('slug')
    .ignore();
  const infobip = await t.db('integrations').where({ slug: 'infobip' }).first<{ id: string }>('id');
  const [row] = await t
    .db('brand_integrations')
    .insert({
      brand_id: brandId,
      integration_id: infobip!.id,
      lookup_id: `ib-${brandId}`,
      status: 'connected',
      is_enabled: true,
      settings: {
        infobip_phone_number: number,
        sender_id: number,
        infobip_campaign_id: `camp-${brandId}`,
        automation_state: 'migration_complete',
      },
    })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

const integrationRows = () =>
  t.db('brand_integrations').orderBy('id').select('id', 'brand_id', 'is_enabled', 'status', 'settings');

beforeAll(async () => {
  ctx = await t.context();
  northwind = await seedWorld(t.db, 'nw');
  harbor = await seedWorld(t.db, 'hp');
  await t.db('brands').where({ id: northwind.ids.brandId }).update({ name: 'Northwind' });
  await t.db('brands').where({ id: harbor.ids.brandId }).update({ name: 'Harbor & Pine' });
  // Northwind's number was set up first: its integration has the lower id.
  sms.northwind = await smsIntegration(northwind.ids.brandId!, NORTHWIND_NUMBER);
  sms.harbor = await smsIntegration(harbor.ids.brandId!, HARBOR_NUMBER);
  northwindToken = await api.login(northwind.user.email);
});

describe('PATCH /api/integrations/{id}: only the settings a brand user may change', () => {
  it("answers 400 naming the key for another brand's number, and changes nothing", async () => {
    const before = await integrationRows();
    const answer = await api.call('PATCH', `/api/integrations/${sms.northwind}`, northwindToken, {
      settings: { phone: HARBOR_NUMBER },
      is_enabled: true,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('The setting phone cannot be changed here');
    expect(await integrationRows()).toEqual(before);
  });

  const SYSTEM_SETTINGS: Array<[string, unknown]> = [
    ['phone', HARBOR_NUMBER],
    ['infobip_phone_number', HARBOR_NUMBER],
    ['sender_id', HARBOR_NUMBER],
    ['automation_state', 'migration_complete'],
    ['automation_metadata', { manual_intervention_reason: null }],
    ['infobip_campaign_id', 'camp-stolen'],
    ['infobip_brand_id', 'brand-stolen'],
    ['infobip_number_key', 'KEY'],
    ['infobip_inbound_config_keys', { sms_configuration_key: 'x' }],
    ['channel_id', 'C0123'],
    ['messages_per_second', 1000],
    ['domain', 'evil.example.com'],
    ['shop', 'evil.myshopify.com'],
    ['scope', 'write_orders'],
    ['ingestKey', 'stolen-key'],
    ['ingestUrl', 'https://evil.example.com'],
    ['demo', true],
    ['credentials', { access_token: 'x' }],
    ['access_token', 'x'],
    ['installed_at', '2020-01-01T00:00:00.000Z'],
    ['__proto__', { is_enabled: true }],
  ];

  it.each(SYSTEM_SETTINGS)('refuses %s with 400 naming it, on every kind of integration', async (key, value) => {
    const before = await integrationRows();
    for (const id of [sms.northwind, northwind.ids.integrationId!]) {
      const body = JSON.stringify({ settings: { [key]: value, reply_signature: 'Northwind' }, is_enabled: false });
      expect(body).toContain(`"${key}"`);
      const answer = await api.call('PATCH', `/api/integrations/${id}`, northwindToken, JSON.parse(body));
      expect(answer.statusCode, answer.body).toBe(400);
      // A refused key is named alone; `__proto__` is refused while the body is read.
      expect(answer.json().error.message).toMatch(new RegExp(`(^|: )The setting ${key} cannot be changed here$`));
    }
    expect(await integrationRows()).toEqual(before);
  });

  it('names every refused key at once', async () => {
    const answer = await api.call('PATCH', `/api/integrations/${sms.northwind}`, northwindToken, {
      settings: { sender_id: HARBOR_NUMBER, automation_state: 'migration_complete' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('The settings automation_state, sender_id cannot be changed here');
  });

  it('still changes what a brand user may change', async () => {
    const answer = await api.call('PATCH', `/api/integrations/${sms.northwind}`, northwindToken, {
      settings: { reply_signature: 'The Northwind team' },
    });
    expect(answer.statusCode).toBe(200);
    const row = await t.db('brand_integrations').where({ id: sms.northwind }).first();
    expect(row.settings).toMatchObject({
      reply_signature: 'The Northwind team',
      infobip_phone_number: NORTHWIND_NUMBER,
    });
  });
});

describe("a STOP is recorded by the number's owner", () => {
  it("Harbor & Pine's shopper's STOP to Harbor & Pine's number stays in Harbor & Pine after Northwind tried to claim it", async () => {
    await api.call('PATCH', `/api/integrations/${sms.northwind}`, northwindToken, {
      settings: { phone: HARBOR_NUMBER, infobip_phone_number: HARBOR_NUMBER, sender_id: HARBOR_NUMBER },
      is_enabled: true,
    });
    const result = await receiveMessage(ctx, {
      from: harbor.phone,
      to: HARBOR_NUMBER,
      body: 'STOP',
      provider: 'infobip',
    });
    expect(result).toMatchObject({ brandId: harbor.ids.brandId, action: 'opt_out', subscriptionChanged: true });
    const channels = await t
      .db('contact_channels')
      .where({ username: harbor.phone, type: 'sms' })
      .select('brand_id', 'status');
    expect(channels).toEqual([{ brand_id: String(harbor.ids.brandId), status: 'unsubscribed' }]);
  });
});

describe('a sending number belongs to one SMS integration', () => {
  it("the database refuses a second brand's integration holding the number, in any written form", async () => {
    for (const [key, form] of [
      ['infobip_phone_number', HARBOR_NUMBER],
      ['sender_id', HARBOR_NUMBER.slice(2)],
      ['phone', `+1 (${HARBOR_NUMBER.slice(2, 5)}) ${HARBOR_NUMBER.slice(5, 8)}-${HARBOR_NUMBER.slice(8)}`],
    ]) {
      await expect(
        t
          .db('brand_integrations')
          .where({ id: sms.northwind })
          .update({
            settings: t.db.raw(`settings - 'infobip_phone_number' - 'sender_id' || ?::jsonb`, [
              JSON.stringify({ [key!]: form }),
            ]),
          }),
      ).rejects.toThrow(/brand_integrations_sending_number_key/);
    }
    expect((await t.db('brand_integrations').where({ id: sms.northwind }).first()).settings).toMatchObject({
      infobip_phone_number: NORTHWIND_NUMBER,
    });
  });
});

describe('inbound routing: one owner or nobody', () => {
  it('keeps a text to a number no brand owns for staff and attaches it to no brand', async () => {
    const stranger = usPhone('646');
    const nobody = usPhone('907');
    await expect(
      receiveMessage(ctx, {
        from: stranger,
        to: nobody,
        body: 'Is this Harbor?',
        provider: 'infobip',
        providerMessageId: 'mo-1',
      }),
    ).rejects.toMatchObject({ code: 'unknown_number' });
    expect(
      await t
        .db('unrouted_texts')
        .select('provider', 'provider_message_id', 'from_number', 'to_number', 'body', 'reason'),
    ).toEqual([
      {
        provider: 'infobip',
        provider_message_id: 'mo-1',
        from_number: stranger,
        to_number: nobody,
        body: 'Is this Harbor?',
        reason: 'unknown_number',
      },
    ]);
    expect(await t.db('contact_channels').where({ username: stranger })).toEqual([]);
  });

  it('a number two brands give as their support phone is ambiguous: kept for staff, never guessed', async () => {
    const shared = usPhone('503');
    await t.db('brands').whereIn('id', [northwind.ids.brandId!, harbor.ids.brandId!]).update({ support_phone: shared });
    const stranger = usPhone('646');
    await expect(
      receiveMessage(ctx, { from: stranger, to: shared, body: 'STOP', provider: 'infobip', providerMessageId: 'mo-2' }),
    ).rejects.toMatchObject({ code: 'unknown_number' });
    expect(await t.db('unrouted_texts').where({ provider_message_id: 'mo-2' }).select('to_number', 'reason')).toEqual([
      { to_number: shared, reason: 'ambiguous_number' },
    ]);
    expect(await t.db('contact_channels').where({ username: stranger })).toEqual([]);
  });

  it('staff list the kept texts with `reclaim messages unrouted`, newest first', async () => {
    const human = await runCli(['messages', 'unrouted'], testEnv(t.url));
    expect(human.code).toBe(0);
    const lines = human.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('(several brands give the number, infobip mo-2)  "STOP"');
    expect(lines[1]).toContain('(no brand uses the number, infobip mo-1)  "Is this Harbor?"');
    const json = await runCli(['messages', 'unrouted', '--limit', '1', '--json'], testEnv(t.url));
    expect(JSON.parse(json.stdout).items).toMatchObject([{ providerMessageId: 'mo-2', reason: 'ambiguous_number' }]);
  }, 120_000);
});

/**
 * Issue 28, item 2, existing data: the migration that makes a sending number belong to one SMS
 * integration resolves numbers several integrations held before it, deterministically. The number
 * stays with the integration whose 10DLC registration assigned it first, else with the oldest
 * integration; every other holder is disabled and its number keys move to
 * settings.released_number.
 */
import type { Knex } from 'knex';
import { beforeAll, expect, it } from 'vitest';
import * as migration from '../../migrations/20261129200000_sending_numbers.ts';
import { createBrand } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const REGISTERED = '+14155550171';
const HAND_WRITTEN = '+14155550172';
const ids: Record<string, number> = {};

async function smsIntegration(label: string, settings: Record<string, unknown>, createdAt: string): Promise<void> {
  const brandId = (await createBrand(t.db, { name: `Brand ${label}` })).id;
  const infobip = await t.db('integrations').where({ slug: 'infobip' }).first<{ id: string }>('id');
  const [row] = await t
    .db('brand_integrations')
    .insert({
      brand_id: brandId,
      integration_id: infobip!.id,
      lookup_id: `ib-${label}`,
      status: 'connected',
      is_enabled: true,
      settings,
      created_at: createdAt,
    })
    .returning<{ id: string }[]>('id');
  ids[label] = Number(row!.id);
}

beforeAll(async () => {
  await migration.down(t.db as unknown as Knex);
  await t
    .db('integrations')
    .insert({ name: 'Infobip', slug: 'infobip', category: 'sms', is_published: true })
    .onConflict('slug')
    .ignore();
  // A planted number on the oldest integration, the same number its registration gave a newer one.
  await smsIntegration('planted', { phone: REGISTERED.slice(2) }, '2026-01-01T00:00:00Z');
  await smsIntegration(
    'registered',
    { infobip_phone_number: REGISTERED, sender_id: REGISTERED },
    '2026-03-01T00:00:00Z',
  );
  await t.db('messaging_registration_steps').insert({
    brand_integration_id: ids.registered,
    round: 0,
    step: 'create_campaign',
    done_at: '2026-03-02T00:00:00Z',
  });
  // No registration: the oldest keeps it.
  await smsIntegration('older', { sender_id: HAND_WRITTEN }, '2026-02-01T00:00:00Z');
  await smsIntegration('newer', { phone: `+1 (415) 555-0172`, reply_signature: 'Newer' }, '2026-02-02T00:00:00Z');
  await migration.up(t.db as unknown as Knex);
});

const row = (label: string) =>
  t
    .db('brand_integrations')
    .where({ id: ids[label] })
    .first<{ is_enabled: boolean; sending_number: string | null; settings: Record<string, unknown> }>(
      'is_enabled',
      'sending_number',
      'settings',
    );

it('keeps a number with the integration whose registration assigned it, even when another is older', async () => {
  expect(await row('registered')).toMatchObject({
    is_enabled: true,
    sending_number: '14155550171',
    settings: { infobip_phone_number: REGISTERED, sender_id: REGISTERED },
  });
  const planted = await row('planted');
  expect(planted).toMatchObject({
    is_enabled: false,
    sending_number: null,
    settings: { released_number: { phone: REGISTERED.slice(2), kept_by_integration_id: ids.registered } },
  });
  expect(planted!.settings).not.toHaveProperty('phone');
});

it('else keeps it with the oldest integration and disables the others, their other settings untouched', async () => {
  expect(await row('older')).toMatchObject({ is_enabled: true, sending_number: '14155550172' });
  const newer = await row('newer');
  expect(newer).toMatchObject({
    is_enabled: false,
    sending_number: null,
    settings: {
      reply_signature: 'Newer',
      released_number: { phone: '+1 (415) 555-0172', kept_by_integration_id: ids.older },
    },
  });
  expect(newer!.settings).not.toHaveProperty('phone');
});

it('after it, the database refuses a second holder', async () => {
  await expect(
    t
      .db('brand_integrations')
      .where({ id: ids.newer })
      .update({ settings: t.db.raw(`settings || ?::jsonb`, [JSON.stringify({ phone: REGISTERED })]) }),
  ).rejects.toThrow(/brand_integrations_sending_number_key/);
});

/**
 * A store's merchant as a lead (spec 2 section 8's lead errors): the lead is keyed by the store and
 * set up into the brand the install created; each failure has its own text.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupInstallLead, type InstallMerchant } from '../../src/accounts/index.ts';
import { createDb, type Db } from '../../src/db/index.ts';
import { createBrand } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();

beforeAll(async () => {
  // Failures on demand for the two write paths, only for the e-mails that ask for them.
  await t.db.raw(`
    create function fail_lead_write() returns trigger language plpgsql as $$
    begin raise exception 'lead write refused for %', new.email; end $$`);
  await t.db.raw(`create trigger fail_lead_insert before insert on leads for each row
    when (new.email like 'fail-create%') execute function fail_lead_write()`);
  await t.db.raw(`create trigger fail_lead_update before update on leads for each row
    when (new.email like 'fail-update%') execute function fail_lead_write()`);
});
afterAll(async () => {
  await t.db.raw('drop trigger fail_lead_insert on leads');
  await t.db.raw('drop trigger fail_lead_update on leads');
  await t.db.raw('drop function fail_lead_write()');
});

const merchant = (storeKey: string, overrides: Partial<InstallMerchant> = {}): InstallMerchant => ({
  source: 'shopify',
  storeKey,
  email: `owner@${storeKey}`,
  companyName: 'Acme Outfitters',
  storeUrl: `https://${storeKey}`,
  phone: '+44 20 7946 0958',
  ownerName: 'Jane Q Doe',
  ...overrides,
});
const placeholderBrand = () => createBrand(t.db, { extra_data: { created_by: 'shopify_install' } });

it("sets the merchant up into the install's brand; a non-US phone stays on the lead only", async () => {
  const brand = await placeholderBrand();
  const result = await setupInstallLead(t.db, merchant('acme.myshopify.com'), { brandId: brand.id });
  expect(result).toMatchObject({ brand_id: brand.id, tenant_id: Number(brand.tenant_id), lead_created: true });
  const lead = await t.db('leads').where({ id: result.lead_id }).first();
  expect(lead).toMatchObject({ first_name: 'Jane', last_name: 'Q Doe', support_phone: null });
  expect(lead.extra_data).toMatchObject({ store_phone: '+44 20 7946 0958', install_key: 'shopify:acme.myshopify.com' });
  expect(await t.db('tenants').where({ id: brand.tenant_id }).count('* as n')).toEqual([{ n: '1' }]);

  const again = await setupInstallLead(t.db, merchant('acme.myshopify.com'), { brandId: brand.id });
  expect(again).toMatchObject({
    lead_id: result.lead_id,
    user_id: result.user_id,
    lead_created: false,
    created: false,
  });
});

it("'No lead data provided' for a new merchant without an e-mail; nothing is stored", async () => {
  const brand = await placeholderBrand();
  await expect(
    setupInstallLead(t.db, merchant('empty.myshopify.com', { email: null }), { brandId: brand.id }),
  ).rejects.toMatchObject({ kind: 'invalid_input', message: 'No lead data provided' });
  expect(await t.db('leads').whereRaw(`extra_data->>'install_key' = 'shopify:empty.myshopify.com'`)).toHaveLength(0);
});

it("'Failed to create lead' when the lead cannot be inserted", async () => {
  const brand = await placeholderBrand();
  await expect(
    setupInstallLead(t.db, merchant('nope.myshopify.com', { email: 'fail-create@nope.com' }), { brandId: brand.id }),
  ).rejects.toMatchObject({ kind: 'internal', message: 'Failed to create lead' });
});

it("'Failed to update lead' when an earlier install's lead cannot be updated", async () => {
  const brand = await placeholderBrand();
  await t.db('leads').insert({
    id: '6f1c1d4e-8a55-4a8e-9f5e-2b7c1f0a9d11',
    email: 'someone@stale.com',
    company_name: 'Stale',
    store_url: 'https://stale.myshopify.com',
    extra_data: { install_key: 'shopify:stale.myshopify.com' },
  });
  await expect(
    setupInstallLead(t.db, merchant('stale.myshopify.com', { email: 'fail-update@stale.com' }), { brandId: brand.id }),
  ).rejects.toMatchObject({ kind: 'internal', message: 'Failed to update lead' });
});

it("'Failed to fetch lead' when the database does not answer", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const unreachable: Db = createDb({ url: `postgres://postgres@127.0.0.1:${port}/none`, pool: { min: 0, max: 1 } });
  try {
    await expect(setupInstallLead(unreachable, merchant('down.myshopify.com'), { brandId: 1 })).rejects.toMatchObject({
      message: 'Failed to fetch lead',
    });
  } finally {
    await unreachable.destroy();
  }
});

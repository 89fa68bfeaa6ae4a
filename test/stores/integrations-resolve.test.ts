/**
 * The integration update's other keys (spec 1): a lookup id, or brand plus integration ids, name
 * an integration as well as its id; no usable key is 'No id provided'; another brand's
 * integration, by any key, is 'Integration not found' and stays unchanged.
 */
import { beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { updateIntegration } from '../../src/stores/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let mine: { brandId: number; id: number; lookupId: string; catalogueId: number };
let theirs: { brandId: number; id: number; lookupId: string; catalogueId: number };

const seed = async () => {
  const brand = await createBrand(t.db);
  const row = await createIntegration(t.db, brand.id, { settings: { reply_signature: 'Hi' } });
  return { brandId: brand.id, id: row.id, lookupId: String(row.lookup_id), catalogueId: Number(row.integration_id) };
};

beforeAll(async () => {
  ctx = await t.context();
  mine = await seed();
  theirs = await seed();
});

it("finds the integration by its lookup id, and by brand plus integration ids, within the caller's brands", async () => {
  const byLookup = await updateIntegration(ctx, {
    key: { lookupId: mine.lookupId },
    scope: [mine.brandId],
    settings: { reply_signature: 'By lookup' },
  });
  expect(byLookup).toMatchObject({ id: mine.id, settings: { reply_signature: 'By lookup' } });
  const byBrand = await updateIntegration(ctx, {
    key: { brandId: mine.brandId, integrationId: mine.catalogueId },
    scope: [mine.brandId],
    isEnabled: false,
  });
  expect(byBrand).toMatchObject({ id: mine.id, is_enabled: false, settings: { reply_signature: 'By lookup' } });
});

it("'No id provided' without a usable key; another brand's integration by any key is 'Integration not found'", async () => {
  for (const key of [{}, { brandId: mine.brandId }, { integrationId: mine.catalogueId }, { lookupId: '' }])
    await expect(updateIntegration(ctx, { key, scope: [mine.brandId], isEnabled: false })).rejects.toMatchObject({
      kind: 'invalid_input',
      message: 'No id provided',
    });
  for (const key of [
    { id: theirs.id },
    { lookupId: theirs.lookupId },
    { brandId: theirs.brandId, integrationId: theirs.catalogueId },
  ])
    await expect(updateIntegration(ctx, { key, scope: [mine.brandId], isEnabled: false })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Integration not found',
    });
  expect(await t.db('brand_integrations').where({ id: theirs.id }).first()).toMatchObject({ is_enabled: true });
});

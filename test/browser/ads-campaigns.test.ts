/**
 * The Ads and Campaigns pages in the browser. An ad generated from a local shop site for the demo
 * brand shows as a card and opens as a gallery whose images the browser loads from the server
 * (decoded at their size); a scheduled campaign shows with its state, send time and message. Each
 * page passes axe and is saved at 1280x800 and 375x812; on a phone every page's link is in view.
 * An ad is also made from the panel (the form, its progress in words, its gallery), one concept
 * made again and an image downloaded.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateAd } from '../../src/ads/index.ts';
import { createCampaign, createSegment } from '../../src/workflows/index.ts';
import { startShopSite, type ShopSite } from '../fakes/shop-site.ts';
import { DEMO, usePanel } from './harness.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'reclaim-ads-browser-'));

describe('the Ads and Campaigns pages in the browser', () => {
  const panel = usePanel({ RECLAIM_DATA_DIR: dataDir, ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
  let site: ShopSite;

  beforeAll(async () => {
    site = await startShopSite();
  });
  afterAll(async () => {
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('an ad made from the brand’s website: its card, its concepts and images that load', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    const { ad } = await generateAd(panel.ctx, {
      brandId,
      website: site.url,
      campaign: 'Winter sale',
      concepts: 2,
      dimensions: '600x600',
    });

    await page.goto(`/b/${brandId}/ads`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ads');
    const card = page.locator('.ad-card', { hasText: 'Winter sale' });
    await card.waitFor();
    expect(await card.textContent()).toContain('2 concepts');

    const gallery = page.locator('.ad-gallery');
    await gallery.waitFor();
    expect(await gallery.getByRole('heading', { level: 2 }).textContent()).toBe('Winter sale');
    for (const concept of ad.concepts)
      await gallery.getByRole('heading', { level: 3, name: `${concept.index}. ${concept.headline}` }).waitFor();
    const images = gallery.getByRole('img', { name: /^Ad image: / });
    expect(await images.count()).toBe(2);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBe(600);
    }
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'ads');
  });

  test('make an ad from the panel: its progress in words, its gallery, one concept made again, an image downloaded', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.goto(`/b/${brandId}/ads`);
    await page.getByLabel('Website to read').fill(site.url);
    await page.getByLabel('What the ads are for (optional)').fill('Spring sale');
    await page.getByLabel('Concepts').selectOption('2');
    await page.getByLabel('Image size').selectOption('1080x1350');
    await panel.expectAccessible(page);
    await page.getByRole('button', { name: 'Make the ad' }).click();
    const progress = page.getByTestId('ad-progress');
    await progress.waitFor();
    expect(await progress.getByRole('list', { name: 'Making the ad' }).getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Reading the website')]),
    );
    await expect.poll(() => progress.textContent(), { timeout: 60_000 }).toContain('The ad is made.');
    expect(await progress.getByRole('listitem').allTextContents()).toEqual([
      'Reading the website · done',
      'Writing the concepts · done',
      'Making the images · done',
      'Saving the ad · done',
    ]);
    const made = await panel.ctx.db('ads').where({ brand_id: brandId }).orderBy('id', 'desc').first();
    const gallery = page.locator('.ad-gallery');
    await expect.poll(() => gallery.getByRole('heading', { level: 2 }).textContent()).toBe('Spring sale');
    const images = gallery.getByRole('img', { name: /^Ad image: / });
    expect(await images.count()).toBe(2);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalHeight : 0)))
        .toBe(1350);
    }
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'ads-made');

    const second = gallery.locator('.ad-concept').nth(1);
    const before = await second.getByRole('img').getAttribute('src');
    await second.getByRole('button', { name: 'Make concept 2 again' }).click();
    await expect.poll(() => second.getByRole('img').getAttribute('src'), { timeout: 60_000 }).not.toBe(before);
    const concepts = await panel.ctx.db('ad_concepts').where({ ad_id: made.id }).orderBy('id');
    expect(concepts.map((c: { extra_data: { variant: number } }) => c.extra_data.variant)).toEqual([0, 1]);
    expect(await second.getByRole('heading', { level: 3 }).textContent()).toBe(`2. ${concepts[1].title}`);

    const download = page.waitForEvent('download');
    await gallery.locator('.ad-concept').first().getByRole('link', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.png$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  test('a scheduled campaign: its row with state and send time, and its message opened', async () => {
    const page = await panel.signIn(DEMO.brand);
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    const filter = { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] };
    const segment = await createSegment(panel.ctx, { brandId, name: 'Buyers', filter });
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const campaign = await createCampaign(panel.ctx, {
      brandId,
      segmentId: segment.id,
      name: 'Black Friday',
      message: 'Black Friday at {brand_name}: 20% off {cart_link}',
      linkUrl: 'https://northwind-outfitters.example/sale',
      at,
    });

    await page.getByRole('navigation', { name: 'Brand pages' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForURL(`**/b/${brandId}/campaigns`);
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    const row = page.getByRole('row', { name: /Black Friday/ });
    await row.waitFor();
    expect(await row.getByTestId('campaign-state').textContent()).toBe('Scheduled');
    const detail = page.locator('.campaign-detail');
    expect(await detail.getByRole('heading', { level: 2 }).textContent()).toBe('Black Friday');
    expect(await detail.getByTestId('campaign-message').textContent()).toBe(campaign.message);
    expect(await detail.textContent()).toContain('segment Buyers');
    await panel.expectAccessible(page);
    await panel.screenshots(page, 'campaigns');
  });

  test('on a phone every page’s link is in view in the navigation, Campaigns and Ads included', async () => {
    const page = await panel.newPage({ width: 375, height: 812 });
    await page.goto('/login');
    await panel.submitLogin(page, DEMO.brand);
    await page.waitForURL((url) => url.pathname !== '/login');
    const links = page.getByRole('navigation', { name: 'Brand pages' }).getByRole('link');
    await links.first().waitFor();
    const names = await links.allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Home', 'Conversations', 'Campaigns', 'Ads', 'Settings']));
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
  });
});

import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adFilesRoutes, generateAd, getAd, listAds, regenerateConcept } from '../../src/ads/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { createBrand } from '../factories/index.ts';
import { PRODUCT, startShopSite, type ShopSite } from '../fakes/shop-site.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { decodePng, distinctColours } from '../helpers/png.ts';

const t = useTestDatabase();
let site: ShopSite;
let ctx: AppContext;
let dataDir: string;
let brandId: number;

beforeAll(async () => {
  site = await startShopSite();
  dataDir = await mkdtemp(path.join(tmpdir(), 'reclaim-ads-'));
  ctx = await t.context({
    RECLAIM_DATA_DIR: dataDir,
    PUBLIC_URL: 'https://reclaim.test',
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
  });
  brandId = (await createBrand(t.db, { name: 'Fernhill', company_website: site.url })).id;
});
afterAll(async () => {
  await site?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const count = async (table: string) => Number((await t.db(table).count({ n: '*' }))[0]!.n);
const filesOnDisk = async () => (await readdir(path.join(dataDir, 'files')).catch(() => [])).length;

describe('ads generate with the local renderer', () => {
  it('stores the knowledge, the concepts and one PNG per concept at the requested size', async () => {
    const phases: string[] = [];
    const result = await generateAd(ctx, {
      brandId,
      campaign: 'Winter sale',
      concepts: 2,
      dimensions: '800x600',
      onProgress: (phase) => phases.push(phase),
    });
    const { ad } = result;
    expect(result.renderer).toBe('local');
    expect(new Set(phases)).toEqual(new Set(['scrape', 'concepts', 'images', 'store']));
    expect(ad.generator).toBe('local');
    expect(ad.knowledge_text).toContain('Trail Thermos ($34.00)');
    expect(ad.knowledge_text).toContain('Tone of voice: conscious');
    expect(ad.concepts).toHaveLength(2);
    expect(ad.concepts[0]!.headline).toMatch(/^Winter sale: (Trail Thermos|Summit Mug|Ridge Bottle)$/);
    for (const c of ad.concepts) {
      expect(c.call_to_action).not.toBe('');
      expect(c.visual_description).toContain('#0b6e4f');
      expect(c.target_audience).not.toBe('');
    }
    expect(ad.files).toHaveLength(2);
    for (const [i, f] of ad.files.entries()) {
      expect(f.caption).toBe(ad.concepts[i]!.headline);
      expect(ad.concepts[i]!.file_id).toBe(f.id);
      expect(f.url).toMatch(/^https:\/\/reclaim\.test\/files\/[A-Za-z0-9_-]{24}\/fernhill-\d\.png$/);
      expect([f.type, f.width, f.height]).toEqual(['image/png', 800, 600]);
      const png = decodePng(await readFile(f.path!));
      expect([png.width, png.height]).toEqual([800, 600]);
      expect(distinctColours(png)).toBeGreaterThan(20);
    }
    expect(Object.values(result.timings).every((ms) => ms >= 0)).toBe(true);

    const app = await buildHttpServer(ctx, { routes: [adFilesRoutes] });
    try {
      const served = await app.inject({ method: 'GET', url: ad.files[0]!.href });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
      expect(served.rawPayload.equals(await readFile(ad.files[0]!.path!))).toBe(true);
      const guessed = ad.files[0]!.href.replace(/\/files\/[^/]+\//, '/files/AAAAAAAAAAAAAAAAAAAAAAAA/');
      expect((await app.inject({ method: 'GET', url: guessed })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/files/../secrets.json' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('the default is 3 concepts at 1024x1024; a reference image is the featured product', async () => {
    const reference = path.join(dataDir, 'reference.png');
    await import('node:fs/promises').then((fs) => fs.writeFile(reference, PRODUCT));
    const { ad } = await generateAd(ctx, { brandId, referenceImage: reference });
    expect(ad.concepts).toHaveLength(3);
    expect(ad.dimensions).toBe('1024x1024');
    for (const f of ad.files) {
      const png = decodePng(await readFile(f.path!));
      expect([png.width, png.height]).toEqual([1024, 1024]);
    }
    const list = await listAds(ctx, { brandId });
    expect(list.total).toBe(2);
    expect(list.items[0]).toMatchObject({ id: ad.id, concepts: 3, files: 3, dimensions: '1024x1024' });
  });

  it('regenerate replaces one concept and its image, and deletes the old image', async () => {
    const { items } = await listAds(ctx, { brandId });
    const before = (await getAd(ctx, { id: items[0]!.id }))!;
    const after = await regenerateConcept(ctx, { adId: before.id, concept: 2 });
    expect(after.concepts[1]!.id).toBe(before.concepts[1]!.id);
    expect(after.concepts[1]!.headline).not.toBe(before.concepts[1]!.headline);
    expect(after.concepts[0]).toEqual(before.concepts[0]);
    expect(after.files).toHaveLength(3);
    expect(after.concepts[1]!.file_id).not.toBe(before.concepts[1]!.file_id);
    const old = before.files.find((f) => f.id === before.concepts[1]!.file_id)!;
    await expect(stat(old.path!)).rejects.toThrow();
    await expect(regenerateConcept(ctx, { adId: before.id, concept: 4 })).rejects.toThrow(
      'This ad has concepts 1 to 3 only',
    );
  });

  it('an unreachable website, a forbidden one and bad flags store nothing', async () => {
    const [ads, concepts, files, onDisk] = [
      await count('ads'),
      await count('ad_concepts'),
      await count('files'),
      await filesOnDisk(),
    ];
    await expect(
      generateAd(ctx, { brandId, website: 'http://127.0.0.1:1', sleep: async () => undefined }),
    ).rejects.toThrow(/could not be reached/);
    const closed = await startShopSite({ robots: 'User-agent: *\nDisallow: /\n' });
    try {
      await expect(generateAd(ctx, { brandId, website: closed.url })).rejects.toThrow(/does not allow reading/);
    } finally {
      await closed.close();
    }
    await expect(generateAd(ctx, { brandId, dimensions: '10x10' })).rejects.toThrow(/The size must be WIDTHxHEIGHT/);
    await expect(generateAd(ctx, { brandId, concepts: 11 })).rejects.toThrow(
      'The number of concepts must be a whole number from 1 to 10',
    );
    await expect(generateAd(ctx, { brandId: 99_999_999 })).rejects.toThrow('Brand not found');
    expect([await count('ads'), await count('ad_concepts'), await count('files'), await filesOnDisk()]).toEqual([
      ads,
      concepts,
      files,
      onDisk,
    ]);
  });
});

import { randomBytes } from 'node:crypto';
import { access, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAd } from '../../src/ads/index.ts';
import { createBrandUser } from '../factories/accounts.ts';
import { GONE_PRODUCT_PATH, startShopSite, type ShopSite } from '../fakes/shop-site.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { freePort, spawnServer, untilReady } from '../helpers/worker-process.ts';

const dataDir = path.join(tmpdir(), `reclaim-ads-api-${randomBytes(4).toString('hex')}`);
const t = useTestDatabase();
const api = useBrandApi(t, { RECLAIM_DATA_DIR: dataDir, ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
let site: ShopSite;
let mine: Awaited<ReturnType<typeof createBrandUser>>;
let other: Awaited<ReturnType<typeof createBrandUser>>;

beforeAll(async () => {
  site = await startShopSite();
  mine = await createBrandUser(t.db);
  other = await createBrandUser(t.db);
  await t.db('brands').where({ id: mine.brandId }).update({ name: 'Fernhill', company_website: site.url });
});
afterAll(async () => {
  await site?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the brand API: ads', () => {
  it("lists a brand's ads and shows one with its concepts and images; another brand's user gets 404", async () => {
    const { ad } = await generateAd(api.ctx, { brandId: mine.brandId, concepts: 2, dimensions: '512x512' });
    const token = await api.login(mine.user.email);
    const list = await api.get(`/api/brands/${mine.brandId}/ads`, token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      offset: 0,
      limit: 24,
      items: [
        { id: ad.id, concepts: 2, files: 2, dimensions: '512x512', renderer: 'local', cover_url: ad.files[0]!.href },
      ],
    });
    const one = await api.get(`/api/brands/${mine.brandId}/ads/${ad.id}`, token);
    expect(one.statusCode, one.body).toBe(200);
    const body = one.json().ad;
    expect(body.concepts.map((c: { headline: string }) => c.headline)).toEqual(ad.concepts.map((c) => c.headline));
    expect(body.files[0]).toEqual(expect.objectContaining({ url: ad.files[0]!.href, width: 512, height: 512 }));
    expect(JSON.stringify(body)).not.toContain(dataDir);
    const image = await api.get(body.files[0].url, token);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);

    const stranger = await api.login(other.user.email);
    expect((await api.get(`/api/brands/${mine.brandId}/ads`, stranger)).statusCode).toBe(404);
    const missing = await api.get(`/api/brands/${other.brandId}/ads/${ad.id}`, stranger);
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, 'Ad not found']);
  });
});

describe('the brand API: making ads from the panel', () => {
  const poll = async (url: string, token: string) => {
    for (let i = 0; i < 600; i += 1) {
      const answer = await api.get(url, token);
      expect(answer.statusCode, answer.body).toBe(200);
      const job = answer.json().job;
      if (job.state !== 'working') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the ad job did not finish');
  };

  it('starts a job, its progress ends with the ad; one concept made again; another brand gets 404', async () => {
    const token = await api.login(mine.user.email);
    const options = await api.get(`/api/brands/${mine.brandId}/ads/options`, token);
    expect(options.json()).toMatchObject({ website: site.url, default_concepts: 3, max_concepts: 10 });
    const started = await api.post(`/api/brands/${mine.brandId}/ad-jobs`, token, {
      campaign: 'Panel sale',
      concepts: 2,
      dimensions: '512x512',
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().job).toMatchObject({ state: 'working', ad_id: null });
    const jobUrl = `/api/brands/${mine.brandId}/ad-jobs/${started.json().job.id}`;
    const job = await poll(jobUrl, token);
    expect(job).toMatchObject({ state: 'done', phase: 'store', error: null });
    expect(job.done).toEqual(['scrape', 'concepts', 'images', 'store']);
    const ad = (await api.get(`/api/brands/${mine.brandId}/ads/${job.ad_id}`, token)).json().ad;
    expect([ad.campaign, ad.dimensions, ad.concepts.length]).toEqual(['Panel sale', '512x512', 2]);

    const again = await api.post(`/api/brands/${mine.brandId}/ads/${ad.id}/concepts/2/regenerate`, token);
    expect(again.statusCode, again.body).toBe(200);
    const after = again.json().ad;
    expect(after.concepts[0].file_id).toBe(ad.concepts[0].file_id);
    expect(after.concepts[1].file_id).not.toBe(ad.concepts[1].file_id);
    expect(after.files.map((f: { id: number }) => f.id)).not.toContain(ad.concepts[1].file_id);
    const third = await api.post(`/api/brands/${mine.brandId}/ads/${ad.id}/concepts/3/regenerate`, token);
    expect([third.statusCode, third.json().error.message]).toEqual([400, 'Concept must be from 1 to 2.']);

    const stranger = await api.login(other.user.email);
    const theirs = await api.get(`/api/brands/${other.brandId}/ad-jobs/${started.json().job.id}`, stranger);
    expect([theirs.statusCode, theirs.json().error.message]).toEqual([404, 'Ad job not found']);
    const regen = await api.post(`/api/brands/${other.brandId}/ads/${ad.id}/concepts/1/regenerate`, stranger);
    expect([regen.statusCode, regen.json().error.message]).toEqual([404, 'Ad not found']);
  });

  it('refuses what the service refuses, in its words; a site that cannot be read fails the job with the reason', async () => {
    const token = await api.login(mine.user.email);
    const url = `/api/brands/${mine.brandId}/ad-jobs`;
    const size = await api.post(url, token, { dimensions: '100x100' });
    expect([size.statusCode, size.json().error.message]).toEqual([
      400,
      'The size must be WIDTHxHEIGHT with each side from 256 to 2048 pixels (got "100x100")',
    ]);
    expect((await api.post(url, token, { concepts: 11 })).statusCode).toBe(400);
    await t.db('brands').where({ id: other.brandId }).update({ company_website: null, domain: null });
    const noSite = await api.post(`/api/brands/${other.brandId}/ad-jobs`, await api.login(other.user.email), {});
    expect([noSite.statusCode, noSite.json().error.message]).toEqual([
      400,
      'Give the website to read: this brand has no company website on file.',
    ]);
    const gone = await api.post(url, token, { website: 'http://127.0.0.1:9/', concepts: 1 });
    expect(gone.statusCode, gone.body).toBe(202);
    const job = await poll(`${url}/${gone.json().job.id}`, token);
    expect(job.state).toBe('failed');
    expect(job.error).toBeTruthy();
    expect(job.error).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('reclaim ads', () => {
  const env = () => ({ ...testEnv(t.url), RECLAIM_DATA_DIR: dataDir, ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
  it('generate --json prints the ad, its concepts, files and timings; list, show and regenerate read it', async () => {
    const made = await runCli(
      [
        'ads',
        'generate',
        '--brand',
        String(mine.brandId),
        '--campaign',
        'Spring',
        '--concepts',
        '2',
        '--dimensions',
        '600x400',
        '--json',
      ],
      env(),
    );
    expect(made.code, made.stderr).toBe(0);
    const out = JSON.parse(made.stdout);
    expect(out.concept_ids).toHaveLength(2);
    expect(out.files).toHaveLength(2);
    // No PUBLIC_URL and no server running for this data folder: no link is made up, the files are on disk.
    expect(out.links).toBe('none');
    for (const f of out.files) {
      expect((await stat(f.path)).size).toBeGreaterThan(1000);
      expect(f.url).toBeNull();
      expect([f.width, f.height]).toEqual([600, 400]);
    }
    expect(Object.keys(out.timings)).toEqual(['scrape_ms', 'concepts_ms', 'images_ms', 'store_ms', 'total_ms']);

    const list = await runCli(['ads', 'list', '--brand', String(mine.brandId)], env());
    expect(list.stdout).toContain('2 concept(s), 2 image(s)  600x400');
    const shown = await runCli(['ads', 'show', String(out.ad_id)], env());
    expect(shown.stdout).toContain('Brand knowledge:');
    expect(shown.stdout).toContain('Trail Thermos ($34.00)');
    expect(shown.stdout).toContain(`     Image: ${out.files[0].path}\n`);
    expect(shown.stdout).toContain(
      'Files (no links: PUBLIC_URL is not set and no server is running for this data folder, so these are the files on disk; start one with `reclaim start` or `reclaim serve-webhooks`, or set PUBLIC_URL):',
    );
    const onPublicUrl = await runCli(['ads', 'show', String(out.ad_id)], {
      ...env(),
      PUBLIC_URL: 'https://reclaim.example.com/',
    });
    expect(onPublicUrl.stdout).toContain(
      `     Image: https://reclaim.example.com${out.files[0].path.slice(dataDir.length)}\n`,
    );
    expect(onPublicUrl.stdout).toContain('Files (links on PUBLIC_URL https://reclaim.example.com):');
    const bad = await runCli(['ads', 'regenerate', String(out.ad_id), '--concept', '3'], env());
    expect([bad.code, bad.stderr]).toEqual([1, `Error: --concept must be from 1 to 2 for ad ${out.ad_id}\n`]);
  });

  it('with serve-webhooks running on the data folder, the image links reach it; "Pages read" counts the pages fetched', async () => {
    const port = await freePort();
    const server = spawnServer(t.url, port, { RECLAIM_DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const base = `http://127.0.0.1:${port}`;
    const gone = await startShopSite({ goneProduct: true });
    try {
      await untilReady(base);
      // The server answers as soon as it listens and writes its record just after.
      const recordFile = path.join(dataDir, 'http-server.json');
      await expect
        .poll(() =>
          access(recordFile).then(
            () => true,
            () => false,
          ),
        )
        .toBe(true);
      const record = JSON.parse(await readFile(recordFile, 'utf8'));
      expect(record).toMatchObject({ url: base, port, pid: server.pid });
      const made = await runCli(
        ['ads', 'generate', '--brand', String(mine.brandId), '--website', gone.url, '--concepts', '1'],
        env(),
      );
      expect(made.code, made.stderr).toBe(0);
      const image = made.stdout.match(/ {5}Image: (\S+)\n/)![1]!;
      expect(image).toMatch(new RegExp(`^${base}/files/[A-Za-z0-9_-]{24}/fernhill-1\\.png$`));
      const served = await fetch(image);
      expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
      const ad = await t.db('ads').where({ brand_id: mine.brandId }).orderBy('id', 'desc').first();
      const file = await t.db('files').join('ad_files', 'ad_files.file_id', 'files.id').where({ ad_id: ad.id }).first();
      expect(Buffer.from(await served.arrayBuffer()).equals(await readFile(path.join(dataDir, file.url)))).toBe(true);
      expect(made.stdout).toContain(`Files (links on the server running for this data folder at ${base}):`);

      // Every page the site was asked for is counted; the one that answered 404 is named with its reason.
      const pages = gone.requests.map((r) => r.path).filter((p) => p !== '/robots.txt' && !p.startsWith('/assets/'));
      expect(pages).toContain(GONE_PRODUCT_PATH);
      expect(made.stdout).toContain(
        `  Pages read: ${pages.length - 1} of ${pages.length} fetched; not read: ${gone.url}${GONE_PRODUCT_PATH} (HTTP 404)\n`,
      );
    } finally {
      server.kill('SIGTERM');
      await server;
      await gone.close();
    }
    await expect(access(path.join(dataDir, 'http-server.json'))).rejects.toThrow();
    const after = await runCli(['ads', 'list', '--brand', String(mine.brandId), '--json'], env());
    expect(JSON.parse(after.stdout).items[0].cover_url).toBeNull();
  });

  it('an unreachable website exits 1 with a clear message and stores nothing', async () => {
    const before = await t.db('ads').where({ brand_id: mine.brandId }).count({ n: '*' });
    const failed = await runCli(
      ['ads', 'generate', '--brand', String(mine.brandId), '--website', 'http://127.0.0.1:1'],
      env(),
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      'Error: The website http://127.0.0.1:1/ could not be reached (connection failed); nothing was stored',
    );
    expect(await t.db('ads').where({ brand_id: mine.brandId }).count({ n: '*' })).toEqual(before);
  });
});

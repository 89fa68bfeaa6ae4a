import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAd } from '../../src/ads/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { createBrand } from '../factories/index.ts';
import { N8N_API_KEY, startFakeN8n, type FakeN8n } from '../fakes/automation-api.ts';
import { LOGO, PRODUCT, startShopSite, type ShopSite } from '../fakes/shop-site.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let site: ShopSite;
let n8n: FakeN8n;
let ctx: AppContext;
let dataDir: string;
let brandId: number;
let executionId = 900;

beforeAll(async () => {
  site = await startShopSite();
  n8n = await startFakeN8n();
  dataDir = await mkdtemp(path.join(tmpdir(), 'reclaim-ads-remote-'));
  ctx = await t.context({
    RECLAIM_DATA_DIR: dataDir,
    AUTOMATION_BASE_URL: n8n.url,
    AUTOMATION_API_KEY: N8N_API_KEY,
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
  });
  brandId = (await createBrand(t.db, { name: 'Fernhill', company_website: site.url })).id;
});
afterAll(async () => {
  await site?.close();
  await n8n?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const count = async (table: string) => Number((await t.db(table).where({}).count({ n: '*' }))[0]!.n);

/** The ad generator webhook starts an execution that stays running until `finish` is called. */
function adGenerator(): { id: string; finish: (run: Record<string, unknown>) => void } {
  const id = String((executionId += 1));
  n8n.webhook('ad-generator', () => {
    n8n.executions.set(id, { id, finished: false, mode: 'webhook', status: 'running', workflowId: 'wf-ads' });
    return { executionId: id };
  });
  return { id, finish: (run) => n8n.executions.set(id, { id, workflowId: 'wf-ads', mode: 'webhook', ...run }) };
}

/** A clock that moves only when the code under test sleeps; `onSleep` sees each sleep's number. */
function clock(onSleep: (n: number) => void = () => undefined) {
  let now = 0;
  let sleeps = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
      onSleep((sleeps += 1));
    },
  };
}

describe('ads generate through the automation service', () => {
  it('triggers the ad generator, polls until it finishes, downloads and stores the ad_urls with their captions', async () => {
    const run = adGenerator();
    const c = clock((n) => {
      if (n === 3)
        run.finish({
          finished: true,
          status: 'success',
          data: {
            resultData: {
              runData: {
                Respond: [
                  {
                    data: {
                      main: [
                        [
                          {
                            json: {
                              success: true,
                              ad_urls: [
                                { url: `${site.url}/assets/trail-thermos.png`, caption: 'Warm all winter' },
                                { url: `${site.url}/assets/logo.png`, caption: 'Fernhill, the conscious way' },
                              ],
                            },
                          },
                        ],
                      ],
                    },
                  },
                ],
              },
            },
          },
        });
    });
    const result = await generateAd(ctx, { brandId, campaign: 'Winter sale', ...c });
    expect(result.renderer).toBe('automation');

    const trigger = n8n.requests.filter((r) => r.path === '/webhook/ad-generator').at(-1)!;
    const payload = trigger.body as Record<string, unknown>;
    expect(payload).toMatchObject({
      website: `${site.url}/`,
      campaign: 'Winter sale',
      dimensions: '1024x1024',
      reference_image: null,
      images: expect.arrayContaining([{ url: `${site.url}/assets/logo.png`, type: 'image/png' }]),
    });
    expect(payload.brand_knowledge).toContain('Trail Thermos ($34.00)');
    expect(payload.concepts).toHaveLength(3);
    expect((payload.concepts as Record<string, unknown>[])[0]).toHaveProperty('call_to_action');

    const polls = n8n.requests.filter((r) => r.path === `/api/v1/executions/${run.id}`);
    expect(polls.map((r) => r.query.get('includeData'))).toEqual([null, null, null, 'true']);
    expect(polls.every((r) => r.headers['x-n8n-api-key'] === N8N_API_KEY)).toBe(true);

    const { ad } = result;
    expect(ad.renderer).toBe('automation');
    expect(ad.files.map((f) => f.caption)).toEqual(['Warm all winter', 'Fernhill, the conscious way']);
    expect(await readFile(ad.files[0]!.path!)).toEqual(PRODUCT);
    expect(await readFile(ad.files[1]!.path!)).toEqual(LOGO);
    expect(ad.files.map((f) => [f.width, f.height])).toEqual([
      [400, 400],
      [240, 72],
    ]);
    expect(ad.concepts).toHaveLength(3);
    expect(ad.concepts[2]!.file_id).toBeNull();
    const stored = await t.db('ads').where({ id: ad.id }).first();
    expect(stored.extra_data.execution_id).toBe(run.id);
  });

  it("a failed execution fails with the service's message and stores nothing", async () => {
    const before = [await count('ads'), await count('files')];
    const run = adGenerator();
    const c = clock((n) => {
      if (n === 1)
        run.finish({
          finished: false,
          status: 'error',
          data: { resultData: { error: { message: 'Image model quota exceeded' } } },
        });
    });
    await expect(generateAd(ctx, { brandId, ...c })).rejects.toThrow(
      'Ad generation failed: Image model quota exceeded; nothing was stored',
    );
    expect([await count('ads'), await count('files')]).toEqual(before);
  });

  it('an execution that does not finish before the deadline stores nothing', async () => {
    const before = [await count('ads'), await count('files')];
    const run = adGenerator();
    const c = clock();
    await expect(generateAd(ctx, { brandId, ...c, remoteDeadlineMs: 20_000 })).rejects.toThrow(
      `Ad generation did not finish within 20 s (execution ${run.id}); nothing was stored`,
    );
    const polls = n8n.requests.filter((r) => r.path === `/api/v1/executions/${run.id}`);
    expect(polls.length).toBe(4); // after waits of 1, 2, 4 and 8 s; the next (10 s) would pass 20 s
    expect(c.now()).toBe(15_000);
    expect([await count('ads'), await count('files')]).toEqual(before);
  });

  it('results that report success false carry their message', async () => {
    n8n.webhook('ad-generator', () => ({ success: false, message: 'Website blocked by the image model' }));
    await expect(generateAd(ctx, { brandId, ...clock() })).rejects.toThrow(
      'Ad generation failed: Website blocked by the image model; nothing was stored',
    );
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAd } from '../../src/ads/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { createBrand } from '../factories/index.ts';
import { FAKE_LLM_KEY, FAKE_LLM_MODEL, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai.ts';
import { startShopSite, type ShopSite } from '../fakes/shop-site.ts';
import { useTestDatabase } from '../helpers/db.ts';

// With a model configured (LLM_BASE_URL, LLM_MODEL), ads generate asks it for the concepts through
// the same provider as insights (structured output, the AI cache); the images are still rendered.

const t = useTestDatabase();
let site: ShopSite;
let llm: FakeOpenAi;
let ctx: AppContext;
let dataDir: string;
let brandId: number;

const concept = (n: number) => ({
  headline: `Trail Thermos keeps it hot ${n}`,
  body: 'Twelve hours of hot coffee on the trail, for $34.00.',
  call_to_action: 'Shop now',
  visual_description: 'The thermos on a mossy rock at dawn, steam rising',
  target_audience: 'Hikers who start early',
});

beforeAll(async () => {
  site = await startShopSite();
  llm = await startFakeOpenAi((body) => {
    const asked = Number(/Write exactly (\d+) concept/.exec(body.messages.at(-1)!.content)?.[1] ?? 0);
    return { concepts: Array.from({ length: asked }, (_, i) => concept(i + 1)) };
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'reclaim-ads-llm-'));
  ctx = await t.context({
    RECLAIM_DATA_DIR: dataDir,
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
    PUBLIC_URL: 'https://reclaim.test',
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: FAKE_LLM_KEY,
    LLM_MODEL: FAKE_LLM_MODEL,
  });
  brandId = (await createBrand(t.db, { name: 'Fernhill', company_website: site.url })).id;
});
afterAll(async () => {
  await site?.close();
  await llm?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('ads generate with a model configured', () => {
  it('asks the model for the concepts with the brand knowledge and the campaign, and keeps its answer', async () => {
    const { ad } = await generateAd(ctx, { brandId, campaign: 'Winter sale', concepts: 2, dimensions: '400x400' });
    expect(ad.generator).toBe(`llm:${FAKE_LLM_MODEL}`);
    expect(ad.concepts.map((c) => c.headline)).toEqual([concept(1).headline, concept(2).headline]);
    expect(ad.files).toHaveLength(2);
    expect(llm.completions).toBe(1);
    const request = llm.requests.at(-1)!;
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'ad_concepts', strict: true },
    });
    const prompt = request.body.messages.at(-1)!.content;
    expect(prompt).toContain('Trail Thermos ($34.00)');
    expect(prompt).toContain('Campaign: Winter sale');
    expect(request.headers.authorization).toBe(`Bearer ${FAKE_LLM_KEY}`);
  });

  it('the same request again is answered from the AI cache (no call); an answer short of concepts stores nothing', async () => {
    const before = llm.completions;
    await generateAd(ctx, { brandId, campaign: 'Winter sale', concepts: 2, dimensions: '400x400' });
    expect(llm.completions).toBe(before);

    const ads = Number((await t.db('ads').count({ n: '*' }))[0]!.n);
    const answer = llm.answer;
    llm.answer = () => ({ concepts: [concept(1)] });
    try {
      await expect(
        generateAd(ctx, { brandId, campaign: 'Spring', concepts: 3, dimensions: '400x400' }),
      ).rejects.toThrow(/concept generator gave no usable concepts/);
    } finally {
      llm.answer = answer;
    }
    expect(Number((await t.db('ads').count({ n: '*' }))[0]!.n)).toBe(ads);
  });
});

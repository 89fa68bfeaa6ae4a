/**
 * The brand API's ads: a brand's generated ads (newest first) and one ad with its brand
 * knowledge, concepts and images. Image URLs are server-relative (`/files/<token>/<name>`, served
 * by the same server). An ad of another brand answers 404 'Ad not found' like a missing one.
 * The panel also makes ads: a generation job (the CLI's `generateAd`, in the background, jobs.ts)
 * whose progress it polls, and one concept made again (`regenerateConcept`). Any user of the brand
 * may (an ad changes nothing shoppers receive).
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import { defineRoute, idSchema, page, pageQuery, timestamp, type ApiRoute } from '../http/index.ts';
import { adJob, AD_JOB_NOT_FOUND, startAdJob, type AdJob } from './jobs.ts';
import { DEFAULT_CONCEPTS, MAX_CONCEPTS, parseDimensions } from './rules.ts';
import { AD_NOT_FOUND, getAd, regenerateConcept } from './service.ts';
import { findAdBrand } from './store.ts';
import { listAds, type AdView } from './view.ts';

const adSummarySchema = z.object({
  id: z.number().int(),
  created_at: timestamp(),
  website: z.string().nullable(),
  campaign: z.string().nullable(),
  dimensions: z.string().nullable().describe('WIDTHxHEIGHT'),
  renderer: z.string().nullable().describe('local or automation'),
  concepts: z.number().int().min(0),
  files: z.number().int().min(0),
  cover_url: z.string().nullable().describe('the first image, server-relative'),
});

const conceptSchema = z.object({
  id: z.number().int(),
  index: z.number().int().min(1),
  headline: z.string(),
  body: z.string(),
  call_to_action: z.string(),
  visual_description: z.string(),
  target_audience: z.string(),
  file_id: z.number().int().nullable().describe('its image'),
});

const fileSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  size: z.number().int().nullable(),
  caption: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string().describe('server-relative'),
});

const adSchema = adSummarySchema.omit({ concepts: true, files: true, cover_url: true }).extend({
  updated_at: timestamp(),
  generator: z.string().nullable().describe('what made the concepts: local, or an LLM provider'),
  knowledge_text: z.string().nullable().describe('the brand knowledge read from the website'),
  concepts: z.array(conceptSchema),
  files: z.array(fileSchema),
});

/** Image sizes the panel offers (any WIDTHxHEIGHT from 256 to 2048 a side is accepted). */
export const AD_SIZES = [
  { value: '1024x1024', label: 'Square, 1024 × 1024 (feed)' },
  { value: '1080x1350', label: 'Portrait, 1080 × 1350 (feed, 4:5)' },
  { value: '1080x1920', label: 'Tall, 1080 × 1920 (stories, reels)' },
  { value: '1200x628', label: 'Wide, 1200 × 628 (link ads)' },
] as const;

const NO_WEBSITE = 'Give the website to read: this brand has no company website on file.';
const conceptOutOfRange = (count: number) => `Concept must be from 1 to ${count}.`;

const jobSchema = z.object({
  id: z.string(),
  state: z.enum(['working', 'done', 'failed']),
  phase: z.enum(['scrape', 'concepts', 'images', 'store']).describe('what it is doing (or did last)'),
  detail: z.string().describe('the phase in words, e.g. "2/3" images made'),
  done: z.array(z.enum(['scrape', 'concepts', 'images', 'store'])),
  ad_id: z.number().int().nullable().describe('the ad, once done'),
  error: z.string().nullable(),
  started_at: timestamp(),
  finished_at: timestamp().nullable(),
});

const jobOut = (j: AdJob): z.input<typeof jobSchema> => ({
  id: j.id,
  state: j.state,
  phase: j.phase,
  detail: j.detail,
  done: [...j.done],
  ad_id: j.adId,
  error: j.error,
  started_at: j.startedAt.toISOString(),
  finished_at: j.finishedAt?.toISOString() ?? null,
});

const adOut = (ad: AdView): z.input<typeof adSchema> => ({
  id: ad.id,
  created_at: ad.created_at,
  updated_at: ad.updated_at,
  website: ad.website,
  campaign: ad.campaign,
  dimensions: ad.dimensions,
  renderer: ad.renderer,
  generator: ad.generator,
  knowledge_text: ad.knowledge_text,
  concepts: ad.concepts,
  files: ad.files.map(({ path: _path, href, url: _url, ...f }) => ({ ...f, url: href })),
});

export const adsApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/ads/options',
    tag: 'ads',
    summary: 'What the new-ad form offers: the website read by default, concept counts and image sizes',
    response: z.object({
      website: z.string().nullable().describe("the brand's company website (else its domain)"),
      default_concepts: z.number().int(),
      max_concepts: z.number().int(),
      sizes: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
    handler: async ({ ctx, brand }) => ({
      website: (await findAdBrand(ctx.db, brand.id))?.website ?? null,
      default_concepts: DEFAULT_CONCEPTS,
      max_concepts: MAX_CONCEPTS,
      sizes: AD_SIZES.map((s) => ({ ...s })),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/ad-jobs',
    tag: 'ads',
    summary: 'Start making an ad (as `reclaim ads generate`): answers at once with the job to poll',
    body: z.object({
      website: z.string().trim().max(2000).optional().describe("default: the brand's company website"),
      campaign: z.string().trim().max(500).optional().describe('what the ads are for'),
      concepts: z.number().int().min(1).max(MAX_CONCEPTS).default(DEFAULT_CONCEPTS),
      dimensions: z.string().max(20).default('1024x1024').describe('WIDTHxHEIGHT, each side 256 to 2048'),
    }),
    status: 202,
    response: z.object({ job: jobSchema }),
    handler: async ({ ctx, brand, body }) => {
      parseDimensions(body.dimensions);
      const website = body.website || (await findAdBrand(ctx.db, brand.id))?.website;
      if (!website) throw new AppError('invalid_input', NO_WEBSITE, { code: 'no_website' });
      const { job } = startAdJob(ctx, {
        brandId: brand.id,
        website,
        concepts: body.concepts,
        dimensions: body.dimensions,
        ...(body.campaign ? { campaign: body.campaign } : {}),
      });
      return { job: jobOut(job) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/ad-jobs/:jobId',
    tag: 'ads',
    summary: 'A job making an ad: its phase, what is done, and the ad once made (or why it failed)',
    params: z.object({ jobId: z.string().uuid() }),
    notFound: { message: AD_JOB_NOT_FOUND, code: 'ad_job_not_found' },
    response: z.object({ job: jobSchema }),
    handler: async ({ brand, params }) => ({ job: jobOut(adJob(brand.id, params.jobId)) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/ads/:adId/concepts/:index/regenerate',
    tag: 'ads',
    summary: 'Make one concept again (the next variant) with a new image; the old image is deleted',
    params: z.object({ adId: idSchema(), index: z.coerce.number().int().min(1).max(MAX_CONCEPTS) }),
    notFound: { message: AD_NOT_FOUND, code: 'ad_not_found' },
    response: z.object({ ad: adSchema }),
    handler: async ({ ctx, brand, params }) => {
      const ad = await getAd(ctx, { id: params.adId, brandId: brand.id });
      if (!ad) throw new AppError('not_found', AD_NOT_FOUND, { code: 'ad_not_found' });
      if (params.index > ad.concepts.length)
        throw new AppError('invalid_input', conceptOutOfRange(ad.concepts.length), { code: 'invalid_concept' });
      return { ad: adOut(await regenerateConcept(ctx, { adId: ad.id, concept: params.index })) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/ads',
    tag: 'ads',
    summary: "The brand's generated ads, newest first",
    query: z.object(pageQuery(24, 100)),
    response: page(adSummarySchema),
    handler: async ({ ctx, brand, query }) => {
      const { items, total } = await listAds(ctx, { brandId: brand.id, ...query });
      return {
        items: items.map((a) => ({ ...a, cover_url: a.cover_href })),
        total,
        offset: query.offset,
        limit: query.limit,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/ads/:adId',
    tag: 'ads',
    summary: 'One ad: the brand knowledge, its concepts and its images',
    params: z.object({ adId: idSchema() }),
    notFound: AD_NOT_FOUND,
    response: z.object({ ad: adSchema }),
    handler: async ({ ctx, brand, params }) => {
      const ad = await getAd(ctx, { id: params.adId, brandId: brand.id });
      if (!ad) throw new AppError('not_found', AD_NOT_FOUND, { code: 'ad_not_found' });
      return { ad: adOut(ad) };
    },
  }),
];

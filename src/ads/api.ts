/**
 * The brand API's ads: a brand's generated ads (newest first) and one ad with its brand
 * knowledge, concepts and images. Image URLs are server-relative (`/files/<token>/<name>`, served
 * by the same server). An ad of another brand answers 404 'Ad not found' like a missing one.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import { defineRoute, idSchema, page, pageQuery, timestamp, type ApiRoute } from '../http/index.ts';
import { AD_NOT_FOUND, getAd } from './service.ts';
import { listAds } from './view.ts';

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

export const adsApi: ApiRoute[] = [
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
      return {
        ad: {
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
        },
      };
    },
  }),
];

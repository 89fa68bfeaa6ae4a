/**
 * Ad generation: scrape the brand's website into brand knowledge, make N concepts, make one image
 * per concept (the automation service's ad generator when AUTOMATION_BASE_URL is set, else the
 * local renderer), then store the ad, its concepts and its files in one transaction: an ad row
 * exists only with its concepts and files. Images are written to disk first and removed again
 * when anything fails. Also: a brand's ads, one ad, and regenerating one concept.
 */
import { AppError, type AppContext } from '../app/index.ts';
import type { Sleep } from '../http/index.ts';
import { makeImages, readReferenceImage } from './images.ts';
import { type AdConcept, type ConceptGenerator } from './concepts.ts';
import { conceptGeneratorFor } from './llm-concepts.ts';
import { linkBase, readStoredFile, removeStoredFiles, storeFile } from './files.ts';
import { knowledgeText, pagesRead, type BrandKnowledge } from './knowledge.ts';
import { downloadImage } from './remote.ts';
import { DEFAULT_CONCEPTS, formatDimensions, MAX_CONCEPTS, parseDimensions } from './rules.ts';
import { imageType, scrapeWebsite } from './scrape.ts';
import {
  deleteFiles,
  findAdBrand,
  insertAd,
  insertAdFiles,
  insertConcepts,
  mergeAdExtra,
  readAd,
  updateConcept,
} from './store.ts';
import { adView, type AdView } from './view.ts';

export type AdPhase = 'scrape' | 'concepts' | 'images' | 'store';

export interface GenerateAdOptions {
  brandId: number;
  website?: string;
  campaign?: string;
  concepts?: number;
  dimensions?: string;
  /** A PNG or JPEG on disk: the product image of local renders, the reference_image of remote ones. */
  referenceImage?: string;
  generator?: ConceptGenerator;
  onProgress?: (phase: AdPhase, detail: string) => void;
  sleep?: Sleep;
  now?: () => number;
  remoteDeadlineMs?: number;
}

export interface GeneratedAd {
  ad: AdView;
  renderer: 'local' | 'automation';
  timings: Record<`${AdPhase}_ms` | 'total_ms', number>;
}

const elapsed = (from: number) => Math.round(performance.now() - from);

const conceptExtra = (c: AdConcept, index: number, generator: string, variant: number, fileId?: number) => ({
  call_to_action: c.call_to_action,
  visual_description: c.visual_description,
  target_audience: c.target_audience,
  index,
  generator,
  variant,
  ...(fileId === undefined ? {} : { file_id: fileId }),
});

export async function generateAd(ctx: AppContext, options: GenerateAdOptions): Promise<GeneratedAd> {
  const t0 = performance.now();
  const count = options.concepts ?? DEFAULT_CONCEPTS;
  if (!Number.isInteger(count) || count < 1 || count > MAX_CONCEPTS)
    throw new AppError('invalid_input', `The number of concepts must be a whole number from 1 to ${MAX_CONCEPTS}`, {
      code: 'invalid_concepts',
      cliMessage: `--concepts must be a whole number from 1 to ${MAX_CONCEPTS}`,
    });
  const dimensions = parseDimensions(options.dimensions);
  const campaign = options.campaign?.trim() || undefined;
  const brand = await findAdBrand(ctx.db, options.brandId);
  if (!brand) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  const website = options.website?.trim() || brand.website;
  if (!website)
    throw new AppError('invalid_input', 'Give the website to read: this brand has no company website on file.', {
      code: 'no_website',
      cliMessage: `Brand ${brand.id} has no company website; give one with --website URL`,
    });
  const reference = await readReferenceImage(options.referenceImage);
  const progress = options.onProgress ?? (() => undefined);

  progress('scrape', `reading ${website}`);
  const scraped = await scrapeWebsite({
    website,
    logger: ctx.logger,
    allowPrivateNetwork: ctx.config.ALLOW_PRIVATE_NETWORK_FETCH,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const { knowledge } = scraped;
  const text = knowledgeText(brand.name, knowledge);
  const scrapeMs = elapsed(t0);
  progress('scrape', `${pagesRead(knowledge)}; ${knowledge.products.length} product(s)`);

  const t1 = performance.now();
  const generator = options.generator ?? conceptGeneratorFor(ctx);
  const concepts = await generator.generate({
    brandName: brand.name,
    knowledge,
    knowledgeText: text,
    ...(campaign ? { campaign } : {}),
    count,
    variant: 0,
  });
  const conceptsMs = elapsed(t1);
  progress('concepts', `${concepts.length} concept(s) by the ${generator.name} generator`);

  const t2 = performance.now();
  const renderer = ctx.config.AUTOMATION_BASE_URL ? 'automation' : 'local';
  const { files, executionId } = await makeImages({
    ctx,
    brandName: brand.name,
    website: knowledge.website,
    knowledge,
    text,
    concepts,
    dimensions,
    ...(campaign ? { campaign } : {}),
    ...(scraped.logo ? { logo: scraped.logo } : {}),
    ...(scraped.productImage ? { productImage: scraped.productImage } : {}),
    ...(reference ? { reference } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.remoteDeadlineMs ? { deadlineMs: options.remoteDeadlineMs } : {}),
    onImage: (done, total) => progress('images', `${done}/${total}`),
  });
  const imagesMs = elapsed(t2);

  const t3 = performance.now();
  let adId: number;
  let referenceUrl: string | undefined;
  try {
    if (reference) {
      const stored = await storeFile(
        ctx.config,
        `reference.${reference.type === 'image/png' ? 'png' : 'jpg'}`,
        reference.data,
      );
      referenceUrl = stored.url;
    }
    adId = await ctx.db.transaction(async (tx) => {
      const id = await insertAd(tx, brand.id, {
        website: knowledge.website,
        campaign: campaign ?? null,
        dimensions: formatDimensions(dimensions),
        renderer,
        generator: generator.name,
        knowledge,
        knowledge_text: text,
        assets: {
          logo: scraped.logo?.url ?? null,
          product_image: scraped.productImage?.url ?? null,
          reference_image: referenceUrl ?? null,
        },
        ...(executionId ? { execution_id: executionId } : {}),
      });
      const fileIds = await insertAdFiles(tx, id, brand.id, files);
      const byConcept = new Map(files.map((f, i) => [f.concept, fileIds[i]]));
      await insertConcepts(
        tx,
        id,
        concepts.map((c, i) => ({
          title: c.headline,
          body: c.body,
          extra: conceptExtra(c, i + 1, generator.name, 0, byConcept.get(i)),
        })),
      );
      return id;
    });
  } catch (error) {
    await removeStoredFiles(ctx.config, [...files.map((f) => f.url), ...(referenceUrl ? [referenceUrl] : [])]);
    throw error;
  }
  const storeMs = elapsed(t3);
  const ad = (await getAd(ctx, { id: adId }))!;
  progress('store', `ad ${ad.id} stored`);
  return {
    ad,
    renderer,
    timings: {
      scrape_ms: scrapeMs,
      concepts_ms: conceptsMs,
      images_ms: imagesMs,
      store_ms: storeMs,
      total_ms: elapsed(t0),
    },
  };
}

/** One ad (of a brand when given); undefined when there is none. */
export async function getAd(
  ctx: AppContext,
  { id, brandId }: { id: number; brandId?: number },
): Promise<AdView | undefined> {
  const found = await readAd(ctx.db, id, brandId);
  return found ? adView(ctx.config, await linkBase(ctx.config), found) : undefined;
}

export const AD_NOT_FOUND = 'Ad not found';

/**
 * Replaces concept N (from 1) of an ad with the generator's next variant and a new image: the
 * assets are fetched again (or read from the stored reference image); the old image is deleted.
 */
export async function regenerateConcept(
  ctx: AppContext,
  options: { adId: number; concept: number; generator?: ConceptGenerator; sleep?: Sleep; now?: () => number },
): Promise<AdView> {
  const found = await readAd(ctx.db, options.adId);
  if (!found) throw new AppError('not_found', AD_NOT_FOUND, { code: 'ad_not_found' });
  const target = found.concepts[options.concept - 1];
  if (!target)
    throw new AppError('invalid_input', `This ad has concepts 1 to ${found.concepts.length} only`, {
      code: 'invalid_concept',
      cliMessage: `--concept must be from 1 to ${found.concepts.length} for ad ${options.adId}`,
    });
  const extra = found.ad.extra_data;
  const knowledge = extra.knowledge as BrandKnowledge;
  const brand = (await findAdBrand(ctx.db, found.ad.brand_id))!;
  const variant = Number(target.extra_data.variant ?? 0) + 1;
  const generator = options.generator ?? conceptGeneratorFor(ctx);
  const text = String(extra.knowledge_text ?? knowledgeText(brand.name, knowledge));
  const campaign = typeof extra.campaign === 'string' ? extra.campaign : undefined;
  const all = await generator.generate({
    brandName: brand.name,
    knowledge,
    knowledgeText: text,
    ...(campaign ? { campaign } : {}),
    count: found.concepts.length,
    variant,
  });
  const concept = all[options.concept - 1]!;
  const assets = (extra.assets ?? {}) as Record<string, string | null>;
  const fetchAsset = async (url: string | null | undefined) =>
    url && /^https?:/.test(url)
      ? downloadImage(url, { allowPrivateNetwork: ctx.config.ALLOW_PRIVATE_NETWORK_FETCH }).catch(() => undefined)
      : undefined;
  const logo = await fetchAsset(assets.logo);
  const productImage = await fetchAsset(assets.product_image);
  const refData = assets.reference_image
    ? await readStoredFile(ctx.config, assets.reference_image)?.catch(() => undefined)
    : undefined;
  const reference =
    refData && imageType(refData)
      ? { url: assets.reference_image!, type: imageType(refData)!, data: refData }
      : undefined;
  const { files: made } = await makeImages({
    ctx,
    brandName: brand.name,
    website: String(extra.website ?? knowledge.website),
    knowledge,
    text,
    concepts: [concept],
    dimensions: parseDimensions(String(extra.dimensions ?? '1024x1024')),
    ...(campaign ? { campaign } : {}),
    ...(logo ? { logo } : {}),
    ...(productImage ? { productImage } : {}),
    ...(reference ? { reference } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  // One image per concept: extra images a remote generator returned are not kept.
  const files = made.slice(0, 1);
  await removeStoredFiles(
    ctx.config,
    made.slice(1).map((f) => f.url),
  );
  const oldFileId = typeof target.extra_data.file_id === 'number' ? target.extra_data.file_id : undefined;
  let removed: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const [fileId] = await insertAdFiles(tx, found.ad.id, found.ad.brand_id, files);
      await updateConcept(tx, target.id, {
        title: concept.headline,
        body: concept.body,
        extra: conceptExtra(concept, options.concept, generator.name, variant, fileId),
      });
      removed = oldFileId === undefined ? [] : await deleteFiles(tx, [oldFileId]);
      await mergeAdExtra(tx, found.ad.id, { regenerated_at: new Date().toISOString() });
    });
  } catch (error) {
    await removeStoredFiles(
      ctx.config,
      files.map((f) => f.url),
    );
    throw error;
  }
  await removeStoredFiles(ctx.config, removed);
  return (await getAd(ctx, { id: found.ad.id }))!;
}

import { Command } from 'commander';
import {
  AD_NOT_FOUND,
  DEFAULT_CONCEPTS,
  generateAd,
  getAd,
  listAds,
  MAX_CONCEPTS,
  regenerateConcept,
  type AdPhase,
} from '../ads/index.ts';
import { requireBrand } from '../accounts/index.ts';
import { AppError } from '../app/index.ts';
import { parseIntegerFlag, parsePositiveIntegerFlag } from './flags.ts';
import { adLines, adList, generatedJson } from './format/ads.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

/** Progress on stderr, only on a terminal and never with --json. */
const progress = (json?: boolean) =>
  process.stderr.isTTY && !json
    ? (phase: AdPhase, detail: string) => process.stderr.write(`${phase.padEnd(8)} ${detail}\n`)
    : undefined;

export function adsCommand(): Command {
  const ads = withExamples(
    new Command('ads').description("ad concepts and images from a brand's website: generate, list, show, regenerate"),
    'reclaim ads generate --brand 1 --campaign "Black Friday"',
  );

  withExamples(
    ads
      .command('generate')
      .description(
        "read the brand's website (robots.txt honoured), write concepts and make one image per concept: locally, or through the automation service when AUTOMATION_BASE_URL is set. Image links are on PUBLIC_URL, else on the server `reclaim start` or `serve-webhooks` runs for this data folder, else the files on disk are printed",
      )
      .requiredOption('--brand <id>', 'brand id')
      .option('--website <url>', "the site to read (default: the brand's company website)")
      .option('--campaign <text>', 'what the ads are for')
      .option('--concepts <n>', `how many concepts, 1 to ${MAX_CONCEPTS}`, String(DEFAULT_CONCEPTS))
      .option('--dimensions <WxH>', 'image size in pixels, each side 256 to 2048', '1024x1024')
      .option('--reference-image <file>', 'a PNG or JPEG to feature (the product image)')
      .option(
        '--json',
        'print {ad_id, concept_ids, links, files (path, url), timings} as JSON; links says what the urls are built on: PUBLIC_URL, the server running for this data folder, or none (url null)',
      ),
    'reclaim ads generate --brand 1',
    'PUBLIC_URL=https://reclaim.example.com reclaim ads generate --brand 1 --concepts 2',
    'reclaim ads generate --brand 1 --website https://shop.example --campaign "Winter sale" --concepts 4 --dimensions 1080x1350 --json',
  ).action(
    action(
      async (opts: {
        brand: string;
        website?: string;
        campaign?: string;
        concepts: string;
        dimensions: string;
        referenceImage?: string;
        json?: boolean;
      }) => {
        const brandId = parseIntegerFlag('--brand', opts.brand);
        const concepts = parsePositiveIntegerFlag('--concepts', opts.concepts, { max: MAX_CONCEPTS });
        await withContext(async (ctx) => {
          const onProgress = progress(opts.json);
          const result = await generateAd(ctx, {
            brandId,
            concepts,
            dimensions: opts.dimensions,
            ...(opts.website ? { website: opts.website } : {}),
            ...(opts.campaign ? { campaign: opts.campaign } : {}),
            ...(opts.referenceImage ? { referenceImage: opts.referenceImage } : {}),
            ...(onProgress ? { onProgress } : {}),
          });
          if (opts.json) return printJson(generatedJson(result));
          const t = result.timings;
          printLines(
            ...adLines(result.ad),
            '',
            `Took ${t.total_ms} ms: scrape ${t.scrape_ms}, concepts ${t.concepts_ms}, images ${t.images_ms}, store ${t.store_ms}.`,
          );
        });
      },
    ),
  );

  withExamples(
    ads
      .command('list')
      .description("a brand's ads, newest first")
      .requiredOption('--brand <id>', 'brand id')
      .option('--offset <n>', 'skip this many', '0')
      .option('--limit <n>', 'show this many (at most 100)', '50')
      .option('--json', 'print {items, total} as JSON'),
    'reclaim ads list --brand 1',
  ).action(
    action(async (opts: { brand: string; offset: string; limit: string; json?: boolean }) => {
      const input = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        offset: parseIntegerFlag('--offset', opts.offset),
        limit: parsePositiveIntegerFlag('--limit', opts.limit, { max: 100 }),
      };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, input.brandId);
        const list = await listAds(ctx, input);
        if (opts.json) return printJson(list);
        printLines(...adList(list));
      });
    }),
  );

  withExamples(
    ads
      .command('show')
      .description('one ad: the brand knowledge, its concepts and its images')
      .argument('<id>', 'ad id')
      .option('--json', 'print the ad as JSON'),
    'reclaim ads show 12',
  ).action(
    action(async (id: string, opts: { json?: boolean }) => {
      const adId = parseIntegerFlag('ad id', id);
      await withContext(async (ctx) => {
        const ad = await getAd(ctx, { id: adId });
        if (!ad) throw new AppError('not_found', AD_NOT_FOUND, { code: 'ad_not_found' });
        if (opts.json) return printJson(ad);
        printLines(...adLines(ad));
      });
    }),
  );

  withExamples(
    ads
      .command('regenerate')
      .description('replace one concept of an ad (the next variant) and its image')
      .argument('<id>', 'ad id')
      .requiredOption('--concept <n>', 'which concept, from 1')
      .option('--json', 'print the ad as JSON'),
    'reclaim ads regenerate 12 --concept 2',
  ).action(
    action(async (id: string, opts: { concept: string; json?: boolean }) => {
      const input = {
        adId: parseIntegerFlag('ad id', id),
        concept: parsePositiveIntegerFlag('--concept', opts.concept),
      };
      await withContext(async (ctx) => {
        const ad = await regenerateConcept(ctx, input);
        if (opts.json) return printJson(ad);
        printLines(...adLines(ad));
      });
    }),
  );
  return ads;
}

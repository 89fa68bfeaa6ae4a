/**
 * The images of an ad: one per concept, from the automation service's ad generator when
 * AUTOMATION_BASE_URL is set (as many as it returns) or the local renderer, written to the data
 * dir; on any failure the files written so far are removed again. And the --reference-image file.
 */
import { readFile, stat } from 'node:fs/promises';
import { AppError, type AppContext } from '../app/index.ts';
import type { Sleep } from '../http/index.ts';
import { createAutomationService } from '../integrations/index.ts';
import type { AdConcept } from './concepts.ts';
import { removeStoredFiles, storeFile } from './files.ts';
import type { BrandKnowledge } from './knowledge.ts';
import { generateRemoteImages } from './remote.ts';
import { renderAd } from './render.ts';
import { formatDimensions, MAX_ASSET_BYTES, type Dimensions } from './rules.ts';
import { imageType, type ImageAsset } from './scrape.ts';
import type { NewFile } from './store.ts';
import { imageSize } from './view.ts';

export async function readReferenceImage(file: string | undefined): Promise<ImageAsset | undefined> {
  if (file === undefined) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile())
    throw new AppError('invalid_input', `--reference-image: no such file: ${file}`, {
      code: 'invalid_reference_image',
    });
  if (info.size > MAX_ASSET_BYTES)
    throw new AppError('invalid_input', `--reference-image must be at most ${MAX_ASSET_BYTES / 1024 / 1024} MB`, {
      code: 'invalid_reference_image',
    });
  const data = await readFile(file);
  const type = imageType(data);
  if (!type)
    throw new AppError('invalid_input', '--reference-image must be a PNG or JPEG file', {
      code: 'invalid_reference_image',
    });
  return { url: `file:${file}`, type, data };
}

const dataUrl = (a: ImageAsset) => `data:${a.type};base64,${a.data.toString('base64')}`;

export interface Imaging {
  ctx: AppContext;
  brandName: string;
  website: string;
  knowledge: BrandKnowledge;
  text: string;
  campaign?: string;
  concepts: AdConcept[];
  dimensions: Dimensions;
  logo?: ImageAsset;
  productImage?: ImageAsset;
  reference?: ImageAsset;
  sleep?: Sleep;
  now?: () => number;
  deadlineMs?: number;
  onImage?: (done: number, total: number) => void;
}

/** One image per concept (remote: as many as the ad generator returns), written to the data dir. */
export async function makeImages(
  m: Imaging,
): Promise<{ files: (NewFile & { concept?: number })[]; executionId?: string }> {
  const { ctx } = m;
  const files: (NewFile & { concept?: number })[] = [];
  const slug =
    m.brandName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40) || 'ad';
  try {
    if (ctx.config.AUTOMATION_BASE_URL) {
      const service = createAutomationService({
        baseUrl: ctx.config.AUTOMATION_BASE_URL,
        apiKey: ctx.config.AUTOMATION_API_KEY,
        logger: ctx.logger,
        ...(m.sleep ? { sleep: m.sleep } : {}),
      });
      const { executionId, images } = await generateRemoteImages({
        service,
        logger: ctx.logger,
        allowPrivateNetwork: ctx.config.ALLOW_PRIVATE_NETWORK_FETCH,
        ...(m.sleep ? { sleep: m.sleep } : {}),
        ...(m.now ? { now: m.now } : {}),
        ...(m.deadlineMs ? { deadlineMs: m.deadlineMs } : {}),
        payload: {
          website: m.website,
          brand_knowledge: m.text,
          campaign: m.campaign ?? null,
          concepts: m.concepts,
          dimensions: formatDimensions(m.dimensions),
          reference_image: m.reference ? dataUrl(m.reference) : null,
          images: [...(m.productImage ? [m.productImage] : []), ...(m.logo ? [m.logo] : [])].map((a) => ({
            url: a.url,
            type: a.type,
          })),
        },
      });
      for (const [i, image] of images.entries()) {
        const ext = image.type === 'image/png' ? 'png' : 'jpg';
        const stored = await storeFile(ctx.config, `${slug}-${i + 1}.${ext}`, image.data);
        const size = imageSize(image.data) ?? m.dimensions;
        files.push({
          ...stored,
          type: image.type,
          ...size,
          caption: image.caption || (m.concepts[i]?.headline ?? ''),
          ...(i < m.concepts.length ? { concept: i } : {}),
        });
        m.onImage?.(i + 1, images.length);
      }
      return { files, executionId };
    }
    for (const [i, concept] of m.concepts.entries()) {
      const rendered = await renderAd({
        concept,
        brandName: m.brandName,
        palette: m.knowledge.palette,
        dimensions: m.dimensions,
        ...(m.logo ? { logo: m.logo } : {}),
        ...((m.reference ?? m.productImage) ? { productImage: (m.reference ?? m.productImage)! } : {}),
      });
      const stored = await storeFile(ctx.config, `${slug}-${i + 1}.png`, rendered.png);
      files.push({
        ...stored,
        type: 'image/png',
        width: rendered.width,
        height: rendered.height,
        caption: concept.headline,
        concept: i,
      });
      m.onImage?.(i + 1, m.concepts.length);
    }
    return { files };
  } catch (error) {
    await removeStoredFiles(
      ctx.config,
      files.map((f) => f.url),
    );
    throw error;
  }
}

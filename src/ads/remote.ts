/**
 * Ad images from the automation service's ad generator: trigger it with the ad generation
 * payload, poll executions/{id} with a doubling wait (1 s up to 10 s) until it finishes or the
 * deadline passes, read the results with includeData=true (`success` and `ad_urls`, each a url and
 * a caption, found wherever the run put them), and download each image (PNG or JPEG, at most
 * MAX_ASSET_BYTES) through the shared HTTP client. Failures carry the service's own message.
 */
import { z } from 'zod';
import { AppError, type Logger } from '../app/index.ts';
import { createHttpClient, HttpNetworkError, realSleep, type Sleep } from '../http/index.ts';
import type { AutomationService } from '../integrations/index.ts';
import { MAX_ASSET_BYTES, REMOTE_DEADLINE_MS, REMOTE_FIRST_POLL_MS, REMOTE_MAX_POLL_MS } from './rules.ts';
import { imageType, type ImageAsset } from './scrape.ts';

type Json = Record<string, unknown>;

export interface AdGenerationPayload {
  website: string;
  brand_knowledge: string;
  campaign: string | null;
  concepts: Json[];
  dimensions: string;
  reference_image: string | null;
  images: { url: string; type: string }[];
}

export interface RemoteOptions {
  service: AutomationService;
  payload: AdGenerationPayload;
  logger?: Logger;
  sleep?: Sleep;
  now?: () => number;
  deadlineMs?: number;
  /** ALLOW_PRIVATE_NETWORK_FETCH: download images from private addresses (default false: refused). */
  allowPrivateNetwork?: boolean;
}

export interface RemoteImage extends ImageAsset {
  caption: string;
}

const resultsSchema = z.object({
  success: z.boolean().optional(),
  message: z.string().optional(),
  ad_urls: z.array(z.object({ url: z.url(), caption: z.string().optional().nullable() })),
});

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled', 'cancelled']);

/** The first object holding `ad_urls` (or `success: false`) anywhere in a run's data. */
function findResults(data: unknown, depth = 0): Json | undefined {
  if (!data || typeof data !== 'object' || depth > 12) return undefined;
  if (!Array.isArray(data) && ('ad_urls' in data || (data as Json).success === false)) return data as Json;
  for (const value of Object.values(data)) {
    const found = findResults(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The message of a failed run: n8n keeps it at data.resultData.error.message. */
function runError(data: unknown): string | undefined {
  const error = ((data as Json | undefined)?.resultData as Json | undefined)?.error as Json | undefined;
  const message = error?.message ?? error?.description;
  return typeof message === 'string' && message.trim() ? message.trim() : undefined;
}

const failed = (message: string, code: string) =>
  new AppError('upstream', `Ad generation failed: ${message}; nothing was stored`, { code });

export async function generateRemoteImages(
  options: RemoteOptions,
): Promise<{ executionId: string; images: RemoteImage[] }> {
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const deadline = options.deadlineMs ?? REMOTE_DEADLINE_MS;
  const started = now();
  const answer = ((await options.service.triggerAdGenerator(options.payload as unknown as Json)) ?? {}) as Json;
  const immediate = findResults(answer);
  const rawId = answer.executionId ?? answer.execution_id ?? (answer.data as Json | undefined)?.executionId;
  let results: Json | undefined = immediate;
  const executionId = rawId === undefined || rawId === null ? '' : String(rawId);
  if (!results) {
    if (!executionId)
      throw failed('the automation service answered without an executionId', 'ad_generation_no_execution');
    let wait = REMOTE_FIRST_POLL_MS;
    for (;;) {
      if (now() - started + wait > deadline)
        throw new AppError(
          'upstream',
          `Ad generation did not finish within ${Math.round(deadline / 1000)} s (execution ${executionId}); nothing was stored`,
          { code: 'ad_generation_timeout', details: { execution_id: executionId } },
        );
      await sleep(wait);
      wait = Math.min(wait * 2, REMOTE_MAX_POLL_MS);
      const execution = await options.service.getExecution(executionId);
      options.logger?.debug({ execution_id: executionId, status: execution.status }, 'ad generator polled');
      if (!execution.finished && !FINISHED.has(execution.status)) continue;
      const full = await options.service.getExecution(executionId, { includeData: true });
      if (full.status !== 'success')
        throw failed(runError(full.data) ?? `the execution ended ${full.status}`, 'ad_generation_failed');
      results = findResults(full.data);
      break;
    }
  }
  const parsed = resultsSchema.safeParse(results);
  if (results?.success === false || !parsed.success) {
    const message = typeof results?.message === 'string' ? results.message : 'no ad_urls in the results';
    throw failed(message, 'ad_generation_failed');
  }
  if (parsed.data.ad_urls.length === 0) throw failed('the ad generator returned no images', 'ad_generation_failed');
  const images: RemoteImage[] = [];
  for (const item of parsed.data.ad_urls)
    images.push({ ...(await downloadImage(item.url, options)), caption: item.caption?.trim() || '' });
  return { executionId, images };
}

/**
 * One image by URL through the shared HTTP client: PNG or JPEG, at most MAX_ASSET_BYTES. The URL
 * comes from a service's answer or a stored ad, so it goes through the private-address guard.
 */
export async function downloadImage(
  href: string,
  {
    logger,
    sleep,
    allowPrivateNetwork = false,
  }: { logger?: Logger; sleep?: Sleep; allowPrivateNetwork?: boolean } = {},
): Promise<ImageAsset> {
  const url = new URL(href);
  const client = createHttpClient({
    service: 'ad image',
    baseUrl: url.origin,
    timeoutMs: 30_000,
    retries: 2,
    guard: { allowPrivate: allowPrivateNetwork },
    ...(sleep ? { sleep } : {}),
    ...(logger ? { logger } : {}),
  });
  let answer;
  try {
    answer = await client.request({ path: `${url.pathname}${url.search}`, maxBytes: MAX_ASSET_BYTES });
  } catch (error) {
    if (error instanceof HttpNetworkError)
      throw failed(`the image at ${url.origin}${url.pathname} could not be downloaded`, 'ad_image_unreachable');
    throw error;
  }
  if (!answer.ok)
    throw failed(`the image at ${url.origin}${url.pathname} answered HTTP ${answer.status}`, 'ad_image_failed');
  const data = answer.bytes();
  const type = imageType(data);
  if (!type) throw failed(`the image at ${url.origin}${url.pathname} is not a PNG or JPEG`, 'ad_image_invalid');
  return { url: href, type, data };
}

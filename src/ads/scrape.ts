/**
 * Reads a brand's website politely, on the shared HTTP client: robots.txt first (its rules for
 * `reclaim-ads`, else `*`; a robots.txt that answers 5xx forbids everything, a 4xx allows
 * everything), an identifying user agent, a timeout and a size limit per page, same-site links
 * only (the host with or without `www.`), at most MAX_PAGES pages with the Crawl-delay honoured
 * (at most 2 s), product pages first. Every page and image goes through the client's
 * private-address guard: a site on a private address is refused before anything is read, and a
 * later page or image that is refused is left out. Also fetches up to two same-site stylesheets (for colours),
 * the logo and one product image (PNG or JPEG, for the local renderer).
 */
import { AppError, type Logger } from '../app/index.ts';
import { createHttpClient, HttpNetworkError, realSleep, type HttpClient, type Sleep } from '../http/index.ts';
import { countCssColours, extractPage, type PageFacts } from './extract.ts';
import { mergeKnowledge, type BrandKnowledge, type PageNotRead } from './knowledge.ts';
import {
  MAX_ASSET_BYTES,
  MAX_PAGE_BYTES,
  MAX_PAGES,
  MIN_USABLE_TEXT,
  PAGE_TIMEOUT_MS,
  parseRobots,
  robotsAllows,
  type Robots,
} from './rules.ts';

export const USER_AGENT = 'reclaim-ads/1.0 (brand website reader for ad generation; obeys robots.txt)';

export interface ImageAsset {
  url: string;
  type: 'image/png' | 'image/jpeg';
  data: Buffer;
}

export interface ScrapeResult {
  knowledge: BrandKnowledge;
  logo?: ImageAsset;
  productImage?: ImageAsset;
  /** Every URL requested, in order (robots.txt included). */
  requested: string[];
}

export interface ScrapeOptions {
  website: string;
  logger?: Logger;
  sleep?: Sleep;
  maxPages?: number;
  /** ALLOW_PRIVATE_NETWORK_FETCH: read a site on a private address (default false: refused). */
  allowPrivateNetwork?: boolean;
}

/** The website as an origin-relative start URL; a clear error when it is not an http(s) URL. */
export function websiteUrl(value: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim()) ? value.trim() : `https://${value.trim()}`);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw new AppError('invalid_input', `The website must be an http(s) URL (got "${value}")`, {
      code: 'invalid_website',
    });
  url.hash = '';
  return url;
}

const bareHost = (host: string): string => host.toLowerCase().replace(/^www\./, '');
export const sameSite = (a: URL, b: URL): boolean =>
  a.protocol.startsWith('http') && bareHost(a.host) === bareHost(b.host);

const SKIP =
  /\.(?:pdf|zip|jpe?g|png|gif|webp|svg|mp4|mp3|css|js|xml|json|ico)$|\/(?:cart|checkout|account|login|logout|search)(?:\/|$)/i;
const linkScore = (url: URL): number =>
  /\/(?:products?|shop|collections?|store|items?)(?:\/|$)/i.test(url.pathname)
    ? 2
    : /\/(?:about|our-story|story)/i.test(url.pathname)
      ? 1
      : 0;

function unreachable(website: string, error: HttpNetworkError): AppError {
  return new AppError(
    'upstream',
    `The website ${website} could not be reached (${error.timedOut ? 'no answer in time' : 'connection failed'}); nothing was stored`,
    { code: 'website_unreachable', cause: error },
  );
}

export async function scrapeWebsite(options: ScrapeOptions): Promise<ScrapeResult> {
  const start = websiteUrl(options.website);
  const sleep = options.sleep ?? realSleep;
  const requested: string[] = [];
  const clients = new Map<string, HttpClient>();
  const clientFor = (origin: string): HttpClient => {
    let client = clients.get(origin);
    if (!client) {
      client = createHttpClient({
        service: 'website',
        baseUrl: origin,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml,text/css,image/*;q=0.8,*/*;q=0.5',
        },
        timeoutMs: PAGE_TIMEOUT_MS,
        retries: 1,
        backoff: { baseMs: 300, maxMs: 2_000 },
        retryAfterCapMs: 2_000,
        sleep,
        guard: { allowPrivate: options.allowPrivateNetwork ?? false },
        ...(options.logger ? { logger: options.logger } : {}),
      });
      clients.set(origin, client);
    }
    return client;
  };
  const get = (url: URL, maxBytes: number) => {
    requested.push(url.toString());
    return clientFor(url.origin).request({ path: `${url.pathname}${url.search}`, maxBytes });
  };

  // robots.txt
  let robots: Robots;
  try {
    const answer = await get(new URL('/robots.txt', start), 512 * 1024);
    if (answer.ok) robots = parseRobots(answer.body);
    else if (answer.status >= 500)
      throw new AppError(
        'upstream',
        `The robots.txt of ${start.origin} answered HTTP ${answer.status}, so the site may not be read now; nothing was stored`,
        { code: 'robots_unavailable' },
      );
    else robots = { rules: [], crawlDelayMs: 0 };
  } catch (error) {
    if (error instanceof HttpNetworkError) throw unreachable(start.toString(), error);
    throw error;
  }
  const allowed = (url: URL) => robotsAllows(robots, `${url.pathname}${url.search}`);
  if (!allowed(start))
    throw new AppError(
      'forbidden',
      `The robots.txt of ${start.origin} does not allow reading ${start.pathname}; nothing was stored`,
      { code: 'robots_forbidden' },
    );

  const pages: PageFacts[] = [];
  const queue: URL[] = [start];
  const seen = new Set<string>([start.toString()]);
  const maxPages = options.maxPages ?? MAX_PAGES;
  const notRead: PageNotRead[] = [];
  let fetched = 0;
  while (queue.length > 0 && pages.length < maxPages) {
    const url = queue.shift()!;
    if (fetched > 0 && robots.crawlDelayMs > 0) await sleep(robots.crawlDelayMs);
    fetched += 1;
    let answer;
    try {
      answer = await get(url, MAX_PAGE_BYTES);
    } catch (error) {
      if (pages.length === 0 && error instanceof HttpNetworkError) throw unreachable(start.toString(), error);
      if (pages.length === 0) throw error;
      notRead.push({ url: url.toString(), reason: failureReason(error) }); // a later page that fails is skipped
      continue;
    }
    const type = answer.header('content-type') ?? 'text/html';
    const html = /html/i.test(type);
    if (!answer.ok || !html) {
      if (pages.length === 0)
        throw new AppError(
          'upstream',
          `The website ${start} answered ${answer.ok ? 'with something other than HTML' : `HTTP ${answer.status}`}; nothing was stored`,
          { code: 'website_failed', details: { status: answer.status } },
        );
      notRead.push({
        url: url.toString(),
        reason: answer.ok ? `not HTML: ${type.split(';')[0]!.trim()}` : `HTTP ${answer.status}`,
      });
      continue;
    }
    const facts = extractPage(answer.body, url.toString());
    pages.push(facts);
    const next = facts.links
      .map((link) => new URL(link))
      .filter((link) => sameSite(link, start) && !SKIP.test(link.pathname) && allowed(link))
      .map((link) => Object.assign(link, { search: '' }))
      .filter((link) => !seen.has(link.toString()))
      .sort((a, b) => linkScore(b) - linkScore(a));
    for (const link of next) {
      seen.add(link.toString());
      queue.push(link);
    }
    queue.sort((a, b) => linkScore(b) - linkScore(a));
  }

  const text = pages.map((p) => p.text).join(' ');
  if (text.replace(/\s+/g, '').length < MIN_USABLE_TEXT)
    throw new AppError(
      'invalid_input',
      `The website ${start} has no usable text to build ads from (${pages.length} page(s) read); nothing was stored`,
      { code: 'website_no_text' },
    );

  const css = new Map<string, number>();
  const sheets = [...new Set(pages.flatMap((p) => p.stylesheets))]
    .map((href) => new URL(href))
    .filter((u) => sameSite(u, start) && allowed(u))
    .slice(0, 2);
  for (const sheet of sheets) {
    const answer = await get(sheet, MAX_PAGE_BYTES).catch(() => undefined);
    if (answer?.ok) countCssColours(answer.body, css);
  }

  const knowledge = mergeKnowledge(start.toString(), pages, css, { fetched, notRead });
  const fetchImage = async (href: string | undefined): Promise<ImageAsset | undefined> => {
    if (!href) return undefined;
    const url = new URL(href);
    if (sameSite(url, start) && !allowed(url)) return undefined;
    const answer = await get(url, MAX_ASSET_BYTES).catch(() => undefined);
    if (!answer?.ok) return undefined;
    const data = answer.bytes();
    const type = imageType(data);
    return type ? { url: href, type, data } : undefined;
  };
  const logo = await fetchImage(knowledge.logo);
  const productImage = await fetchImage(
    knowledge.products.find((p) => p.image && p.image !== knowledge.logo)?.image ??
      knowledge.images.find((i) => i !== knowledge.logo),
  );
  return { knowledge, ...(logo ? { logo } : {}), ...(productImage ? { productImage } : {}), requested };
}

/** Why a page could not be read, in a few words. */
function failureReason(error: unknown): string {
  if (error instanceof HttpNetworkError) return error.timedOut ? 'no answer in time' : 'connection failed';
  if (error instanceof AppError && error.code === 'private_address') return 'refused: a private network address';
  if (error instanceof AppError && error.code === 'http_too_large') return `larger than ${MAX_PAGE_BYTES} bytes`;
  return error instanceof Error ? error.message : String(error);
}

/** PNG or JPEG by their magic bytes (what the renderer can draw); undefined otherwise. */
export function imageType(data: Buffer): ImageAsset['type'] | undefined {
  if (data.length > 8 && data.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  return undefined;
}

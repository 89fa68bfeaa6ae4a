/**
 * The opt-in policy check: a brand's terms and privacy pages fetched (GET, 10 s, at most 2 MB,
 * redirects followed only within the same site, at most 5), their text extracted from the HTML
 * with cheerio, and each judged by the rules in rules.ts. Registration runs it first and is
 * refused when it fails, so a brand fixes its pages before a carrier rejects the campaign.
 * The pages are a brand's URLs: each hop goes through the shared client's private-address guard,
 * and a page on a private address refuses the whole check (invalid_input, naming the address).
 */
import type { Logger } from '../../app/index.ts';
import { createHttpClient, HttpNetworkError, PrivateAddressError, type FetchGuard } from '../../http/index.ts';
import { judgePage, policyMessage, sameSite, type PageName, type PageResult } from './rules.ts';

export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface PolicyCheckResult {
  passes: boolean;
  /** The spec's combined message when it fails. */
  message?: string;
  pages: PageResult[];
}

/** The visible text of an HTML page (scripts, styles and templates left out). */
export async function pageText(html: string): Promise<string> {
  const cheerio = await import('cheerio');
  const $ = cheerio.load(html);
  $('script, style, noscript, template, svg').remove();
  const body = $('body');
  return (body.length > 0 ? body.text() : $.root().text()).replace(/\s+/g, ' ').trim();
}

/**
 * A brand's page (its terms, privacy, FAQ or policy pages): GET through the shared client with the
 * private-address guard on every hop, redirects followed only within the same site, at most 2 MB;
 * its HTML and visible text, or the problem in words.
 */
export async function fetchBrandPage(
  url: string,
  guard: FetchGuard,
  logger?: Logger,
): Promise<{ text: string; html: string } | { problem: string }> {
  let current: URL;
  try {
    current = new URL(url);
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new Error('not http');
  } catch {
    return { problem: `${url} is not an http(s) URL` };
  }
  const start = current;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const http = createHttpClient({
      service: 'policy-page',
      baseUrl: current.origin,
      logger,
      timeoutMs: FETCH_TIMEOUT_MS,
      retries: 0,
      followRedirects: false,
      guard,
      headers: { Accept: 'text/html,application/xhtml+xml', 'User-Agent': 'Reclaim policy check' },
    });
    let response;
    try {
      response = await http.request({ path: `${current.pathname}${current.search}` });
    } catch (error) {
      if (error instanceof PrivateAddressError) throw error;
      const timedOut = error instanceof HttpNetworkError && error.timedOut;
      return { problem: timedOut ? 'no answer within 10 s' : 'could not be reached' };
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.header('location');
      if (!location) return { problem: `redirect ${response.status} without a Location` };
      const next = new URL(location, current);
      if (!sameSite(start, next)) return { problem: `redirects off the site to ${next.hostname}` };
      current = next;
      continue;
    }
    if (!response.ok) return { problem: `answered ${response.status}` };
    if (Buffer.byteLength(response.body) > MAX_PAGE_BYTES) return { problem: 'is larger than 2 MB' };
    return { text: await pageText(response.body), html: response.body };
  }
  return { problem: `more than ${MAX_REDIRECTS} redirects` };
}

async function checkPage(page: PageName, url: string, guard: FetchGuard, logger?: Logger): Promise<PageResult> {
  const fetched = await fetchBrandPage(url, guard, logger);
  if ('problem' in fetched) return { page, url, accessible: false, problem: fetched.problem };
  return judgePage(page, url, fetched.text);
}

export async function checkPolicyPages({
  termsUrl,
  privacyUrl,
  logger,
  allowPrivateNetwork = false,
}: {
  termsUrl: string;
  privacyUrl: string;
  logger?: Logger;
  /** ALLOW_PRIVATE_NETWORK_FETCH: read pages on private addresses (default false: refused). */
  allowPrivateNetwork?: boolean;
}): Promise<PolicyCheckResult> {
  const guard: FetchGuard = { allowPrivate: allowPrivateNetwork };
  const pages = await Promise.all([
    checkPage('Terms', termsUrl, guard, logger),
    checkPage('Privacy', privacyUrl, guard, logger),
  ]);
  const message = policyMessage(pages);
  return { passes: message === undefined, message, pages };
}

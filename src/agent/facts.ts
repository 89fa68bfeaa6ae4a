/**
 * Store facts: the brand's own pages read into KB cards of source `import` that the agent answers
 * from — its FAQ (`faq_page_url`), its terms (`tos_url`), and its shipping and returns policies
 * (`extra_data.shipping_policy_url` / `returns_policy_url`, else, for a brand with a Shopify store,
 * the storefront's /policies/shipping-policy and /policies/refund-policy). Each page is fetched
 * through the shared HTTP client with the private-address guard (fetchBrandPage), cut into sections
 * at its headings (h1-h5, dt, summary: an FAQ's questions), one card per section. A refresh (the
 * daily `agent_store_facts` schedule, or `reclaim agent import-facts`) updates the changed cards,
 * adds new sections as published cards, removes the cards of sections gone from the page, and keeps
 * a card's status (a brand may unpublish one); a page that cannot be read leaves its cards as they are.
 */
import { AppError, type AppContext } from '../app/index.ts';
import { fetchBrandPage } from '../messaging/index.ts';
import { AGENT_MESSAGES } from './service.ts';
import { brandExists } from './store.ts';
import { brandsWithPages, importedCards, saveImportedCards, type FactPageKind } from './store-facts.ts';

export const FACT_PAGE_TITLES: Record<FactPageKind, string> = {
  faq: 'FAQ',
  terms: 'Terms of service',
  shipping: 'Shipping policy',
  returns: 'Returns policy',
};
/** A section's text kept on its card at most (a text answer is fitted from it). */
export const FACT_CARD_MAX = 2000;

export interface FactSection {
  title: string;
  content: string;
}

const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The page's sections: each heading with the text up to the next heading; the whole text under the page's name when it has none. */
export async function sectionsOf(kind: FactPageKind, html: string): Promise<FactSection[]> {
  const cheerio = await import('cheerio');
  const $ = cheerio.load(html);
  $('script, style, noscript, template, svg, nav, header, footer').remove();
  const HEADINGS = 'h1, h2, h3, h4, h5, dt, summary';
  const BLOCKS = 'p, li, dd, blockquote, td';
  const sections: FactSection[] = [];
  let current: FactSection | null = null;
  const loose: string[] = [];
  $(`${HEADINGS}, ${BLOCKS}`).each((_, el) => {
    const node = $(el);
    if (node.is(HEADINGS)) {
      current = { title: clean(node.text()), content: '' };
      sections.push(current);
      return;
    }
    if (node.find(BLOCKS).length > 0 || node.parents(HEADINGS).length > 0) return;
    const text = clean(node.text());
    if (!text) return;
    if (current) current.content = clean(`${current.content} ${text}`);
    else loose.push(text);
  });
  const own = FACT_PAGE_TITLES[kind];
  const titled = (title: string): string =>
    kind === 'faq' || title.toLowerCase().includes(own.toLowerCase()) ? title : `${own}: ${title}`;
  const found = sections
    .filter((s) => s.title && s.content)
    .map((s) => ({ title: titled(s.title).slice(0, 255), content: s.content.slice(0, FACT_CARD_MAX) }));
  if (found.length > 0) return found;
  const all = clean([...loose, ...sections.map((s) => `${s.title} ${s.content}`)].join(' ')) || clean($('body').text());
  return all ? [{ title: own, content: all.slice(0, FACT_CARD_MAX) }] : [];
}

export interface FactPageResult {
  brand_id: number;
  kind: FactPageKind;
  url: string;
  /** Cards added, changed, removed, left as they were; null when the page could not be read. */
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  problem: string | null;
}

/** Reads the store-fact pages of one brand, or of every brand whose agent is on, into import cards. */
export async function importStoreFacts(
  ctx: Pick<AppContext, 'db' | 'config' | 'logger'>,
  { brandId }: { brandId?: number } = {},
): Promise<FactPageResult[]> {
  if (brandId !== undefined && !(await brandExists(ctx.db, brandId)))
    throw new AppError('not_found', AGENT_MESSAGES.brandNotFound);
  const guard = { allowPrivate: ctx.config.ALLOW_PRIVATE_NETWORK_FETCH };
  const results: FactPageResult[] = [];
  for (const page of await brandsWithPages(ctx.db, { brandId })) {
    const base = {
      brand_id: page.brand_id,
      kind: page.kind,
      url: page.url,
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: 0,
    };
    const fetched = await fetchBrandPage(page.url, guard, ctx.logger);
    if ('problem' in fetched) {
      ctx.logger.warn(
        { brandId: page.brand_id, kind: page.kind, problem: fetched.problem },
        'store facts page not read',
      );
      results.push({ ...base, problem: fetched.problem });
      continue;
    }
    const sections = await sectionsOf(page.kind, fetched.html);
    const existing = await importedCards(ctx.db, { brandId: page.brand_id, url: page.url });
    const counts = await saveImportedCards(ctx.db, {
      brandId: page.brand_id,
      kind: page.kind,
      url: page.url,
      sections,
      existing,
    });
    results.push({ ...base, ...counts, problem: null });
  }
  return results;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_SCRAPER_USER_AGENT, knowledgeText, scrapeWebsite } from '../../src/ads/index.ts';
import { LOGO, PRODUCTS, startShopSite, type ShopSite } from '../fakes/shop-site.ts';

let site: ShopSite;
beforeAll(async () => {
  site = await startShopSite();
});
afterAll(async () => site.close());

describe('reading a brand website', () => {
  it('finds products with prices, headings, colours, the logo and the tone; never asks for a forbidden path', async () => {
    const before = site.requests.length;
    const result = await scrapeWebsite({ allowPrivateNetwork: true, website: site.url });
    const k = result.knowledge;
    const requests = site.requests.slice(before);
    expect(requests[0]!.path).toBe('/robots.txt');
    expect(requests.every((r) => r.headers['user-agent'] === AD_SCRAPER_USER_AGENT)).toBe(true);
    expect(requests.some((r) => r.path.startsWith('/private'))).toBe(false);
    expect(requests.some((r) => r.path === '/cart')).toBe(false);
    expect(k.pages.length).toBeLessThanOrEqual(5);
    expect(k.pages[0]).toBe(`${site.url}/`);
    expect(k.title).toBe('Fernhill Outfitters | Sustainable drinkware');
    expect(k.headings).toContain('Gear that goes the distance');
    for (const p of PRODUCTS)
      expect(k.products).toContainEqual(expect.objectContaining({ name: p.name, price: p.price }));
    expect(k.palette.primary).toBe('#0b6e4f');
    expect(k.palette.accent).toBe('#f2c14e');
    expect(k.logo).toBe(`${site.url}/assets/logo.png`);
    expect(k.tone.label).toBe('conscious');
    expect(result.logo?.data.equals(LOGO)).toBe(true);
    expect(result.productImage?.type).toBe('image/png');
    const text = knowledgeText('Fernhill', k);
    expect(text).toContain('Products: ');
    expect(text).toContain('Trail Thermos ($34.00)');
    expect(text).toContain('Ridge Bottle ($27.00)');
  });

  it('stops at the page limit and follows only same-site links', async () => {
    const before = site.requests.length;
    const { knowledge } = await scrapeWebsite({ allowPrivateNetwork: true, website: site.url, maxPages: 2 });
    expect(knowledge.pages).toHaveLength(2);
    expect(knowledge.pages[1]).toMatch(/\/products\//);
    expect(
      site.requests.slice(before).filter((r) => !r.path.startsWith('/assets') && r.path !== '/robots.txt'),
    ).toHaveLength(2);
  });

  it('a site whose robots.txt forbids everything is refused before any page is read', async () => {
    const closed = await startShopSite({ robots: 'User-agent: reclaim-ads\nDisallow: /\n\nUser-agent: *\nAllow: /\n' });
    try {
      await expect(scrapeWebsite({ allowPrivateNetwork: true, website: closed.url })).rejects.toThrow(
        `The robots.txt of ${closed.url} does not allow reading /; nothing was stored`,
      );
      expect(closed.requests.map((r) => r.path)).toEqual(['/robots.txt']);
    } finally {
      await closed.close();
    }
  });

  it('a page with no usable text, and a site nobody answers at, give clear errors', async () => {
    const empty = await startShopSite({ emptyHome: true });
    try {
      await expect(scrapeWebsite({ allowPrivateNetwork: true, website: empty.url, maxPages: 1 })).rejects.toThrow(
        /has no usable text to build ads from/,
      );
    } finally {
      await empty.close();
    }
    await expect(
      scrapeWebsite({ allowPrivateNetwork: true, website: 'http://127.0.0.1:1', sleep: async () => undefined }),
    ).rejects.toThrow('The website http://127.0.0.1:1/ could not be reached (connection failed); nothing was stored');
    await expect(scrapeWebsite({ allowPrivateNetwork: true, website: 'ftp://example.com' })).rejects.toThrow(
      'The website must be an http(s) URL',
    );
  });
});

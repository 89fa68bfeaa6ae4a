/**
 * What one HTML page says about a brand, read with cheerio: title, description, headings,
 * products with prices and images (schema.org JSON-LD, microdata, Open Graph product tags, then
 * product-looking blocks), images, the logo, colours (theme-color, inline and embedded CSS,
 * weighted toward brand variables and backgrounds), linked stylesheets and same-site links.
 */
import * as cheerio from 'cheerio';
import { findPrice, parseColour, toHex } from './rules.ts';

export interface Product {
  name: string;
  price?: string;
  currency?: string;
  image?: string;
  url?: string;
}

export interface PageFacts {
  url: string;
  title?: string;
  description?: string;
  headings: string[];
  products: Product[];
  images: string[];
  logo?: string;
  /** Colour (hex) -> weight. */
  colours: Map<string, number>;
  stylesheets: string[];
  links: string[];
  text: string;
}

const clean = (text: string | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** Adds the colours of a CSS text: brand-named variables and theme colours weigh 5, backgrounds 2, others 1. */
export function countCssColours(css: string, into: Map<string, number>): void {
  const declaration = /([\w-]+)\s*:\s*([^;}]+)/g;
  for (const m of css.matchAll(declaration)) {
    const property = m[1]!.toLowerCase();
    for (const token of m[2]!.match(/#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)/g) ?? []) {
      const rgb = parseColour(token);
      if (!rgb) continue;
      const weight = /^--.*(brand|primary|accent|theme|main)/.test(property)
        ? 5
        : property.startsWith('background')
          ? 2
          : 1;
      const hex = toHex(rgb);
      into.set(hex, (into.get(hex) ?? 0) + weight);
    }
  }
}

function absolute(href: string | undefined, base: string): string | undefined {
  if (!href || href.startsWith('data:') || href.startsWith('javascript:') || href.startsWith('mailto:'))
    return undefined;
  try {
    const url = new URL(href, base);
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

type Json = Record<string, unknown>;

function jsonLdProducts($: cheerio.CheerioAPI, base: string): Product[] {
  const found: Product[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    const type = Array.isArray(o['@type']) ? o['@type'] : [o['@type']];
    if (type.includes('Product') && typeof o.name === 'string') {
      const offers = (Array.isArray(o.offers) ? o.offers[0] : o.offers) as Json | undefined;
      const image = Array.isArray(o.image) ? o.image[0] : o.image;
      const price = offers?.price ?? offers?.lowPrice;
      found.push({
        name: clean(o.name),
        ...(price !== undefined ? { price: Number(price).toFixed(2) } : {}),
        ...(typeof offers?.priceCurrency === 'string' ? { currency: offers.priceCurrency } : {}),
        ...(typeof image === 'string' && absolute(image, base) ? { image: absolute(image, base)! } : {}),
        ...(typeof o.url === 'string' && absolute(o.url, base) ? { url: absolute(o.url, base)! } : {}),
      });
    }
    for (const value of Object.values(o)) if (value && typeof value === 'object') visit(value);
  };
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      visit(JSON.parse($(el).text()));
    } catch {
      // a broken JSON-LD block says nothing
    }
  });
  return found;
}

function blockProducts($: cheerio.CheerioAPI, base: string): Product[] {
  const found: Product[] = [];
  const blocks = $('[itemtype*="schema.org/Product"], [class*="product"], article, li').toArray();
  for (const el of blocks) {
    const block = $(el);
    if (block.find('[class*="product"]').length > 0 && !block.is('[itemtype]')) continue; // the innermost only
    const name = clean(
      block.find('[itemprop="name"]').first().text() ||
        block.find('h1, h2, h3, h4, [class*="title"], [class*="name"]').first().text(),
    );
    const priceText = clean(
      block.find('[itemprop="price"]').attr('content') ??
        block.find('[itemprop="price"], [class*="price"]').first().text() ??
        '',
    );
    const price = findPrice(priceText) ?? (priceText && /^\d/.test(priceText) ? findPrice(`$${priceText}`) : undefined);
    if (!name || !price || name.length > 120) continue;
    const image = absolute(block.find('img').first().attr('src'), base);
    const url = absolute(block.find('a[href]').first().attr('href'), base);
    found.push({ name, ...price, ...(image ? { image } : {}), ...(url ? { url } : {}) });
  }
  return found;
}

function logoOf($: cheerio.CheerioAPI, base: string): string | undefined {
  const candidates = [
    $('img[class*="logo" i], img[id*="logo" i], img[alt*="logo" i], [class*="logo" i] img, header img')
      .first()
      .attr('src'),
    $('link[rel="apple-touch-icon"]').attr('href'),
    $('meta[property="og:logo"]').attr('content'),
    $('link[rel~="icon"]').attr('href'),
  ];
  for (const c of candidates) {
    const url = absolute(c, base);
    if (url) return url;
  }
  return undefined;
}

/** Reads a page. `url` is where it was fetched from (links and images are made absolute against it). */
export function extractPage(html: string, url: string): PageFacts {
  const $ = cheerio.load(html);
  const meta = (name: string) =>
    clean($(`meta[name="${name}"]`).attr('content') ?? $(`meta[property="${name}"]`).attr('content')) || undefined;

  const colours = new Map<string, number>();
  const theme = parseColour(meta('theme-color') ?? '');
  if (theme) colours.set(toHex(theme), 8);
  $('style').each((_, el) => countCssColours($(el).text(), colours));
  $('[style]').each((_, el) => countCssColours(`x{${$(el).attr('style')}}`, colours));

  const products = [...jsonLdProducts($, url), ...blockProducts($, url)];
  const ogName = meta('og:title');
  const ogPrice = meta('product:price:amount') ?? meta('og:price:amount');
  if (products.length === 0 && ogName && ogPrice)
    products.push({
      name: ogName,
      price: Number(ogPrice).toFixed(2),
      currency: meta('product:price:currency') ?? 'USD',
      ...(absolute(meta('og:image'), url) ? { image: absolute(meta('og:image'), url)! } : {}),
      url,
    });

  const images = $('img[src]')
    .toArray()
    .map((el) => absolute($(el).attr('src'), url))
    .filter((src): src is string => Boolean(src));
  const ogImage = absolute(meta('og:image'), url);

  $('script, style, noscript, svg, template').remove();
  return {
    url,
    title: clean($('title').first().text()) || meta('og:title'),
    description: meta('description') ?? meta('og:description'),
    headings: $('h1, h2, h3')
      .toArray()
      .map((el) => clean($(el).text()))
      .filter((h) => h.length > 1 && h.length <= 140),
    products,
    images: [...new Set([...(ogImage ? [ogImage] : []), ...images])],
    logo: logoOf($, url),
    colours,
    stylesheets: $('link[rel="stylesheet"][href]')
      .toArray()
      .map((el) => absolute($(el).attr('href'), url))
      .filter((h): h is string => Boolean(h)),
    links: [
      ...new Set(
        $('a[href]')
          .toArray()
          .map((el) => absolute($(el).attr('href'), url))
          .filter((h): h is string => Boolean(h)),
      ),
    ],
    text: clean($('body').text() || $.root().text()),
  };
}

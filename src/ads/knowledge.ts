/**
 * Brand knowledge: what the pages of a website say, merged into one record and written out as the
 * brand knowledge text the concepts (and the automation service's ad generator) start from. Pure.
 */
import type { PageFacts, Product } from './extract.ts';
import { pickPalette, toneOfVoice } from './rules.ts';

/** A page that was fetched but could not be read, and why (HTTP 404, not HTML, no answer in time…). */
export interface PageNotRead {
  url: string;
  reason: string;
}

export interface BrandKnowledge {
  website: string;
  /** The pages read. */
  pages: string[];
  /** How many pages were fetched (read or not); absent on ads made before it was kept. */
  fetched?: number;
  /** The fetched pages that could not be read. */
  not_read?: PageNotRead[];
  title?: string;
  description?: string;
  headings: string[];
  products: Product[];
  images: string[];
  logo?: string;
  palette: { primary: string; accent: string; colours: string[] };
  tone: { label: string; signals: string[] };
}

const MAX_HEADINGS = 12;
const MAX_PRODUCTS = 12;
const MAX_IMAGES = 12;

/** Merges pages (the home page first) into one record; products are unique by name. */
export function mergeKnowledge(
  website: string,
  pages: PageFacts[],
  cssColours: Map<string, number>,
  { fetched = pages.length, notRead = [] }: { fetched?: number; notRead?: PageNotRead[] } = {},
): BrandKnowledge {
  const [home] = pages;
  const colours = new Map(cssColours);
  for (const page of pages)
    for (const [hex, weight] of page.colours) colours.set(hex, (colours.get(hex) ?? 0) + weight);
  const products = new Map<string, Product>();
  for (const page of pages)
    for (const product of page.products) {
      const key = product.name.toLowerCase();
      const known = products.get(key);
      products.set(key, {
        ...product,
        ...known,
        ...(known?.price ? {} : product.price ? { price: product.price } : {}),
      });
    }
  const unique = <T>(values: T[], max: number) => [...new Set(values)].slice(0, max);
  return {
    website,
    pages: pages.map((p) => p.url),
    fetched,
    not_read: notRead,
    ...(home?.title ? { title: home.title } : {}),
    ...(home?.description ? { description: home.description } : {}),
    headings: unique(
      pages.flatMap((p) => p.headings),
      MAX_HEADINGS,
    ),
    products: [...products.values()].slice(0, MAX_PRODUCTS),
    images: unique(
      pages.flatMap((p) => p.images),
      MAX_IMAGES,
    ),
    ...(pages.find((p) => p.logo)?.logo ? { logo: pages.find((p) => p.logo)!.logo! } : {}),
    palette: pickPalette(colours),
    tone: toneOfVoice(pages.map((p) => p.text).join(' ')),
  };
}

export const formatPrice = (p: Pick<Product, 'price' | 'currency'>): string =>
  p.price === undefined
    ? ''
    : p.currency === undefined || p.currency === 'USD'
      ? `$${p.price}`
      : p.currency === 'EUR'
        ? `€${p.price}`
        : p.currency === 'GBP'
          ? `£${p.price}`
          : `${p.price} ${p.currency}`;

/** "Pages read: 2 of 3 fetched; not read: https://shop.example/old (HTTP 404)". */
export function pagesRead(k: Pick<BrandKnowledge, 'pages' | 'fetched' | 'not_read'>): string {
  const notRead = k.not_read ?? [];
  const fetched = k.fetched ?? k.pages.length + notRead.length;
  return `Pages read: ${k.pages.length} of ${fetched} fetched${
    notRead.length > 0 ? `; not read: ${notRead.map((p) => `${p.url} (${p.reason})`).join(', ')}` : ''
  }`;
}

/** The brand knowledge text: one fact per line, in the order a copywriter reads them. */
export function knowledgeText(brandName: string, k: BrandKnowledge): string {
  const lines = [`Brand: ${brandName}`, `Website: ${k.website}`];
  if (k.title) lines.push(`Title: ${k.title}`);
  if (k.description) lines.push(`About: ${k.description}`);
  if (k.headings.length > 0) lines.push(`Headings: ${k.headings.join('; ')}`);
  if (k.products.length > 0)
    lines.push(`Products: ${k.products.map((p) => (p.price ? `${p.name} (${formatPrice(p)})` : p.name)).join('; ')}`);
  lines.push(`Colours: primary ${k.palette.primary}, accent ${k.palette.accent}`);
  lines.push(`Tone of voice: ${k.tone.label}${k.tone.signals.length ? ` (${k.tone.signals.join(', ')})` : ''}`);
  if (k.logo) lines.push(`Logo: ${k.logo}`);
  lines.push(pagesRead(k));
  return lines.join('\n');
}

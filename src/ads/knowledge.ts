/**
 * Brand knowledge: what the pages of a website say, merged into one record and written out as the
 * brand knowledge text the concepts (and the automation service's ad generator) start from. Pure.
 */
import type { PageFacts, Product } from './extract.ts';
import { pickPalette, toneOfVoice } from './rules.ts';

export interface BrandKnowledge {
  website: string;
  pages: string[];
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
export function mergeKnowledge(website: string, pages: PageFacts[], cssColours: Map<string, number>): BrandKnowledge {
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
  lines.push(`Pages read: ${k.pages.length}`);
  return lines.join('\n');
}

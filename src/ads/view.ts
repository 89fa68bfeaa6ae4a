/** What people see of an ad: its knowledge, concepts and files with public URLs; a brand's list. */
import type { AppContext, Config } from '../app/index.ts';
import { fileOnDisk, linkBase, publicFileUrl, type LinkBase } from './files.ts';
import type { BrandKnowledge } from './knowledge.ts';
import { listAdRows, type AdRow, type ConceptRow, type FileRow } from './store.ts';

export interface ConceptView {
  id: number;
  index: number;
  headline: string;
  body: string;
  call_to_action: string;
  visual_description: string;
  target_audience: string;
  file_id: number | null;
}
export interface FileView {
  id: number;
  name: string | null;
  type: string | null;
  size: number | null;
  caption: string | null;
  width: number | null;
  height: number | null;
  /** Its link: PUBLIC_URL, else the running server's address, + href; null when neither is there. */
  url: string | null;
  /** Server-relative: `/files/<token>/<name>`. */
  href: string;
  /** Where it is on disk. */
  path: string | null;
}
export interface AdView {
  id: number;
  brand_id: number;
  created_at: string;
  updated_at: string;
  website: string | null;
  campaign: string | null;
  dimensions: string | null;
  renderer: string | null;
  generator: string | null;
  knowledge_text: string | null;
  knowledge: BrandKnowledge | null;
  concepts: ConceptView[];
  files: FileView[];
  /** What the files' links are built on ('none': no PUBLIC_URL and no server running; see `path`). */
  links: LinkBase;
}

type ViewConfig = Pick<Config, 'RECLAIM_DATA_DIR' | 'PUBLIC_URL'>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function fileView(config: ViewConfig, base: LinkBase, f: FileRow): FileView {
  return { ...f, url: publicFileUrl(base, f.url), href: f.url, path: fileOnDisk(config, f.url) ?? null };
}

export function adView(
  config: ViewConfig,
  base: LinkBase,
  { ad, concepts, files }: { ad: AdRow; concepts: ConceptRow[]; files: FileRow[] },
): AdView {
  const x = ad.extra_data;
  return {
    id: ad.id,
    brand_id: ad.brand_id,
    created_at: new Date(ad.created_at).toISOString(),
    updated_at: new Date(ad.updated_at).toISOString(),
    website: str(x.website),
    campaign: str(x.campaign),
    dimensions: str(x.dimensions),
    renderer: str(x.renderer),
    generator: str(x.generator),
    knowledge_text: str(x.knowledge_text),
    knowledge: (x.knowledge as BrandKnowledge | undefined) ?? null,
    concepts: concepts.map((c, i) => ({
      id: c.id,
      index: i + 1,
      headline: c.title ?? '',
      body: c.body ?? '',
      call_to_action: str(c.extra_data.call_to_action) ?? '',
      visual_description: str(c.extra_data.visual_description) ?? '',
      target_audience: str(c.extra_data.target_audience) ?? '',
      file_id: typeof c.extra_data.file_id === 'number' ? c.extra_data.file_id : null,
    })),
    files: files.map((f) => fileView(config, base, f)),
    links: base,
  };
}

export interface AdSummary {
  id: number;
  brand_id: number;
  created_at: string;
  website: string | null;
  campaign: string | null;
  dimensions: string | null;
  renderer: string | null;
  concepts: number;
  files: number;
  cover_url: string | null;
  cover_href: string | null;
}

export async function listAds(
  ctx: AppContext,
  { brandId, offset = 0, limit = 50 }: { brandId: number; offset?: number; limit?: number },
): Promise<{ items: AdSummary[]; total: number }> {
  const { items, total } = await listAdRows(ctx.db, brandId, { offset, limit });
  const base = await linkBase(ctx.config);
  return {
    total,
    items: items.map((r) => ({
      id: r.id,
      brand_id: r.brand_id,
      created_at: new Date(r.created_at).toISOString(),
      website: str(r.extra_data.website),
      campaign: str(r.extra_data.campaign),
      dimensions: str(r.extra_data.dimensions),
      renderer: str(r.extra_data.renderer),
      concepts: r.concepts,
      files: r.files,
      cover_url: r.cover_url ? publicFileUrl(base, r.cover_url) : null,
      cover_href: r.cover_url,
    })),
  };
}

/** Width and height of a PNG (IHDR) or JPEG (its SOF marker); undefined otherwise. */
export function imageSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47)
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    const length = data.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return undefined;
}

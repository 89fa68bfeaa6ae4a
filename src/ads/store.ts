/** SQL of ads: ads, ad_concepts, ad_files, ad_images, their files, and the brand an ad is for. */
import type { Db } from '../db/index.ts';

type Json = Record<string, unknown>;

export interface AdBrand {
  id: number;
  name: string;
  website: string | null;
}

export async function findAdBrand(db: Db, brandId: number): Promise<AdBrand | undefined> {
  const row = await db('brands').where({ id: brandId }).first('id', 'name', 'company_website', 'domain');
  if (!row) return undefined;
  const website = (row.company_website as string | null)?.trim() || (row.domain as string | null)?.trim() || null;
  return { id: Number(row.id), name: String(row.name), website };
}

export interface NewFile {
  url: string;
  name: string;
  type: string;
  size: number;
  width: number;
  height: number;
  caption: string;
}

export interface NewConcept {
  title: string;
  body: string;
  extra: Json;
}

/** Inserts the files of an ad and links them (ad_files with the caption, ad_images with the size); their ids in order. */
export async function insertAdFiles(db: Db, adId: number, brandId: number, files: NewFile[]): Promise<number[]> {
  const ids: number[] = [];
  for (const f of files) {
    const [file] = await db('files')
      .insert({ brand_id: brandId, url: f.url, name: f.name, type: f.type, size: f.size })
      .returning('id');
    const fileId = Number((file as Json).id);
    await db('ad_files').insert({ ad_id: adId, file_id: fileId, caption: f.caption });
    await db('ad_images').insert({
      ad_id: adId,
      file_id: fileId,
      url: f.url,
      type: f.type,
      width: f.width,
      height: f.height,
    });
    ids.push(fileId);
  }
  return ids;
}

export async function insertAd(db: Db, brandId: number, extra: Json): Promise<number> {
  const [row] = await db('ads').insert({ brand_id: brandId, extra_data: extra }).returning('id');
  return Number((row as Json).id);
}

export async function insertConcepts(db: Db, adId: number, concepts: NewConcept[]): Promise<number[]> {
  if (concepts.length === 0) return [];
  const rows = await db('ad_concepts')
    .insert(concepts.map((c) => ({ ad_id: adId, title: c.title, body: c.body, extra_data: c.extra })))
    .returning('id');
  return rows.map((r) => Number((r as Json).id));
}

/** Merges `patch` into the ad's extra_data (top-level keys) and touches updated_at. */
export async function mergeAdExtra(db: Db, adId: number, patch: Json): Promise<void> {
  await db('ads')
    .where({ id: adId })
    .update({ extra_data: db.raw('extra_data || ?::jsonb', [JSON.stringify(patch)]), updated_at: db.fn.now() });
}

export async function updateConcept(db: Db, conceptId: number, concept: NewConcept): Promise<void> {
  await db('ad_concepts')
    .where({ id: conceptId })
    .update({ title: concept.title, body: concept.body, extra_data: concept.extra });
}

/** Deletes files rows (and with them their ad_files and ad_images links); the URLs they had. */
export async function deleteFiles(db: Db, fileIds: number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  await db('ad_images').whereIn('file_id', fileIds).delete();
  const rows = await db('files').whereIn('id', fileIds).delete().returning('url');
  return rows.map((r) => String((r as Json).url));
}

export interface AdRow {
  id: number;
  brand_id: number;
  extra_data: Json;
  created_at: Date;
  updated_at: Date;
}
export interface ConceptRow {
  id: number;
  title: string | null;
  body: string | null;
  extra_data: Json;
}
export interface FileRow {
  id: number;
  url: string;
  name: string | null;
  type: string | null;
  size: number | null;
  caption: string | null;
  width: number | null;
  height: number | null;
}

const adRow = (r: Json): AdRow => ({
  id: Number(r.id),
  brand_id: Number(r.brand_id),
  extra_data: (r.extra_data as Json) ?? {},
  created_at: r.created_at as Date,
  updated_at: r.updated_at as Date,
});

/** One ad (of a brand, when given) with its concepts (in order) and files (in order). */
export async function readAd(
  db: Db,
  id: number,
  brandId?: number,
): Promise<{ ad: AdRow; concepts: ConceptRow[]; files: FileRow[] } | undefined> {
  const query = db('ads').where({ id });
  if (brandId !== undefined) void query.andWhere({ brand_id: brandId });
  const row = (await query.first()) as Json | undefined;
  if (!row) return undefined;
  const concepts = (
    await db('ad_concepts').where({ ad_id: id }).orderBy('id').select('id', 'title', 'body', 'extra_data')
  ).map((c: Json) => ({
    id: Number(c.id),
    title: c.title as string | null,
    body: c.body as string | null,
    extra_data: c.extra_data as Json,
  }));
  const files = (
    await db('ad_files as af')
      .join('files as f', 'f.id', 'af.file_id')
      .leftJoin('ad_images as ai', function () {
        this.on('ai.file_id', '=', 'f.id').andOn('ai.ad_id', '=', 'af.ad_id');
      })
      .where('af.ad_id', id)
      .orderBy('af.id')
      .select('f.id', 'f.url', 'f.name', 'f.type', 'f.size', 'af.caption', 'ai.width', 'ai.height')
  ).map((f: Json) => ({
    id: Number(f.id),
    url: String(f.url),
    name: f.name as string | null,
    type: f.type as string | null,
    size: f.size === null ? null : Number(f.size),
    caption: f.caption as string | null,
    width: f.width as number | null,
    height: f.height as number | null,
  }));
  return { ad: adRow(row), concepts, files };
}

export interface AdListRow extends AdRow {
  concepts: number;
  files: number;
  cover_url: string | null;
}

/** A brand's ads, newest first, with their counts and first image. */
export async function listAdRows(
  db: Db,
  brandId: number,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ items: AdListRow[]; total: number }> {
  const [count] = await db('ads').where({ brand_id: brandId }).count<{ count: string }[]>({ count: '*' });
  const rows = await db('ads as a')
    .where('a.brand_id', brandId)
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .offset(offset)
    .limit(limit)
    .select(
      'a.*',
      db.raw('(select count(*)::int from ad_concepts c where c.ad_id = a.id) as concepts'),
      db.raw('(select count(*)::int from ad_files af where af.ad_id = a.id) as files'),
      db.raw(
        '(select f.url from ad_files af join files f on f.id = af.file_id where af.ad_id = a.id order by af.id limit 1) as cover_url',
      ),
    );
  return {
    total: Number(count?.count ?? 0),
    items: rows.map((r: Json) => ({
      ...adRow(r),
      concepts: Number(r.concepts),
      files: Number(r.files),
      cover_url: (r.cover_url as string | null) ?? null,
    })),
  };
}

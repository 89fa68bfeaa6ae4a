/**
 * SQL of the store facts: which pages of which brands to read, and their KB cards of source
 * `import` (extra_data.import = { url, kind, key }: the page and the section a card came from).
 */
import type { Handle } from '../db/index.ts';

export const FACT_PAGE_KINDS = ['faq', 'terms', 'shipping', 'returns'] as const;
export type FactPageKind = (typeof FACT_PAGE_KINDS)[number];

export interface FactPage {
  brand_id: number;
  kind: FactPageKind;
  url: string;
}

/** A Shopify storefront's policy page (the path every Shopify store serves its policies at). */
const shopifyPolicy = (domain: string, path: string): string =>
  `${/^https?:\/\//.test(domain) ? domain.replace(/\/+$/, '') : `https://${domain}`}/policies/${path}`;

/** The pages to read: of one brand, or of every brand whose agent is not off. */
export async function brandsWithPages(db: Handle, { brandId }: { brandId?: number }): Promise<FactPage[]> {
  const q = db('brands as b')
    .leftJoin('agent_settings as s', 's.brand_id', 'b.id')
    .select(
      'b.id',
      'b.domain',
      'b.faq_page_url',
      'b.tos_url',
      db.raw(`b.extra_data ->> 'shipping_policy_url' as shipping_url`),
      db.raw(`b.extra_data ->> 'returns_policy_url' as returns_url`),
      db.raw(`exists (select 1 from brand_integrations bi join integrations i on i.id = bi.integration_id
                       where bi.brand_id = b.id and i.slug = 'shopify' and bi.status = 'connected') as shopify`),
    )
    .orderBy('b.id');
  if (brandId !== undefined) void q.where('b.id', brandId);
  else void q.whereNotNull('s.mode').whereNot('s.mode', 'off');
  const pages: FactPage[] = [];
  for (const r of await q) {
    const id = Number(r.id);
    const store = r.shopify && r.domain ? String(r.domain) : null;
    const urls: Record<FactPageKind, string | null> = {
      faq: r.faq_page_url,
      terms: r.tos_url,
      shipping: r.shipping_url ?? (store ? shopifyPolicy(store, 'shipping-policy') : null),
      returns: r.returns_url ?? (store ? shopifyPolicy(store, 'refund-policy') : null),
    };
    for (const kind of FACT_PAGE_KINDS) if (urls[kind]) pages.push({ brand_id: id, kind, url: String(urls[kind]) });
  }
  return pages;
}

export interface ImportedCard {
  id: number;
  key: string;
  title: string;
  content: string;
}

/** The brand's cards read from the page. */
export async function importedCards(
  db: Handle,
  { brandId, url }: { brandId: number; url: string },
): Promise<ImportedCard[]> {
  const rows = await db('kb_cards')
    .where({ brand_id: brandId, source: 'import' })
    .whereRaw(`extra_data -> 'import' ->> 'url' = ?`, [url])
    .select('id', 'title', 'content', db.raw(`extra_data -> 'import' ->> 'key' as key`));
  return rows.map((r) => ({ id: Number(r.id), key: String(r.key), title: r.title ?? '', content: r.content ?? '' }));
}

const keyOf = (title: string): string => title.toLowerCase().replace(/\s+/g, ' ').trim();

/** Brings the page's cards in line with its sections (one transaction); the counts of what changed. */
export async function saveImportedCards(
  db: Handle,
  input: {
    brandId: number;
    kind: FactPageKind;
    url: string;
    sections: Array<{ title: string; content: string }>;
    existing: ImportedCard[];
  },
): Promise<{ added: number; updated: number; removed: number; unchanged: number }> {
  const counts = { added: 0, updated: 0, removed: 0, unchanged: 0 };
  const byKey = new Map(input.existing.map((c) => [c.key, c]));
  const seen = new Set<string>();
  await db.transaction(async (tx) => {
    for (const section of input.sections) {
      const key = keyOf(section.title);
      if (seen.has(key)) continue;
      seen.add(key);
      const card = byKey.get(key);
      if (!card) {
        await tx('kb_cards').insert({
          brand_id: input.brandId,
          title: section.title,
          content: section.content,
          status: 'published',
          source: 'import',
          extra_data: JSON.stringify({ import: { url: input.url, kind: input.kind, key } }),
        });
        counts.added += 1;
      } else if (card.title !== section.title || card.content !== section.content) {
        await tx('kb_cards')
          .where({ id: card.id })
          .update({ title: section.title, content: section.content, updated_at: tx.fn.now() });
        counts.updated += 1;
      } else counts.unchanged += 1;
    }
    const gone = input.existing.filter((c) => !seen.has(c.key)).map((c) => c.id);
    if (gone.length > 0) counts.removed = await tx('kb_cards').whereIn('id', gone).delete();
  });
  return counts;
}

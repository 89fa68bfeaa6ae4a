/** How the ads commands print an ad and a brand's list. */
import type { AdSummary, AdView, GeneratedAd } from '../../ads/index.ts';

export function adLines(ad: AdView): string[] {
  const lines = [
    `Ad ${ad.id} (brand ${ad.brand_id}), ${ad.created_at}`,
    `Website: ${ad.website ?? '-'}   Campaign: ${ad.campaign ?? '-'}   Size: ${ad.dimensions ?? '-'}`,
    `Images: ${ad.renderer ?? '-'}   Concepts: ${ad.generator ?? '-'} generator`,
    '',
    'Brand knowledge:',
    ...(ad.knowledge_text ?? '').split('\n').map((l) => `  ${l}`),
    '',
    'Concepts:',
  ];
  for (const c of ad.concepts) {
    const file = ad.files.find((f) => f.id === c.file_id);
    lines.push(
      `  ${c.index}. ${c.headline}  [${c.call_to_action}]  (concept ${c.id})`,
      `     ${c.body}`,
      `     Visual: ${c.visual_description}`,
      `     Audience: ${c.target_audience}`,
      ...(file ? [`     Image: ${file.url ?? file.path ?? file.href}`] : []),
    );
  }
  lines.push('', `Files (${linksNote(ad.links)}):`);
  for (const f of ad.files)
    lines.push(
      `  ${f.id}  ${f.width ?? '?'}x${f.height ?? '?'}  ${f.url ?? f.path ?? f.href}`,
      ...(f.url ? [`      ${f.path ?? ''}  "${f.caption ?? ''}"`] : [`      "${f.caption ?? ''}"`]),
    );
  return lines;
}

/** Where the files' links point, or why there are none. */
export const linksNote = (links: AdView['links']): string =>
  links.from === 'PUBLIC_URL'
    ? `links on PUBLIC_URL ${links.url}`
    : links.from === 'server'
      ? `links on the server running for this data folder at ${links.url}`
      : 'no links: PUBLIC_URL is not set and no server is running for this data folder, so these are the files on disk; start one with `reclaim start` or `reclaim serve-webhooks`, or set PUBLIC_URL';

export const adList = ({ items, total }: { items: AdSummary[]; total: number }): string[] =>
  items.length === 0
    ? ['No ads yet. Make one with: reclaim ads generate --brand ID']
    : [
        ...items.map(
          (a) =>
            `${String(a.id).padStart(5)}  ${a.created_at}  ${a.concepts} concept(s), ${a.files} image(s)  ${a.dimensions ?? ''}  ${a.website ?? ''}${a.campaign ? `  "${a.campaign}"` : ''}`,
        ),
        `${items.length} of ${total} ad(s)`,
      ];

/** The --json summary of `ads generate`. */
export const generatedJson = (g: GeneratedAd) => ({
  ad_id: g.ad.id,
  brand_id: g.ad.brand_id,
  renderer: g.renderer,
  generator: g.ad.generator,
  concept_ids: g.ad.concepts.map((c) => c.id),
  concepts: g.ad.concepts,
  links: g.ad.links.from,
  files: g.ad.files.map((f) => ({
    id: f.id,
    path: f.path,
    url: f.url,
    caption: f.caption,
    width: f.width,
    height: f.height,
  })),
  knowledge_text: g.ad.knowledge_text,
  timings: g.timings,
});

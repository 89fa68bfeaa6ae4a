import type { KbCard, KbSearchResult } from '../../insights/index.ts';

const flow = (c: KbCard): string => (c.flow_id === null ? '' : `  flow ${c.flow_id}`);

const row = (c: KbCard, rank?: number): string =>
  `${String(c.id).padStart(6)}  ${c.status.padEnd(11)}  ${c.source.padEnd(10)}  w${String(c.weight).padEnd(5)}${rank === undefined ? '' : `  ${rank.toFixed(3)}`}  ${c.title ?? ''}${flow(c)}`;

/** `kb list`: one card a line and the range shown. */
export function kbList(page: { items: KbCard[]; total: number }, offset: number): string {
  if (page.items.length === 0) return 'No KB cards.';
  return [...page.items.map((c) => row(c)), `${offset + 1}-${offset + page.items.length} of ${page.total}.`].join('\n');
}

/** `kb add` / `kb update`: the card with its content. */
export const kbCard = (c: KbCard, verb: string): string =>
  [`KB card ${c.id} ${verb} (brand ${c.brand_id}).`, row(c), ...(c.content ? [`        ${c.content}`] : [])].join('\n');

/** `kb search`: the words searched for and ignored, then the cards best first with their rank. */
export function kbSearch(result: KbSearchResult): string {
  const head = [
    `Searched for: ${result.words.join(' ') || '(nothing)'}`,
    ...(result.ignored.length ? [`Ignored (2 characters or fewer): ${result.ignored.join(' ')}`] : []),
  ];
  if (result.items.length === 0) return [...head, 'No KB cards match.'].join('\n');
  return [
    ...head,
    ...result.items.map((c) => row(c, c.rank)),
    `${result.items.length} of ${result.total}${result.mode === 'fallback' ? ' (substring match: full-text search found nothing)' : ''}.`,
  ].join('\n');
}

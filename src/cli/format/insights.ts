import type { BatchProgress, BrandBatchSummary } from '../../insights/index.ts';

const BAR_WIDTH = 30;
const LABEL_WIDTH = 28;

/** `insights batch`: the progress bar of the brand it works on (its name, else its id), redrawn in place on a terminal. */
export function batchProgressBar(p: BatchProgress): string {
  const share = p.total === 0 ? 1 : Math.min(1, p.done / p.total);
  const filled = Math.round(share * BAR_WIDTH);
  const name = p.brandName?.trim() || `Brand ${p.brandId}`;
  const label = name.length > LABEL_WIDTH ? `${name.slice(0, LABEL_WIDTH - 1)}…` : name;
  return `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${p.done}/${p.total} messages `;
}

/** `insights batch`: one block per brand. */
export function batchSummary(brands: BrandBatchSummary[]): string {
  if (brands.length === 0) return 'No brands.';
  return brands
    .map((b) =>
      [
        `Brand ${b.brand_id}${b.brand_name ? ` (${b.brand_name})` : ''}${b.dry_run ? ' — dry run, nothing saved' : ''}: ${b.analyser} analyser`,
        `  messages read ${b.messages_read}, excluded ${b.excluded} (keywords and template texts)`,
        `  linked ${b.linked}, new insights ${b.new_insights} (${b.new_insight_messages} messages), none ${b.none}, skipped ${b.skipped}`,
        `  model calls ${b.model_calls}, cached ${b.cached}, tokens ${b.tokens} (prompt ${b.prompt_tokens}, completion ${b.completion_tokens})`,
      ].join('\n'),
    )
    .join('\n');
}

/** `insights batch --json`: the summaries without the list of new ids when long. */
export const batchJson = (brands: BrandBatchSummary[]) => ({ brands });

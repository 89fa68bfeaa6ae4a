import type { BackfillProgress, BackfillSummary, StoreIntegrationListing } from '../../stores/index.ts';

const integrationRow = (i: StoreIntegrationListing): string =>
  [
    String(i.id).padStart(5),
    i.platform.padEnd(11),
    (i.lookup_id ?? '-').padEnd(32),
    i.status.padEnd(13),
    i.is_enabled ? 'enabled ' : 'disabled',
    `brand ${i.brand_id} ${i.brand_name}`,
    i.health ? `- ${i.health}` : '',
  ]
    .join('  ')
    .trimEnd();

/** `stores list`: one row per store integration, or that none are connected. */
export function integrationList(integrations: StoreIntegrationListing[], brandId?: number): string {
  if (integrations.length === 0)
    return brandId === undefined ? 'No stores connected yet.' : `Brand ${brandId} has no stores connected.`;
  return integrations.map(integrationRow).join('\n');
}

/** `stores backfill`: the progress line, redrawn in place on a terminal. */
export const backfillProgress = (p: BackfillProgress): string =>
  `Backfill: page ${p.page}, ${p.seen} checkouts read, ${p.processed} processed, ${p.failed} failed `;

/** `stores backfill --json`. */
export const backfillJson = (s: BackfillSummary) => ({
  integration_id: s.integrationId,
  shop: s.shop,
  since: s.since,
  pages: s.pages,
  total: s.total,
  processed: s.processed,
  errors: s.errors,
});

/** `stores backfill`: what was read, the first 50 checkouts processed, and the failures by kind. */
export function backfillSummary(s: BackfillSummary): string {
  const shown = s.processed.slice(0, 50).join(', ');
  const more = s.processed.length > 50 ? ` … and ${s.processed.length - 50} more (--json lists all)` : '';
  const errors = Object.entries(s.errors).map(([key, count]) => `${key} x${count}`);
  return [
    `Backfill of ${s.shop} since ${s.since}: ${s.total} abandoned checkout${s.total === 1 ? '' : 's'} on ${s.pages} page${s.pages === 1 ? '' : 's'}.`,
    `Processed ${s.processed.length}${s.processed.length ? `: ${shown}${more}` : ''}`,
    `Failed ${Object.values(s.errors).reduce((a, b) => a + b, 0)}${errors.length ? `: ${errors.join(', ')}` : ''}`,
  ].join('\n');
}

import type { PrivacyRequestRow } from '../../stores/index.ts';

const summary = (row: PrivacyRequestRow): string => {
  const counts = row.payload.summary as Record<string, unknown> | undefined;
  if (counts)
    return Object.entries(counts)
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(', ');
  if (row.export) return 'export ready (--json shows it)';
  return '';
};

const requestRow = (row: PrivacyRequestRow): string =>
  [
    String(row.id).padStart(6),
    row.status.padEnd(9),
    row.topic.padEnd(22),
    row.shop_domain.padEnd(32),
    `customer ${row.customer_external_id ?? '-'}`.padEnd(24),
    `brand ${row.brand_id ?? '-'}`.padEnd(10),
    (row.completed_at ?? row.created_at).toISOString(),
    summary(row),
  ]
    .join('  ')
    .trimEnd();

/** `privacy requests`: one row per request with what was erased, or that none were received. */
export const privacyRequestList = (requests: PrivacyRequestRow[]): string =>
  requests.length === 0 ? 'No privacy requests received.' : requests.map(requestRow).join('\n');

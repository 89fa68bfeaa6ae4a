/**
 * Backfill and reconciliation: pages the shop's abandoned checkouts updated since a date and not
 * recovered (100 a page, up to 250 line items each), converts each to the `checkouts/update`
 * webhook shape and runs it through the same processing as a delivered webhook, with
 * `historical: false, etl: true`. Upserts are idempotent, so a second run adds nothing.
 */
import { AppError, coerceError, isAppError, type AppContext } from '../../app/index.ts';
import { getBrandIntegration } from '../integrations/store.ts';
import { CHECKOUT_PAGE_SIZE, getAbandonedCheckoutLineItems, listAbandonedCheckouts } from './admin.ts';
import { shopifyAdminFor } from './access-token.ts';
import type { RetryPolicy } from './client.ts';
import { processShopifyCheckout } from './processors/checkout.ts';
import { toCheckoutWebhook } from './rules-checkout.ts';

export interface BackfillProgress {
  page: number;
  seen: number;
  processed: number;
  failed: number;
}

export interface BackfillSummary {
  integrationId: number;
  shop: string;
  since: string;
  pages: number;
  /** Checkouts Shopify returned. */
  total: number;
  /** Our checkout ids, one per checkout processed (or found unchanged). */
  processed: (number | string)[];
  /** Failures by kind: `error-{status}` (the HTTP status of the failure) or `error-network`. */
  errors: Record<string, number>;
}

/** `error-network` for unreachable / timed out, else `error-{status}` of the failure (500 when unknown). */
export function backfillErrorKey(error: unknown): string {
  if (isAppError(error)) {
    if (error.code === 'shopify_network') return 'error-network';
    const status = error.details?.status;
    return `error-${typeof status === 'number' ? status : error.httpStatus}`;
  }
  const cause = coerceError(error);
  return cause.name === 'TimeoutError' || /fetch failed|ECONN|ETIMEDOUT|socket/i.test(cause.message)
    ? 'error-network'
    : 'error-500';
}

export interface BackfillOptions {
  integrationId: number;
  since: Date;
  onProgress?: (progress: BackfillProgress) => void;
  /** Client retry policy overrides (the defaults are Shopify's recommendations). */
  retry?: Partial<RetryPolicy>;
}

export async function backfillShopifyCheckouts(
  ctx: AppContext,
  { integrationId, since, onProgress, retry }: BackfillOptions,
): Promise<BackfillSummary> {
  const integration = await getBrandIntegration(ctx.db, integrationId);
  if (!integration) throw new AppError('not_found', 'Brand integration not found', { code: 'integration_not_found' });
  if (integration.slug !== 'shopify')
    throw new AppError('invalid_input', `Integration ${integrationId} is a ${integration.slug} store, not Shopify.`, {
      code: 'not_shopify',
    });
  if (!integration.is_enabled)
    throw new AppError(
      'invalid_input',
      `Integration ${integrationId} is ${integration.status} and disabled; install the app again first.`,
      { code: 'integration_disabled' },
    );
  const client = await shopifyAdminFor(ctx, integration, retry);
  const log = ctx.logger.child({ brand_id: integration.brand_id, integration_id: integration.id, shop: client.shop });

  const summary: BackfillSummary = {
    integrationId,
    shop: client.shop,
    since: since.toISOString(),
    pages: 0,
    total: 0,
    processed: [],
    errors: {},
  };
  const failed = (): number => Object.values(summary.errors).reduce((sum, count) => sum + count, 0);
  let after: string | null = null;
  do {
    const page = await listAbandonedCheckouts(client, { since, after, first: CHECKOUT_PAGE_SIZE });
    summary.pages += 1;
    for (const node of page.nodes) {
      summary.total += 1;
      try {
        const payload = toCheckoutWebhook(node, await getAbandonedCheckoutLineItems(client, node.id));
        const result = await processShopifyCheckout(ctx, integration, payload, { historical: false, etl: true });
        summary.processed.push(result.checkoutId ?? payload.token);
      } catch (error) {
        if (isAppError(error) && error.kind === 'unauthorized') throw error; // the token is gone: stop, nothing else will work
        const key = backfillErrorKey(error);
        summary.errors[key] = (summary.errors[key] ?? 0) + 1;
        log.warn({ err: coerceError(error), checkout: node.id, result: key }, 'backfill: checkout failed');
      }
      onProgress?.({ page: summary.pages, seen: summary.total, processed: summary.processed.length, failed: failed() });
    }
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  log.info(
    { pages: summary.pages, total: summary.total, processed: summary.processed.length, errors: summary.errors },
    'backfill finished',
  );
  return summary;
}

/**
 * The processor of stored pixel events (source `pixel`): the shopper's cart created or updated
 * from what the event says. Storefront events are anonymous (the ingest key is public), so they
 * identify and never consent: an e-mail or phone the shopper typed links the cart to the brand's
 * contact that already has that address; no contact or channel is created, and no channel's
 * status, compliance type or consent is changed. Consent comes from signed sources (the store's
 * webhooks and Admin API, Klaviyo, the shopper's own texts, an import). Idempotent: the cart
 * remembers the ids of the pixel events it applied, so a replay changes nothing.
 */
import type { AppContext } from '../../app/index.ts';
import { findContactIdByAddresses } from '../../contacts/index.ts';
import { withTransaction } from '../../db/index.ts';
import type { WebhookEvent } from '../../webhooks/index.ts';
import { hasUsablePhone } from '../shopify/processors/contact.ts';
import { summarizeIssues } from '../shopify/payloads.ts';
import {
  addCartLine,
  linesTotal,
  pixelCartFacts,
  pixelCartState,
  REMEMBERED_EVENT_IDS,
  type CartLineData,
} from './rules.ts';
import { pixelEventSchema } from './schemas.ts';
import { getBrandIntegration, insertPixelCart, lockCart, updatePixelCart } from './store.ts';

type Outcome = 'processed' | 'skipped';

export async function processPixelEvent(ctx: AppContext, event: WebhookEvent): Promise<Outcome> {
  const log = ctx.logger.child({ webhook_event_id: event.id, topic: event.topic });
  const integration = event.brand_integration_id
    ? await getBrandIntegration(ctx.db, event.brand_integration_id)
    : undefined;
  if (!integration?.is_enabled) {
    log.warn('No integration lookup id found');
    return 'skipped';
  }
  const parsed = pixelEventSchema.safeParse(event.payload);
  if (!parsed.success) {
    log.warn({ issues: summarizeIssues(parsed.error) }, 'stored pixel event no longer matches its schema; skipped');
    return 'skipped';
  }
  const pixel = parsed.data;
  const facts = pixelCartFacts(pixel);
  if (!facts.cartKey) {
    log.info('Cart token not found');
    return 'skipped';
  }
  const contactId =
    facts.identifiers.length > 0
      ? await findContactIdByAddresses(ctx.db, { brandId: integration.brand_id, addresses: facts.identifiers })
      : null;

  const apply = () =>
    withTransaction(ctx.db, async (tx) => {
      const existing = await lockCart(tx, integration.id, facts.cartKey!);
      const seen = Array.isArray(existing?.extra_data.pixel_event_ids)
        ? (existing.extra_data.pixel_event_ids as string[])
        : [];
      if (seen.includes(event.event_id)) return { outcome: 'skipped' as const, cartId: existing!.id };
      const stored = Array.isArray(existing?.data.line_items) ? (existing.data.line_items as CartLineData[]) : [];
      const lines = facts.lines ?? (facts.addedLine ? addCartLine(stored, facts.addedLine) : stored);
      const linesChanged = facts.lines !== undefined || facts.addedLine !== undefined;
      const owner = contactId ?? existing?.contact_id ?? null;
      const state = pixelCartState({
        current: existing?.state,
        lineCount: lines.length > 0 ? lines.length : (facts.lineCount ?? 0),
        linesChanged,
        completed: facts.completed,
        usablePhone: await hasUsablePhone(ctx, owner),
      });
      const total = facts.total ?? (facts.addedLine ? linesTotal(lines) : undefined);
      const extraData = {
        ...(existing?.extra_data ?? { from_webhook: false, from_identify: true }),
        pixel_event_ids: [...seen, event.event_id].slice(-REMEMBERED_EVENT_IDS),
        last_pixel_event: pixel.name,
        last_pixel_event_at: pixel.timestamp,
        ...(facts.completed
          ? { checkout_completed_at: pixel.timestamp, order_external_id: facts.orderId ?? null }
          : {}),
      };
      const data = { ...(existing?.data ?? {}), line_items: lines };
      if (!existing) {
        const id = await insertPixelCart(tx, {
          brandId: integration.brand_id,
          brandIntegrationId: integration.id,
          externalId: facts.cartKey!,
          state,
          contactId: owner,
          total: total ?? '0',
          currency: facts.currency,
          data,
          extraData,
        });
        return id === undefined ? undefined : { outcome: 'processed' as const, cartId: id };
      }
      await updatePixelCart(tx, existing.id, {
        state,
        contactId: owner,
        total,
        currency: facts.currency,
        data,
        extraData,
      });
      return { outcome: 'processed' as const, cartId: existing.id };
    });

  // A concurrent event may create the cart between the lock and the insert: apply again on it.
  const result = (await apply()) ?? (await apply());
  log.info({ cart_id: result?.cartId, contact_id: contactId }, 'pixel event applied to its cart');
  return result?.outcome ?? 'skipped';
}

/**
 * Webhook dead-lettered: an event whose last attempt failed raises a staff notification (ops
 * replay webhooks), once per stored event: replayed and dead again, it raises nothing new. The
 * brand of the event's store integration, when it has one, is named for context.
 */
import type { AppContext } from '../app/index.ts';
import { raiseWebhookDeadLettered } from '../notifications/index.ts';
import { getBrandIntegration } from '../stores/index.ts';
import type { DeadLetterHook } from '../webhooks/index.ts';

export const webhookDeadLettered: DeadLetterHook = async (ctx: AppContext, { event, attempts, error }) => {
  const integration = event.brand_integration_id
    ? await getBrandIntegration(ctx.db, event.brand_integration_id)
    : undefined;
  const raised = await raiseWebhookDeadLettered(ctx.db, {
    webhookEventId: event.id,
    source: event.source,
    topic: event.topic,
    attempts,
    error,
    brandId: integration?.brand_id ?? null,
  });
  if (raised.created)
    ctx.logger
      .child({ webhook_event_id: event.id, source: event.source, topic: event.topic })
      .info({ notification_id: raised.id }, 'dead-lettered webhook notification raised');
};

/**
 * `POST /webhooks/stripe`, through the same verify-store-acknowledge-queue path as the stores'
 * webhooks (DESIGN "Events in, work out"): the Stripe-Signature header is checked by the stripe
 * library with STRIPE_WEBHOOK_SECRET over the raw bytes (401 when it does not verify), then the
 * JSON and the Event envelope (400 when a signed body is not a Stripe Event, nothing stored), the
 * event is stored keyed by its id and queued, and processing happens in processors.ts.
 */
import type { RouteModule } from '../http/index.ts';
import { ingestWebhook } from '../webhooks/index.ts';
import { isStripeEventType } from './processors.ts';
import { verifyStripeWebhook } from './stripe.ts';

export const stripeWebhookRoutes: RouteModule = (app, ctx) => {
  app.post('/webhooks/stripe', { config: { rawBody: true } }, async (request, reply) => {
    const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
    if (!secret)
      request.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified and are refused');
    const signature = request.headers['stripe-signature'];
    const event = verifyStripeWebhook(
      request.rawBody ?? Buffer.alloc(0),
      Array.isArray(signature) ? signature[0] : signature,
      secret,
    );
    if (!isStripeEventType(event.type)) {
      request.log.info({ type: event.type }, 'Stripe event type Reclaim does not use; acknowledged');
      return reply.status(200).send({ received: true, ignored: true });
    }
    await ingestWebhook(ctx, {
      source: 'stripe',
      eventId: event.id,
      topic: event.type,
      payload: event,
      rawPayload: request.rawBody?.toString('utf8'),
      headers: { api_version: String(event.api_version ?? '') },
      triggeredAt: new Date(event.created * 1000),
    });
    return reply.status(200).send({ received: true });
  });
};

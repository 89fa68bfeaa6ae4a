/**
 * `POST /webhooks/stripe`, through the same verify-store-acknowledge-queue path as the stores'
 * webhooks (DESIGN "Events in, work out"): the Stripe-Signature header is checked by the stripe
 * library with STRIPE_WEBHOOK_SECRET over the raw bytes, the event is stored keyed by its id and
 * queued, and processing happens in processors.ts.
 */
import { AppError } from '../app/index.ts';
import { assertJsonBody, type RouteModule } from '../http/index.ts';
import { ingestWebhook } from '../webhooks/index.ts';
import { isStripeEventType } from './processors.ts';
import { verifyStripeEvent } from './stripe.ts';

const STRIPE_BAD_SIGNATURE = 'The request is not from Stripe: the Stripe-Signature header does not verify.';

export const stripeWebhookRoutes: RouteModule = (app, ctx) => {
  app.post('/webhooks/stripe', { config: { rawBody: true } }, async (request, reply) => {
    const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
    if (!secret)
      request.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified and are refused');
    const signature = request.headers['stripe-signature'];
    const event = secret
      ? verifyStripeEvent(
          request.rawBody ?? Buffer.alloc(0),
          Array.isArray(signature) ? signature[0] : signature,
          secret,
        )
      : undefined;
    if (!event) throw new AppError('unauthorized', STRIPE_BAD_SIGNATURE, { code: 'bad_signature' });
    assertJsonBody(request);
    if (!isStripeEventType(event.type)) {
      request.log.info({ type: event.type }, 'Stripe event type Reclaim does not use; acknowledged');
      return reply.status(200).send({ received: true, ignored: true });
    }
    const object = (event.data as { object?: { object?: string } }).object;
    if (!object || typeof object !== 'object')
      throw new AppError('invalid_input', `Invalid ${event.type} event: data.object is missing`, {
        code: 'invalid_payload',
      });
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

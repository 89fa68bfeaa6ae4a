/**
 * Cart event forwarding: each brand may name one hook endpoint; every cart or checkout event of
 * its stores (Shopify, BigCommerce, the web pixel) is POSTed there after Reclaim processed it,
 * from its own job, so a slow or failing endpoint never holds up a webhook's acknowledgement or
 * processing. Deliveries are signed (see rules.ts) and tried up to 5 times, 1 second apart; then
 * given up and recorded. The secret is stored sealed and returned only when generated.
 * The endpoint is a brand's URL, so it goes through the shared client's private-address guard:
 * an endpoint on a private address is refused when it is set, and again at each delivery (a name
 * may point elsewhere later), where a refusal is recorded at once and not tried again.
 */
import { brandExists } from '../../accounts/index.ts';
import { AppError, coerceError, decryptSecret, encryptSecret, type AppContext } from '../../app/index.ts';
import type { Handle } from '../../db/index.ts';
import { createHttpClient, PrivateAddressError, resolveTarget, type FetchGuard } from '../../http/index.ts';
import { enqueueJob } from '../../jobs/index.ts';
import { getEvent, type WebhookEvent } from '../../webhooks/index.ts';
import {
  DELIVERY_HEADER,
  describeFailure,
  EVENT_HEADER,
  HOOK_RETRY_DELAY_MS,
  HOOK_TIMEOUT_MS,
  hookUrl,
  isCartEvent,
  MAX_HOOK_ATTEMPTS,
  newHookSecret,
  retryable,
  SIGNATURE_HEADER,
  signDelivery,
  TIMESTAMP_HEADER,
} from './rules.ts';
import {
  brandWithEnabledHook,
  deleteCartHook,
  findCartHook,
  recordCartHookOutcome,
  saveCartHook,
  type CartHookRow,
} from './store.ts';

export const FORWARD_TASK = 'stores:forward-cart-event';

/** A brand's hook as it may be shown: never its secret. */
export interface CartHookView {
  brand_id: number;
  url: string;
  enabled: boolean;
  last_attempt_at: string | null;
  last_status: string | null;
  last_error: string | null;
  delivered_count: number;
  failed_count: number;
}

const view = (row: CartHookRow): CartHookView => ({
  brand_id: row.brand_id,
  url: row.url,
  enabled: row.is_enabled,
  last_attempt_at: row.last_attempt_at ? new Date(row.last_attempt_at).toISOString() : null,
  last_status: row.last_status,
  last_error: row.last_error,
  delivered_count: Number(row.delivered_count),
  failed_count: Number(row.failed_count),
});

const brandNotFound = (): AppError => new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });

/** A brand without a hook; a brand that does not exist is 'Brand not found'. */
async function noHook(db: Handle, brandId: number): Promise<AppError> {
  if (!(await brandExists(db, brandId))) return brandNotFound();
  return new AppError('not_found', `Brand ${brandId} has no cart event hook.`, { code: 'cart_hook_not_found' });
}

/**
 * Sets the brand's hook endpoint. A new hook, or `rotateSecret`, generates the signing secret,
 * returned here once (only its sealed form is stored).
 */
export async function setCartHook(
  ctx: AppContext,
  {
    brandId,
    url,
    rotateSecret = false,
    enabled = true,
  }: { brandId: number; url: string; rotateSecret?: boolean; enabled?: boolean },
): Promise<{ hook: CartHookView; secret?: string }> {
  const target = hookUrl(url);
  if (!(await brandExists(ctx.db, brandId))) throw brandNotFound();
  await refusePrivateEndpoint(target, { allowPrivate: ctx.config.ALLOW_PRIVATE_NETWORK_FETCH });
  const existing = await findCartHook(ctx.db, brandId);
  const secret = !existing || rotateSecret ? newHookSecret() : undefined;
  const secretSealed = secret ? encryptSecret(secret, (await ctx.secrets()).encryptionKey) : undefined;
  const row = await saveCartHook(ctx.db, { brandId, url: target, secretSealed, enabled });
  ctx.logger.info(
    { brand_id: brandId, host: new URL(target).host, secret_generated: secret !== undefined },
    'cart event hook set',
  );
  return { hook: view(row), ...(secret ? { secret } : {}) };
}

/**
 * A hook endpoint on a private address is refused when it is set. A name that does not resolve
 * now is accepted: each delivery resolves it again and is refused then if it points inside.
 */
async function refusePrivateEndpoint(url: string, guard: FetchGuard): Promise<void> {
  try {
    await resolveTarget(new URL(url), guard);
  } catch (error) {
    if (error instanceof PrivateAddressError) throw error;
  }
}

export async function getCartHook(ctx: AppContext, brandId: number): Promise<CartHookView> {
  const row = await findCartHook(ctx.db, brandId);
  if (!row) throw await noHook(ctx.db, brandId);
  return view(row);
}

export async function removeCartHook(ctx: AppContext, brandId: number): Promise<void> {
  if (!(await deleteCartHook(ctx.db, brandId))) throw await noHook(ctx.db, brandId);
}

/**
 * After a store event was processed: queues its forward when it is a cart event of a brand with
 * an enabled hook. One job per event (a replay while it is queued does not double it).
 */
export async function queueCartEventForward(db: Handle, event: WebhookEvent): Promise<boolean> {
  if (!isCartEvent(event.source, event.topic) || event.brand_integration_id === null) return false;
  const brandId = await brandWithEnabledHook(db, event.brand_integration_id);
  if (brandId === undefined) return false;
  await enqueueJob(
    db,
    FORWARD_TASK,
    { brandId, webhookEventId: event.id },
    { jobKey: `cart-forward:${event.id}`, maxAttempts: 1 },
  );
  return true;
}

export interface ForwardOptions {
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface ForwardResult {
  outcome: 'delivered' | 'failed' | 'skipped';
  attempts: number;
  status: number | null;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One POST of the signed body on the shared HTTP client: no retries of its own (the job's loop
 * retries with a fresh timestamp and signature), redirects not followed, the answer's body unused
 * (at most 64 KB of it is read).
 */
async function post(url: string, body: unknown, headers: Record<string, string>, guard: FetchGuard): Promise<number> {
  const target = new URL(url);
  const client = createHttpClient({
    service: 'cart-hook',
    baseUrl: target.origin,
    timeoutMs: HOOK_TIMEOUT_MS,
    retries: 0,
    followRedirects: false,
    guard,
  });
  const response = await client.request({
    method: 'POST',
    path: `${target.pathname}${target.search}`,
    json: body,
    headers,
    maxBytes: 64 * 1024,
  });
  return response.status;
}

/** The forward job: POSTs the event to the brand's hook, up to 5 tries 1 s apart, and records the outcome. */
export async function forwardCartEvent(
  ctx: AppContext,
  { brandId, webhookEventId }: { brandId: number; webhookEventId: number },
  { sleep = realSleep, now = Date.now }: ForwardOptions = {},
): Promise<ForwardResult> {
  const hook = await findCartHook(ctx.db, brandId);
  const event = hook?.is_enabled ? await getEvent(ctx.db, webhookEventId) : undefined;
  if (!hook || !event) return { outcome: 'skipped', attempts: 0, status: null };
  const secret = decryptSecret(hook.secret_sealed, (await ctx.secrets()).encryptionKey);
  const payload = {
    id: event.event_id,
    delivery_id: event.id,
    source: event.source,
    topic: event.topic,
    brand_id: brandId,
    brand_integration_id: event.brand_integration_id,
    triggered_at: event.triggered_at ? new Date(event.triggered_at).toISOString() : null,
    received_at: new Date(event.received_at).toISOString(),
    data: event.payload,
  };
  // The JSON the client sends is this same serialisation, so the signature covers the bytes sent.
  const body = JSON.stringify(payload);
  const log = ctx.logger.child({ brand_id: brandId, webhook_event_id: event.id, host: new URL(hook.url).host });
  let status: number | null = null;
  let failure = '';
  let refused = false;
  let attempts = 0;
  while (attempts < MAX_HOOK_ATTEMPTS) {
    attempts += 1;
    const timestamp = Math.floor(now() / 1000);
    try {
      status = await post(
        hook.url,
        payload,
        {
          'user-agent': 'Reclaim-Hooks/1',
          [EVENT_HEADER]: event.topic ?? '',
          [DELIVERY_HEADER]: String(event.id),
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signDelivery(secret, timestamp, body),
        },
        { allowPrivate: ctx.config.ALLOW_PRIVATE_NETWORK_FETCH },
      );
      failure = '';
    } catch (error) {
      status = null;
      failure = coerceError(error).message;
      refused = error instanceof PrivateAddressError;
      if (refused) break; // the same answer on every try
    }
    if (status !== null && status >= 200 && status < 300) {
      await recordCartHookOutcome(ctx.db, brandId, { delivered: true, status: `HTTP ${status}`, error: null });
      if (attempts > 1) log.info({ attempts }, 'cart event forwarded after retries');
      return { outcome: 'delivered', attempts, status };
    }
    if (!retryable(status) || attempts === MAX_HOOK_ATTEMPTS) break;
    await sleep(HOOK_RETRY_DELAY_MS);
  }
  const error = describeFailure(status, failure);
  await recordCartHookOutcome(ctx.db, brandId, {
    delivered: false,
    status: status === null ? (refused ? 'refused' : 'no answer') : `HTTP ${status}`,
    error,
  });
  log.warn({ attempts, status, error }, 'cart event forward given up');
  return { outcome: 'failed', attempts, status };
}

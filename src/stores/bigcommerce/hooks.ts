/**
 * Hook management: list, sync (create what is missing for store/cart/*, store/order/* and
 * store/customer/*, each with our secret header) and delete. Every hook call is retried up to
 * 5 times, 1 second apart, when BigCommerce is unreachable, rate-limits or fails on its side.
 */
import { AppError, type AppContext } from '../../app/index.ts';
import { retryAtFixedDelay } from '../../http/index.ts';
import type { BrandIntegration } from '../integrations/store.ts';
import { BigCommerceApiError, realSleep, type BcHook, type BigCommerceClient, type Sleep } from './client.ts';
import { clientFor, getBigCommerceIntegration, hookSecret } from './connection.ts';
import {
  HOOK_RETRIES,
  HOOK_RETRY_DELAY_MS,
  HOOK_SECRET_HEADER,
  hookDestination,
  planHooks,
  type HookScope,
} from './rules.ts';

export const LIST_HOOKS_FAILED = 'Failed to get existing hooks, you may try reinstalling the app or contact support';

/** A hook as printed: never its headers (they carry the secret). */
export interface HookSummary {
  id: number;
  scope: string;
  destination: string;
  is_active: boolean;
  ours: boolean;
}

export interface HookSyncResult {
  destination: string;
  kept: HookSummary[];
  created: HookSummary[];
  removed: HookSummary[];
}

const summary = (hook: BcHook, destination?: string): HookSummary => ({
  id: hook.id,
  scope: hook.scope,
  destination: hook.destination,
  is_active: hook.is_active,
  ours: destination !== undefined && hook.destination === destination,
});

/** Runs a hook call, retrying failures BigCommerce may recover from (network, 429, 5xx). */
export function withHookRetries<T>(fn: () => Promise<T>, sleep: Sleep = realSleep): Promise<T> {
  return retryAtFixedDelay(fn, {
    retries: HOOK_RETRIES,
    delayMs: HOOK_RETRY_DELAY_MS,
    shouldRetry: (error) =>
      error instanceof BigCommerceApiError &&
      (error.status === undefined || error.status === 429 || error.status >= 500),
    sleep,
  });
}

async function fetchAllHooks(client: BigCommerceClient, sleep: Sleep): Promise<BcHook[]> {
  try {
    const hooks: BcHook[] = [];
    for (let page = 1; ; page += 1) {
      const result = await withHookRetries(() => client.listHooksPage(page, 0), sleep);
      hooks.push(...result.hooks);
      if (page >= result.totalPages || result.hooks.length === 0) return hooks;
    }
  } catch (error) {
    throw new AppError('upstream', LIST_HOOKS_FAILED, { code: 'list_hooks_failed', cause: error });
  }
}

export interface HookOptions {
  integrationId: number;
  sleep?: Sleep;
}

/** The store's hooks registered by this app. */
export async function listHooks(
  ctx: AppContext,
  { integrationId, sleep = realSleep }: HookOptions,
): Promise<{ destination: string | null; hooks: HookSummary[] }> {
  const integration = await getBigCommerceIntegration(ctx, integrationId);
  const client = await clientFor(ctx, integration, { sleep });
  const destination = ctx.config.PUBLIC_URL ? hookDestination(ctx.config.PUBLIC_URL) : null;
  const hooks = await fetchAllHooks(client, sleep);
  return { destination, hooks: hooks.map((hook) => summary(hook, destination ?? undefined)) };
}

/** Makes the store's hooks match HOOK_SCOPES at PUBLIC_URL with the integration's secret header. */
export async function syncIntegrationHooks(
  ctx: AppContext,
  integration: BrandIntegration,
  { sleep = realSleep }: { sleep?: Sleep } = {},
): Promise<HookSyncResult> {
  const destination = hookDestination(ctx.config.PUBLIC_URL);
  const client = await clientFor(ctx, integration, { sleep });
  const secret = await hookSecret(ctx, integration);
  const existing = await fetchAllHooks(client, sleep);
  const plan = planHooks(existing, { destination, secret });

  const removed: HookSummary[] = [];
  for (const hook of plan.remove) {
    await withHookRetries(() => client.deleteHook(hook.id, 0), sleep);
    removed.push(summary(hook as BcHook, destination));
  }
  const created: HookSummary[] = [];
  for (const scope of plan.create) created.push(await createHook(client, { scope, destination, secret }, sleep));
  ctx.logger.info(
    { brand_integration_id: integration.id, created: created.length, removed: removed.length, kept: plan.keep.length },
    'bigcommerce hooks synced',
  );
  return { destination, kept: plan.keep.map((hook) => summary(hook as BcHook, destination)), created, removed };
}

async function createHook(
  client: BigCommerceClient,
  { scope, destination, secret }: { scope: HookScope; destination: string; secret: string },
  sleep: Sleep,
): Promise<HookSummary> {
  const hook = await withHookRetries(
    () => client.createHook({ scope, destination, is_active: true, headers: { [HOOK_SECRET_HEADER]: secret } }, 0),
    sleep,
  );
  if (!hook) throw new AppError('upstream', `BigCommerce did not return the created hook for ${scope}.`);
  return summary(hook, destination);
}

export async function syncHooks(ctx: AppContext, { integrationId, sleep }: HookOptions): Promise<HookSyncResult> {
  const integration = await getBigCommerceIntegration(ctx, integrationId);
  return syncIntegrationHooks(ctx, integration, { sleep });
}

export async function deleteHook(
  ctx: AppContext,
  { integrationId, hookId, sleep = realSleep }: HookOptions & { hookId: number },
): Promise<void> {
  const integration = await getBigCommerceIntegration(ctx, integrationId);
  const client = await clientFor(ctx, integration, { sleep });
  await withHookRetries(() => client.deleteHook(hookId, 0), sleep);
}

/**
 * The clients every context of the program holds (ctx.clients), each built by its domain on first
 * use and closed when the context is released; commands, servers, the worker and the tests create
 * their contexts through createAppContext.
 */
import { createAnalyticsDb } from '../analytics/index.ts';
import { createContext, type AppContext, type ClientFactories, type ContextOptions } from '../app/index.ts';
import { createStripeClient } from '../billing/index.ts';
import { getSmsProvider } from '../messaging/index.ts';
import { createMailTransport } from '../notifications/index.ts';
import { createStoreClients } from '../stores/index.ts';
import { WebhookBatcher } from '../webhooks/index.ts';

/** Registers the client's close() to run when the context is released, before what was built earlier. */
function closedOnRelease<T extends { close(): unknown }>(ctx: AppContext, client: T): T {
  ctx.onRelease(async () => {
    await client.close();
  });
  return client;
}

export const CLIENT_FACTORIES: ClientFactories = {
  stripe: (ctx) => createStripeClient(ctx.config),
  sms: (ctx) => getSmsProvider(ctx),
  mail: (ctx) => closedOnRelease(ctx, createMailTransport(ctx)),
  stores: (ctx) => createStoreClients(ctx),
  // The events it has accepted are written before the database pool closes.
  webhookBatcher: (ctx) => closedOnRelease(ctx, new WebhookBatcher(ctx.db)),
  // Reports read the replica in ANALYTICS_DATABASE_URL when it is set, else the main database.
  analyticsDb: (ctx) => createAnalyticsDb(ctx),
};

/** The startup context with the program's clients. */
export function createAppContext(options: ContextOptions = {}): Promise<AppContext> {
  return createContext({ ...options, clients: options.clients ?? CLIENT_FACTORIES });
}

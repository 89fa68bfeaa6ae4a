/**
 * The brand API's store route: the brand's store connections (Shopify, BigCommerce) and their
 * health. Only what a brand may see: never credentials or other settings.
 */
import { z } from 'zod';
import { defineRoute, timestamp, type ApiRoute } from '../http/index.ts';
import { integrationsApi } from './integrations/api.ts';
import { listStoreIntegrations } from './integrations/service.ts';

const connectionSchema = z.object({
  id: z.number().int(),
  platform: z.string().describe('shopify or bigcommerce'),
  shop: z.string().nullable().describe("the store's domain or hash"),
  status: z.enum(['pending_setup', 'connected', 'disconnected']),
  is_enabled: z.boolean().describe('events of the store are processed'),
  health: z.string().nullable().describe("what needs fixing, e.g. 'Permissions required'; null when healthy"),
  health_detail: z
    .string()
    .nullable()
    .describe("the health's detail, e.g. 'Missing permissions: read_orders'; null when there is none"),
  action: z.enum(['reconnect']).nullable().describe('what fixes the health: reconnect (approve the app again)'),
  installed_at: timestamp().nullable(),
  uninstalled_at: timestamp().nullable(),
});

export const storesApi: ApiRoute[] = [
  ...integrationsApi,
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/store-connections',
    tag: 'stores',
    summary: "The brand's store connections and their health, newest first",
    response: z.object({ items: z.array(connectionSchema) }),
    handler: async ({ ctx, brand }) => ({
      items: (await listStoreIntegrations(ctx.db, { brandId: brand.id })).map((row) => {
        const uninstalled = row.settings.uninstalled_at;
        const health = (row.settings.health ?? {}) as { message?: unknown; action?: unknown };
        return {
          id: row.id,
          platform: row.platform,
          shop: row.lookup_id,
          status: row.status as 'pending_setup' | 'connected' | 'disconnected',
          is_enabled: row.is_enabled,
          health: row.health,
          health_detail: row.health && typeof health.message === 'string' ? health.message : null,
          action: row.health && health.action === 'reconnect' ? ('reconnect' as const) : null,
          installed_at: row.installed_at,
          uninstalled_at: typeof uninstalled === 'string' ? uninstalled : null,
        };
      }),
    }),
  }),
];

import { accountsApi, API_GUARD, requireBrandAdmin } from '../accounts/index.ts';
import { adFilesRoutes, adsApi } from '../ads/index.ts';
import { analyticsApi, workflowStatsSource } from '../analytics/index.ts';
import { attributionApi } from '../attribution/index.ts';
import { billingApi, billingManageApi, stripeWebhookRoutes } from '../billing/index.ts';
import { contactsApi } from '../contacts/index.ts';
import { conversationsApi, conversationsRoutes } from '../conversations/index.ts';
import { STORE_EFFECTS } from '../flows/index.ts';
import { apiRoutes, type ApiRoute, type RouteModule } from '../http/index.ts';
import { kbApi } from '../insights/index.ts';
import { agentApi, agentReviewApi } from '../agent/index.ts';
import { infobipDeliveryRoutes, infobipRegistrationRoutes, messagingApi, registrationApi } from '../messaging/index.ts';
import { integrationLinksApi, klaviyoRoutes, slackRoutes } from '../integrations/index.ts';
import { notificationsApi } from '../notifications/index.ts';
import {
  bigcommerceRoutes,
  pixelIngestRoutes,
  shopifyInstallRoutes,
  shopifyWebhookRoutes,
  storesApi,
  storefrontScriptRoutes,
} from '../stores/index.ts';
import { campaignsApi, flowsApi, segmentsApi, workflowEditApi, workflowsApi } from '../workflows/index.ts';

/**
 * The brand API (`/api/…` behind the guard, described by `/api/openapi.json`): each domain's
 * routes. A new group is one more entry; the guard and the document come with it.
 */
export const API_ROUTES: ApiRoute[] = [
  ...accountsApi,
  ...workflowsApi({ stats: workflowStatsSource }),
  ...campaignsApi(),
  ...segmentsApi(),
  ...contactsApi,
  ...conversationsApi,
  ...attributionApi,
  ...billingApi,
  ...billingManageApi,
  ...storesApi,
  ...messagingApi,
  ...registrationApi,
  ...integrationLinksApi({
    requireAdmin: (ctx, caller, brand) =>
      requireBrandAdmin(
        ctx.db,
        { userId: caller.userId, isStaff: caller.isStaff },
        brand.tenant_id,
        'integrations.manage',
      ),
  }),
  ...kbApi,
  ...agentApi,
  ...agentReviewApi,
  ...notificationsApi,
  ...analyticsApi,
  ...adsApi,
  // Last: its DELETE removes a workflow, and the isolation test calls the routes in this order.
  ...workflowEditApi(),
  ...flowsApi(),
];

/** Every domain's HTTP routes, in the order they are registered. */
export const ROUTES: RouteModule[] = [
  apiRoutes({ routes: API_ROUTES, guard: API_GUARD }),
  bigcommerceRoutes(STORE_EFFECTS),
  shopifyWebhookRoutes,
  pixelIngestRoutes,
  storefrontScriptRoutes,
  shopifyInstallRoutes(STORE_EFFECTS),
  conversationsRoutes,
  infobipDeliveryRoutes,
  infobipRegistrationRoutes,
  stripeWebhookRoutes,
  slackRoutes,
  klaviyoRoutes,
  adFilesRoutes,
];

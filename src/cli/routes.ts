import { accountsRoutes } from '../accounts/index.ts';
import { stripeWebhookRoutes } from '../billing/index.ts';
import { conversationsRoutes } from '../conversations/index.ts';
import { STORE_EFFECTS } from '../flows/index.ts';
import type { RouteModule } from '../http/index.ts';
import { infobipDeliveryRoutes } from '../messaging/index.ts';
import { bigcommerceRoutes, shopifyInstallRoutes, shopifyWebhookRoutes } from '../stores/index.ts';

/** Every domain's HTTP routes, in the order they are registered. */
export const ROUTES: RouteModule[] = [
  accountsRoutes,
  bigcommerceRoutes(STORE_EFFECTS),
  shopifyWebhookRoutes,
  shopifyInstallRoutes(STORE_EFFECTS),
  conversationsRoutes,
  infobipDeliveryRoutes,
  stripeWebhookRoutes,
];

import { accountsRoutes } from '../accounts/index.ts';
import type { RouteModule } from '../http/index.ts';
import { bigcommerceRoutes, shopifyInstallRoutes, shopifyWebhookRoutes } from '../stores/index.ts';

/** Every domain's HTTP routes, in the order they are registered. */
export const ROUTES: RouteModule[] = [accountsRoutes, bigcommerceRoutes, shopifyWebhookRoutes, shopifyInstallRoutes];

import type { RouteModule } from '../http/index.ts';

/** Every domain's HTTP routes, in the order they are registered. */
export const ROUTES: RouteModule[] = [];

/**
 * The answers the settings page reads: the generated types of /api/openapi.json
 * (lib/api-types.ts), named here for the settings page.
 */
import type { ApiAnswer, ApiItem } from '../../../lib/api.ts';

export type StoreConnection = ApiItem<'/api/brands/{brandId}/store-connections'>;
export type Texting = ApiAnswer<'/api/brands/{brandId}/texting'>;
export type QuietHours = Texting['quiet_hours'];
export type AttributionSettings = ApiAnswer<'/api/brands/{brandId}/attribution/settings'>;
export type Subscription = NonNullable<ApiAnswer<'/api/brands/{brandId}/subscription'>['subscription']>;
export type ChargePage = ApiAnswer<'/api/brands/{brandId}/charges'>;
export type Charge = ChargePage['items'][number];

export type PlanCatalogue = ApiAnswer<'/api/brands/{brandId}/plans'>;
export type Plan = PlanCatalogue['items'][number];
export type PlanChoice = ApiAnswer<'/api/brands/{brandId}/subscription', 'post'>;

export const settingsKey = (brandId: number) => ['brands', brandId, 'settings'] as const;

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

// The plan and billing answers (written by hand until the generated types name them).
export interface Plan {
  id: number;
  name: string;
  description: string | null;
  price: string;
  usage_charge_percentage: number;
  frequency: string;
  features: string[];
  custom: boolean;
}

export interface PlanCatalogue {
  items: Plan[];
  gateway: 'stripe' | 'shopify';
  uncharged: { orders: number; sales: string };
}

export interface PlanChoice {
  action: 'subscribed' | 'changed';
  subscription_id: number;
  plan_name: string;
  gateway: 'stripe' | 'shopify';
  status: string;
  checkout_url: string | null;
  discount_amount: number;
  reused: boolean;
}

export const settingsKey = (brandId: number) => ['brands', brandId, 'settings'] as const;

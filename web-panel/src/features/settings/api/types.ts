/** Shapes of the answers the settings page reads (see /api/openapi.json). */
export interface StoreConnection {
  id: number;
  platform: string;
  shop: string | null;
  status: 'pending_setup' | 'connected' | 'disconnected';
  is_enabled: boolean;
  health: string | null;
  installed_at: string | null;
  uninstalled_at: string | null;
}

export interface Texting {
  number: string | null;
  number_source: 'sms_integration' | 'support_phone' | null;
  integration: { provider: string; status: string; is_enabled: boolean } | null;
  ten_dlc: { status: string; updated_at: string | null } | null;
  quiet_hours: QuietHours;
}

export interface QuietHours {
  start: string;
  end: string;
  strict_states: string[];
  strict_end: string;
  strict_limit: number;
  strict_limit_hours: number;
  cart_reminder_max_hours: number;
  texas_compliance: boolean;
}

export interface AttributionSettings {
  type: string;
  hard_cap_days: number;
  windows: { message: number; click: number; reply: number; discount_code: number };
  holdout_groups: string[];
  warnings: string[];
}

export interface Subscription {
  id: number;
  status: string;
  gateway: string | null;
  started_at: string | null;
  activated_at: string | null;
  trial_end_at: string | null;
  cancelled_at: string | null;
  last_billed_at: string | null;
  billing_email: string | null;
  checkout_url: string | null;
  current_period_end: string | null;
  requested_cap_usd: number | null;
  plan: {
    id: number;
    name: string;
    price: string;
    usage_charge_percentage: number;
    frequency: string;
    features: string[];
  } | null;
}

export interface Charge {
  id: number;
  created_at: string;
  type: 'recurring' | 'usage';
  status: string;
  amount: string;
  currency: string;
  earnings: string | null;
  description: string | null;
  order_id: number | null;
  plan: { id: number; name: string };
  percentage: number | null;
  order: { number: string | null; total: string | null } | null;
  conversation: { id: number; shopper_name: string | null } | null;
}

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

export interface ChargePage {
  items: Charge[];
  total: number;
  total_amount: string;
  offset: number;
  limit: number;
}

export const settingsKey = (brandId: number) => ['brands', brandId, 'settings'] as const;

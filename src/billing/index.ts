export { recordBillingCancelEvent, listBillingEvents } from './events.ts';
export * from './rules.ts';
export { createPlan, createCustomPlan, listPlans, type ListedPlan, type NewPlan } from './plans.ts';
export { subscribe, type SubscribeInput, type SubscribeResult } from './subscribe.ts';
export {
  applyRemoteState,
  billingPortalUrl,
  cancelBrandSubscription,
  changePlan,
  processBillingEvents,
  type CancelResult,
  type PlanChangeResult,
  type StatusChange,
} from './lifecycle.ts';
export { pushUsageCharges, invoiceStripeUsage, type UsageOutcome } from './usage.ts';
export { billingSync, stripeRemoteState, type BrandSync, type SyncResult } from './sync.ts';
export { createStripeClient, verifyStripeEvent } from './stripe.ts';
export * from './shopify-billing.ts';
export { findSubscription, brandSubscriptions, type Subscription, type Charge, type Plan } from './store.ts';
export {
  stripeWebhookRoutes,
  processStripeEvent,
  processShopifyAppSubscription,
  STRIPE_EVENT_TYPES,
  STRIPE_BAD_SIGNATURE,
} from './webhooks.ts';
export { listCharges, type ChargeListing, type ChargeFilter } from './charges.ts';

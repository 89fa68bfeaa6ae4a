export {
  isLive,
  subscribeFormProblems,
  planChangeFormProblems,
  customPlanFormProblems,
  mapShopifyStatus,
  mapStripeStatus,
  firstMonthDiscount,
  usageChargeAmount,
  fitUnderCap,
  stripeFeatureNames,
  shopifyTestCharge,
} from './rules.ts';
export { createPlan, createCustomPlan, listPlans, type ListedPlan } from './plans.ts';
export { subscribe, type SubscribeResult } from './subscribe.ts';
export { billingPortalUrl } from './portal.ts';
export { cancelBrandSubscription, changePlan, type CancelResult, type PlanChangeResult } from './lifecycle.ts';
export { billingSync, type SyncResult } from './sync.ts';
export { createStripeClient, checkStripeCredentials } from './stripe.ts';
export {
  createAppSubscription,
  getAppSubscription,
  listActiveAppSubscriptions,
  cancelAppSubscription,
  createUsageRecord,
  updateUsageCap,
  usageLine,
  recurringLine,
  type AppSubscription,
  type AppSubscriptionInput,
} from './shopify-billing.ts';
export { brandSubscriptions, type Subscription } from './store/subscriptions.ts';
export { recordBillingCancelEvent } from './store/events.ts';
export { stripeWebhookRoutes } from './routes.ts';
export { processStripeEvent, processShopifyAppSubscription } from './processors.ts';
export { listCharges, type ChargeListing } from './charges.ts';
export { createUsageCharges, completeCharges } from './charges.ts';
export { billingApi } from './api.ts';
export { billingManageApi } from './api-manage.ts';
export { raiseUsageCap, type UsageCapResult } from './usage-cap.ts';

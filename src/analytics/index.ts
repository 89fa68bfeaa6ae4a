/**
 * Analytics: the brand reports (spec 1 brand stats and daily stats, spec 2 section 7's named
 * queries, the live feed, KB card stats) and the staff lists (brands by earnings, charges, staff
 * members). Every query is a typed function over SQL taking the handle to read from: pass
 * analyticsDb(ctx), the replica in ANALYTICS_DATABASE_URL when set, else the main database.
 * Periods, granularity and the previous period are the pure rules of rules.ts; each metric is
 * defined once in store/metrics.ts (funnel steps and outcomes in funnel-steps.ts).
 */
export { analyticsDb, createAnalyticsDb, ANALYTICS_POOL_MAX } from './db.ts';
export {
  DEFAULT_TIMEZONE,
  GRANULARITIES,
  AUTO_GRANULARITY_MAX_DAYS,
  DEFAULT_PERIOD_DAYS,
  MAX_BUCKETS,
  isGranularity,
  parseDay,
  hourAligned,
  resolveTimeZone,
  resolvePeriod,
  previousPeriod,
  buckets,
  type Granularity,
  type Period,
  type Bucket,
} from './rules.ts';
export { TEMPLATE_MAX_LENGTH, codeMarkers, isTemplateText, messageKind, type MessageKind } from './rules-messages.ts';
export { BRAND_NOT_FOUND, periodView, type PeriodQuery, type PeriodView } from './scope.ts';
export { METRICS, METRIC_INFO, type MetricInfo, type MetricValue, type MetricUnit } from './store/metrics.ts';
export { FUNNEL_STEPS, OUTCOMES, ORDER_FIGURES, type StepInfo } from './funnel-steps.ts';
export {
  brandStats,
  dailyStats,
  type BrandStats,
  type BrandStatsQuery,
  type DailyStats,
  type MetricComparison,
  type SeriesPoint,
} from './brand-stats.ts';
export {
  clientFunnelStats,
  workflowStats,
  workflowStatsList,
  WORKFLOW_NOT_FOUND,
  type ClientFunnelQuery,
  type ClientFunnelStats,
  type WorkflowStatsQuery,
  type WorkflowStats,
  type WorkflowStatsList,
  type FunnelComparison,
  type FunnelStep,
  type Figure,
} from './funnels.ts';
export {
  conversationThread,
  conversationMessageCount,
  conversationMessageBody,
  cartInfoOf,
  checkoutInfoOf,
  conversationStats,
  CONVERSATION_NOT_FOUND,
  CART_NOT_FOUND,
  CHECKOUT_NOT_FOUND,
  type ConversationThread,
  type ConversationStats,
  type ConversationStatsQuery,
} from './conversations.ts';
export {
  brandInsights,
  insightTagCategoryCounts,
  kbCardStats,
  type BrandInsights,
  type TagCategoryCounts,
  type InsightQuery,
  type KbCardStats,
} from './insights.ts';
export { liveFeed, LIVE_FEED_CONVERSATIONS, LIVE_FEED_ORDERS, LIVE_FEED_EVENTS, type LiveFeed } from './live.ts';
export {
  brandList,
  brandSubscriptionChargeList,
  staffMembers,
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  type BrandListQuery,
  type ChargeListQuery,
  type ChargeList,
} from './staff.ts';
export { INTERNAL_TESTING_INDUSTRY } from './store/brands.ts';
export {
  refreshAnalyticsRollups,
  ROLLUP_BATCH_SIZE,
  SCHEDULED_REFRESH_MAX_BATCHES,
  type RollupRefresh,
} from './rollups.ts';
export { analyticsApi, workflowStatsSource } from './api.ts';
export {
  operatorBrandList,
  operatorLiveFeed,
  operatorWorkflowDay,
  OPERATOR_FEED_LIMIT,
  type ConversationWorkflowCache,
  type OperatorBrand,
  type OperatorConversation,
  type OperatorWorkflow,
} from './operator.ts';

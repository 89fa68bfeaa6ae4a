/**
 * Attribution: which conversation recovered an order (evidence ledger, goals, billing status),
 * the live feed rule every report shares, and holdout lift. See rules.ts for the brand settings
 * (attribution_type / attribution_rules / attribution_hard_cap) and their defaults.
 */
export { attributeOrder, type AttributionResult } from './service.ts';
export { explainOrder, NOT_DECIDED_YET, type OrderExplanation, type EvidenceItemView } from './explain.ts';
export {
  recoveredStats,
  liftStats,
  defaultPeriod,
  type RecoveredStats,
  type LiftStats,
  type LiftSide,
  type Period,
} from './reports.ts';
export { insertGoalEvents, type GoalEvent } from './store/goals.ts';
export { redactOrderEvidence } from './store/ledger.ts';
export { LIVE_FEED_RECOVERED_SQL, liveFeedRecoveredSql, whereRecovered } from './store/live-feed.ts';
export { attributionApi } from './api.ts';

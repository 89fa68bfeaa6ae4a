/**
 * Attribution: which conversation recovered an order (evidence ledger, goals, billing status),
 * the live feed rule every report shares, and holdout lift. See rules.ts for the brand settings
 * (attribution_type / attribution_rules / attribution_hard_cap) and their defaults.
 */
import type { Knex } from 'knex';
import { liveFeedRecoveredSql } from './rules.ts';

export { attributeOrder, type AttributionResult } from './service.ts';
export { explainOrder, type OrderExplanation, type EvidenceItemView } from './explain.ts';
export { redactOrderEvidence } from './store.ts';
export {
  recoveredStats,
  liftStats,
  defaultPeriod,
  type RecoveredStats,
  type LiftStats,
  type LiftSide,
  type Period,
} from './reports.ts';
export {
  LIVE_FEED_RECOVERED_SQL,
  liveFeedRecoveredSql,
  resolveAttributionSettings,
  decideAttribution,
  billingStatusFor,
  liftFigures,
  ATTRIBUTION_TYPES,
  DEFAULT_ATTRIBUTION_TYPE,
  DEFAULT_HARD_CAP_DAYS,
  DEFAULT_WINDOW_HOURS,
  type AttributionType,
  type AttributionRule,
  type AttributionSettings,
  type AttributionDecision,
  type EvidenceKind,
  type EvidenceItem,
} from './rules.ts';

/** Narrows an orders query to live-feed recovered orders; alias is the orders table's name or alias. */
export function whereRecovered<Q extends Knex.QueryBuilder>(query: Q, alias = 'orders'): Q {
  return query.whereRaw(liveFeedRecoveredSql(alias)) as Q;
}

/**
 * The live feed rule (spec 1 section 4) as one SQL predicate over an orders row: recovered when
 * it has recovered_at and a workflow, and either billing_status is billable, processing or
 * complete, or it has a recovered checkout, or a linked conversation. Every report on recovered
 * orders uses it, so the figures agree with the live feed and with billing.
 */
import type { Knex } from 'knex';

const ALIAS = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The predicate over the orders row named `alias` (the table's name or its alias in the query). */
export function liveFeedRecoveredSql(alias = 'orders'): string {
  if (!ALIAS.test(alias)) throw new Error(`invalid SQL alias "${alias}"`);
  const o = alias;
  return `(${o}.recovered_at is not null and ${o}.workflow_id is not null and (${o}.billing_status in ('billable', 'processing', 'complete') or exists (select 1 from checkouts lf_ck where lf_ck.id = ${o}.checkout_id and lf_ck.state = 'recovered') or exists (select 1 from order_conversations lf_oc where lf_oc.order_id = ${o}.id)))`;
}

export const LIVE_FEED_RECOVERED_SQL = liveFeedRecoveredSql('orders');

/** Narrows an orders query to live-feed recovered orders; alias is the orders table's name or alias. */
export function whereRecovered<Q extends Knex.QueryBuilder>(query: Q, alias = 'orders'): Q {
  return query.whereRaw(liveFeedRecoveredSql(alias)) as Q;
}

/**
 * SQL fragments the analytics queries share: the bucket of a timestamp in a time zone, the
 * template-text predicate (the SQL twin of rules-messages.ts) and the delivery states of a text.
 */
import type { Granularity } from '../rules.ts';
import { SHORT_LINK_PATTERN, TEMPLATE_MAX_LENGTH } from '../rules-messages.ts';

const COLUMN = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;

function checked(column: string): string {
  if (!COLUMN.test(column)) throw new Error(`invalid SQL column "${column}"`);
  return column;
}

/**
 * The bucket of a timestamptz column, as an expression to group by (hash-friendly: a timestamp):
 * for hours the instant the local hour starts (PostgreSQL's date_trunc with a zone keeps the two
 * 01:00 hours of a fall-back day apart), otherwise the local start of the day, week (Monday),
 * month or year. The zone is the named binding :tz.
 */
export function bucketGroupSql(column: string, granularity: Granularity): string {
  const c = checked(column);
  return granularity === 'hour'
    ? `date_trunc('hour', ${c}, :tz)`
    : `date_trunc('${granularity}', ${c} at time zone :tz)`;
}

/** The key of a bucket (rules.ts bucketKey) from its group expression, written as $KEY. */
export function bucketKeySql(granularity: Granularity): string {
  return granularity === 'hour'
    ? `to_char($KEY at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `to_char($KEY, 'YYYY-MM-DD')`;
}

/** The bucket key of a column directly (for queries that do not group by it). */
export function bucketSql(column: string, granularity: Granularity): string {
  return bucketKeySql(granularity).replace('$KEY', bucketGroupSql(column, granularity));
}

/** Outgoing texts handed to the provider (whatever the delivery report said afterwards). */
export const SENT_STATUSES = ['sent', 'delivered', 'undelivered'] as const;
export const SENT_STATUS_SQL = `('sent', 'delivered', 'undelivered')`;

/** The code markers as one regular expression (bound as :markerPattern); they hold only A-Z, 0-9 and dashes. */
export function markerPattern(markers: readonly string[]): string {
  return (
    markers
      .map((m) => m.replace(/[^A-Z0-9-]/g, ''))
      .filter(Boolean)
      .join('|') || '$^'
  );
}

/**
 * A template text: the messages row `alias` is outgoing, shorter than 230 characters, and carries
 * a short link or one of the code markers (:markerPattern, see markerPattern).
 */
export function templateSql(alias = 'm'): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`invalid SQL alias "${alias}"`);
  return `(${alias}.direction = 'outgoing' and char_length(${alias}.body) < ${TEMPLATE_MAX_LENGTH} and (${alias}.body ~ '${SHORT_LINK_PATTERN}' or upper(${alias}.body) ~ :markerPattern))`;
}

/** A shopper's own reply: incoming and not a keyword (STOP, HELP, START). */
export function shopperReplySql(alias = 'm'): string {
  return `(${alias}.direction = 'incoming' and coalesce(${alias}.extra_data->>'action', 'reply') = 'reply')`;
}

/** An opt-out text: incoming with the opt-out action. */
export function optOutSql(alias = 'm'): string {
  return `(${alias}.direction = 'incoming' and ${alias}.extra_data->>'action' = 'opt_out')`;
}

/** The sent text `alias` is its conversation's first sent text (ties broken by id). */
export function firstSentSql(alias = 'm'): string {
  return `not exists (select 1 from conversation_messages e where e.conversation_id = ${alias}.conversation_id and e.direction = 'outgoing' and e.status in ${SENT_STATUS_SQL} and e.sent_at is not null and (e.sent_at, e.id) < (${alias}.sent_at, ${alias}.id))`;
}

/** The incoming text `alias` is the first of its conversation that matches `match` (a predicate over alias e). */
export function firstIncomingSql(alias: string, match: string): string {
  return `not exists (select 1 from conversation_messages e where e.conversation_id = ${alias}.conversation_id and ${match} and (e.created_at, e.id) < (${alias}.created_at, ${alias}.id))`;
}

/** The click `alias` is its link's first click. */
export function firstClickSql(alias = 'k'): string {
  return `not exists (select 1 from link_clicks e where e.short_link_id = ${alias}.short_link_id and (e.clicked_at, e.id) < (${alias}.clicked_at, ${alias}.id))`;
}

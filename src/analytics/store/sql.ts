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
 * The bucket key of a timestamptz column, matching rules.ts bucketKey: for hours the ISO instant
 * the local hour starts (PostgreSQL's date_trunc with a zone keeps the two 01:00 hours of a
 * fall-back day apart), otherwise the local date the day, week (Monday), month or year starts.
 * The zone is the named binding :tz.
 */
export function bucketSql(column: string, granularity: Granularity): string {
  const c = checked(column);
  if (granularity === 'hour')
    return `to_char(date_trunc('hour', ${c}, :tz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `to_char(date_trunc('${granularity}', ${c} at time zone :tz), 'YYYY-MM-DD')`;
}

/** Outgoing texts handed to the provider (whatever the delivery report said afterwards). */
export const SENT_STATUSES = ['sent', 'delivered', 'undelivered'] as const;
export const SENT_STATUS_SQL = `('sent', 'delivered', 'undelivered')`;

/**
 * A template text: the messages row `alias` is outgoing, shorter than 230 characters, and carries
 * a short link or one of the code markers bound as :markers (text[], upper case; see codeMarkers).
 */
export function templateSql(alias = 'm'): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`invalid SQL alias "${alias}"`);
  return `(${alias}.direction = 'outgoing' and char_length(${alias}.body) < ${TEMPLATE_MAX_LENGTH} and (${alias}.body ~ '${SHORT_LINK_PATTERN}' or upper(${alias}.body) like any (select '%' || mk || '%' from unnest(:markers::text[]) mk)))`;
}

/** A shopper's own reply: incoming and not a keyword (STOP, HELP, START). */
export function shopperReplySql(alias = 'm'): string {
  return `(${alias}.direction = 'incoming' and coalesce(${alias}.extra_data->>'action', 'reply') = 'reply')`;
}

/** An opt-out text: incoming with the opt-out action. */
export function optOutSql(alias = 'm'): string {
  return `(${alias}.direction = 'incoming' and ${alias}.extra_data->>'action' = 'opt_out')`;
}

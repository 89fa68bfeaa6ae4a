/**
 * The inbox's filters as SQL over `conversations c` with its contact (ct), channel (ch), workflow
 * (w), checkout (co) and cart (ca) joined as needed. The list, its count and a conversation's neighbours all
 * start from this query, so previous / next follow the filters the inbox shows.
 */
import type { Knex } from 'knex';
import type { Handle } from '../../db/index.ts';
import type { ConversationSearch } from '../search.ts';

/** The pseudo checkout state of a conversation that recovered an order. */
export const RECOVERED_STATE = 'recovered';

export interface ConversationQuery {
  brandId: number;
  id?: number;
  /** Checkout states to keep ('recovered' included): any of them matches. */
  checkoutStates?: readonly string[];
  /** Checkout states to leave out ('recovered' included). */
  excludeCheckoutStates?: readonly string[];
  /** true: only conversations about a backfilled (historical) checkout; false: all others. */
  isHistorical?: boolean;
  workflowId?: number;
  /** true: only conversations with an incoming message; false: only without. */
  hasResponse?: boolean;
  /** true: only conversations with an incoming message newer than their last read; false: the others. */
  isUnread?: boolean;
  /** true: only hidden; false: only visible; undefined: both. */
  isHidden?: boolean;
  search?: ConversationSearch;
  /** created_at >= from */
  from?: Date;
  /** created_at < to */
  to?: Date;
}

/**
 * Recovered: the conversation is linked (order_conversations, written by attribution) to an order
 * with recovered_at and a workflow. For a linked order that is exactly the live feed rule
 * (attribution's liveFeedRecoveredSql: recovered_at, a workflow, and billable / a recovered
 * checkout / a linked conversation), so the inbox, the live feed and billing agree.
 */
const RECOVERED_LINK_SQL = `from order_conversations rc_oc join orders rc_o on rc_o.id = rc_oc.order_id
  where rc_oc.conversation_id = c.id and rc_o.recovered_at is not null and rc_o.workflow_id is not null`;

export const RECOVERED_SQL = `exists (select 1 ${RECOVERED_LINK_SQL})`;

/**
 * RECOVERED_SQL as a column. Written as a scalar sub-select with a limit rather than an EXISTS:
 * PostgreSQL may plan an EXISTS in the select list as a hashed sub-plan that reads every brand's
 * recovered orders once (400,000 rows at full scale) instead of probing the few rows of the page.
 */
export const RECOVERED_COLUMN_SQL = `coalesce((select true ${RECOVERED_LINK_SQL} limit 1), false)`;

/** The conversation's checkout state, else its cart's ('' without either). */
export const CHECKOUT_STATE_SQL = `coalesce(co.state, ca.state, '')`;

export const UNREAD_SQL = `exists (select 1 from conversation_messages ur where ur.conversation_id = c.id
  and ur.direction = 'incoming' and ur.created_at > coalesce(c.last_read_at, '-infinity'::timestamptz))`;

export const HAS_RESPONSE_SQL = `exists (select 1 from conversation_messages hr where hr.conversation_id = c.id and hr.direction = 'incoming')`;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A state set as SQL: the plain states against the checkout state, 'recovered' against the link. */
function statePredicate(states: readonly string[]): { sql: string; bindings: unknown[] } {
  const plain = states.filter((s) => s !== RECOVERED_STATE);
  const parts: string[] = [];
  const bindings: unknown[] = [];
  if (plain.length > 0) {
    parts.push(`${CHECKOUT_STATE_SQL} = any(?::text[])`);
    bindings.push(plain);
  }
  if (states.includes(RECOVERED_STATE)) parts.push(RECOVERED_SQL);
  return { sql: parts.length ? `(${parts.join(' or ')})` : 'false', bindings };
}

function applySearch(query: Knex.QueryBuilder, brandId: number, search: ConversationSearch | undefined): void {
  if (search?.kind === 'phone') void query.where('ch.username', 'like', `%${escapeLike(search.digits)}%`);
  if (search?.kind !== 'name') return;
  const [first, ...rest] = search.words;
  if (rest.length > 0)
    // Two words: name prefixes, read through the brand's own contacts (contacts_brand_id_names_index).
    void query
      .where('ct.brand_id', brandId)
      .whereRaw('lower(ct.family_name) like ?', [`${escapeLike(rest.join(' ')).toLowerCase()}%`])
      .whereRaw('lower(ct.given_name) like ?', [`${escapeLike(first!).toLowerCase()}%`]);
  else
    void query.where(
      (w) =>
        void w
          .whereILike('ct.given_name', `%${escapeLike(first!)}%`)
          .orWhereILike('ct.family_name', `%${escapeLike(first!)}%`),
    );
}

type Joined = 'ct' | 'ch' | 'w' | 'co' | 'ca';

const JOINS: Record<Joined, [table: string, column: string]> = {
  ct: ['contacts as ct', 'c.contact_id'],
  ch: ['contact_channels as ch', 'c.contact_channel_id'],
  w: ['workflows as w', 'c.workflow_id'],
  co: ['checkouts as co', 'c.checkout_id'],
  ca: ['carts as ca', 'c.cart_id'],
};

/** Every join the list reads. */
export const ALL_JOINS: readonly Joined[] = ['ct', 'ch', 'w', 'co', 'ca'];

/** The joins the filters read. */
function joinsOfFilter(filter: ConversationQuery): Joined[] {
  const joins: Joined[] = [];
  if (filter.search?.kind === 'name') joins.push('ct');
  if (filter.search?.kind === 'phone') joins.push('ch');
  if (filter.isHistorical !== undefined) joins.push('co');
  if (filter.checkoutStates !== undefined || filter.excludeCheckoutStates?.length) joins.push('co', 'ca');
  return joins;
}

/**
 * The brand's conversations matching the filters, with the joins the filters need and those asked
 * for (all by default). A count asks for none: PostgreSQL 15 drops an unused left join but then no
 * longer counts from the index alone, so the brand's count would read every row.
 */
export function filteredConversations(
  db: Handle,
  filter: ConversationQuery,
  { join = ALL_JOINS }: { join?: readonly Joined[] } = {},
): Knex.QueryBuilder {
  const query = db('conversations as c');
  const joins = new Set([...joinsOfFilter(filter), ...join]);
  for (const alias of ALL_JOINS) {
    const [table, column] = JOINS[alias];
    if (joins.has(alias)) void query.leftJoin(table, `${alias}.id`, column);
  }
  void query.where('c.brand_id', filter.brandId);
  if (filter.id !== undefined) void query.where('c.id', filter.id);
  if (filter.isHidden !== undefined) void query.where('c.is_hidden', filter.isHidden);
  if (filter.workflowId !== undefined) void query.where('c.workflow_id', filter.workflowId);
  if (filter.from) void query.where('c.created_at', '>=', filter.from);
  if (filter.to) void query.where('c.created_at', '<', filter.to);
  if (filter.isHistorical !== undefined)
    void query.whereRaw('coalesce(co.is_historical, false) = ?', [filter.isHistorical]);
  if (filter.checkoutStates !== undefined) {
    const { sql, bindings } = statePredicate(filter.checkoutStates);
    void query.whereRaw(sql, bindings as Knex.RawBinding[]);
  }
  if (filter.excludeCheckoutStates !== undefined && filter.excludeCheckoutStates.length > 0) {
    const { sql, bindings } = statePredicate(filter.excludeCheckoutStates);
    void query.whereRaw(`not ${sql}`, bindings as Knex.RawBinding[]);
  }
  if (filter.hasResponse !== undefined) void query.whereRaw(`${filter.hasResponse ? '' : 'not '}${HAS_RESPONSE_SQL}`);
  if (filter.isUnread !== undefined) void query.whereRaw(`${filter.isUnread ? '' : 'not '}${UNREAD_SQL}`);
  applySearch(query, filter.brandId, filter.search);
  return query;
}

/**
 * The inbox's filters as SQL over `conversations c` with its contact (ct), channel (ch), workflow
 * (w), checkout (co) and cart (ca) joined. The list, its count and a conversation's neighbours all
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
export const RECOVERED_SQL = `exists (select 1 from order_conversations rc_oc join orders rc_o on rc_o.id = rc_oc.order_id
  where rc_oc.conversation_id = c.id and rc_o.recovered_at is not null and rc_o.workflow_id is not null)`;

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

function applySearch(query: Knex.QueryBuilder, search: ConversationSearch | undefined): void {
  if (search?.kind === 'phone') void query.where('ch.username', 'like', `%${escapeLike(search.digits)}%`);
  if (search?.kind !== 'name') return;
  const [first, ...rest] = search.words;
  if (rest.length > 0)
    void query
      .whereILike('ct.given_name', `${escapeLike(first!)}%`)
      .whereILike('ct.family_name', `${escapeLike(rest.join(' '))}%`);
  else
    void query.where(
      (w) =>
        void w
          .whereILike('ct.given_name', `%${escapeLike(first!)}%`)
          .orWhereILike('ct.family_name', `%${escapeLike(first!)}%`),
    );
}

/** The brand's conversations matching the filters, with the joins the list reads. */
export function filteredConversations(db: Handle, filter: ConversationQuery): Knex.QueryBuilder {
  const query = db('conversations as c')
    .leftJoin('contacts as ct', 'ct.id', 'c.contact_id')
    .leftJoin('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .leftJoin('checkouts as co', 'co.id', 'c.checkout_id')
    .leftJoin('carts as ca', 'ca.id', 'c.cart_id')
    .where('c.brand_id', filter.brandId);
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
  applySearch(query, filter.search);
  return query;
}

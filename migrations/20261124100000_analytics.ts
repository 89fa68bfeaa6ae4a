import type { Knex } from 'knex';

// Analytics: indexes its raw queries need, and the hourly rollups that keep the reports fast.
//
// Indexes (src/analytics/store):
// - texts sent, by when they were sent: a brand's outgoing messages by sent_at;
// - replies and opt-outs, by when they arrived: a brand's incoming messages by created_at;
// - the staff brand list: every brand's live-feed recovered orders with their totals;
// - the live feed's events: the newest goal events in the states pending, recovered, messaged.
//
// Rollups, per brand and UTC hour:
// - analytics_hourly (and workflow): every base metric by its event time, and the candidates'
//   outcomes (flow events);
// - analytics_cohort_hourly (and workflow, hidden, historical): the conversations that started in
//   the hour, followed to the end (sent, delivered, clicked, replied, recovered, held, skipped).
// Correct under late and out-of-order events: a trigger on every table a figure reads marks the
// (brand, hour) keys a change can move as dirty (analytics_dirty), in the writer's transaction;
// a read sums the clean hours from the rollups and computes the dirty ones from the rows; the
// refresh (refreshAnalyticsRollups) recomputes dirty hours and clears their marks. A change made
// while a refresh runs re-marks its hour after the refresh commits (the mark is an upsert on the
// row the refresh holds), so no change is lost.

const HOUR = (column: string) => `date_trunc('hour', ${column})`;
const SENT = `('sent', 'delivered', 'undelivered')`;

/** The dirty keys a statement's transition table `rows` (alias r) gives, per table. */
const KEYS: Record<string, (rows: string) => string> = {
  conversations: (rows) => `
    select r.brand_id, ${HOUR('r.created_at')} from ${rows} r`,
  conversation_messages: (rows) => `
    select r.brand_id, ${HOUR('r.created_at')} from ${rows} r
    union all select r.brand_id, ${HOUR('r.sent_at')} from ${rows} r
    union all select c.brand_id, ${HOUR('c.created_at')} from conversations c where c.id in (select conversation_id from ${rows})`,
  link_clicks: (rows) => `
    select r.brand_id, ${HOUR('r.clicked_at')} from ${rows} r
    union all select e.brand_id, ${HOUR('e.clicked_at')} from link_clicks e where e.short_link_id in (select short_link_id from ${rows})
    union all select c.brand_id, ${HOUR('c.created_at')} from short_links l join conversations c on c.id = l.conversation_id
               where l.id in (select short_link_id from ${rows})`,
  orders: (rows) => `
    select r.brand_id, ${HOUR('r.created_at')} from ${rows} r
    union all select c.brand_id, ${HOUR('c.created_at')} from order_conversations oc join conversations c on c.id = oc.conversation_id
               where oc.order_id in (select id from ${rows})`,
  order_conversations: (rows) => `
    select o.brand_id, ${HOUR('o.created_at')} from orders o where o.id in (select order_id from ${rows})
    union all select c.brand_id, ${HOUR('c.created_at')} from conversations c where c.id in (select conversation_id from ${rows})`,
  checkouts: (rows) => `
    select o.brand_id, ${HOUR('o.created_at')} from orders o where o.checkout_id in (select id from ${rows})
    union all select c.brand_id, ${HOUR('c.created_at')} from orders o join order_conversations oc on oc.order_id = o.id
               join conversations c on c.id = oc.conversation_id where o.checkout_id in (select id from ${rows})
    union all select c.brand_id, ${HOUR('c.created_at')} from conversations c where c.checkout_id in (select id from ${rows})`,
  flow_events: (rows) => `
    select r.brand_id, ${HOUR('r.created_at')} from ${rows} r`,
  // The template rule reads the brand's code prefixes: every hour of the brand's texts.
  discount_rules: (rows) => `
    select h.brand_id, h.hour from analytics_hourly h where h.brand_id in (select brand_id from ${rows}) and h.texts_sent > 0`,
};

/**
 * Keys beyond the rows' own: a conversation whose first text (reply, opt-out) changes moves its
 * count to another hour, and a conversation moved to another workflow moves its texts and clicks.
 */
const UPDATE_KEYS: Record<string, string> = {
  conversation_messages: `
    select e.brand_id, ${HOUR('e.sent_at')} from conversation_messages e
     where e.conversation_id in (select n.conversation_id from new_rows n join old_rows o on o.id = n.id
                                  where o.sent_at is distinct from n.sent_at or o.direction <> n.direction
                                     or (o.status in ${SENT}) <> (n.status in ${SENT})
                                     or o.extra_data->>'action' is distinct from n.extra_data->>'action')
    union all select e.brand_id, ${HOUR('e.created_at')} from conversation_messages e
     where e.direction = 'incoming' and e.conversation_id in (select n.conversation_id from new_rows n join old_rows o on o.id = n.id
                                  where o.extra_data->>'action' is distinct from n.extra_data->>'action' or o.direction <> n.direction)`,
  conversations: `
    select e.brand_id, ${HOUR('e.sent_at')} from conversation_messages e
     where e.conversation_id in (select n.id from new_rows n join old_rows o on o.id = n.id where o.workflow_id is distinct from n.workflow_id)
    union all select e.brand_id, ${HOUR('e.created_at')} from conversation_messages e
     where e.conversation_id in (select n.id from new_rows n join old_rows o on o.id = n.id where o.workflow_id is distinct from n.workflow_id)
    union all select k.brand_id, ${HOUR('k.clicked_at')} from link_clicks k join short_links l on l.id = k.short_link_id
     where l.conversation_id in (select n.id from new_rows n join old_rows o on o.id = n.id where o.workflow_id is distinct from n.workflow_id)`,
};

/** A new text (or reply, opt-out) can also be earlier than the conversation's first one. */
const INSERT_KEYS: Record<string, string> = {
  conversation_messages: `
    select e.brand_id, ${HOUR('e.sent_at')} from conversation_messages e where e.conversation_id in (select conversation_id from new_rows)
    union all select e.brand_id, ${HOUR('e.created_at')} from conversation_messages e
     where e.direction = 'incoming' and e.conversation_id in (select conversation_id from new_rows)`,
};

const COUNTS = [
  'conversations_started',
  'texts_sent',
  'template_texts_sent',
  'texts_delivered',
  'texted_conversations',
  'clicks',
  'unique_clicks',
  'replies',
  'replied_conversations',
  'opt_outs',
  'orders',
  'recovered_orders',
  'candidates',
  'started',
  'triggered',
  'filtered_out',
  'channel_missing',
  'channel_blocked',
  'recently_engaged',
  'holdout',
  'duplicate',
  'compliance_skipped',
];
const COHORT = ['started', 'sent', 'delivered', 'clicked', 'replied', 'recovered', 'quiet_hours_held', 'skipped'];

function markFunction(table: string): string {
  const keys = (rows: string) => KEYS[table]!(rows);
  const mark = (select: string) => `
    insert into analytics_dirty (brand_id, hour)
    select distinct brand_id, hour from (${select}) k(brand_id, hour)
     where brand_id is not null and hour is not null
     order by 1, 2
    on conflict (brand_id, hour) do update set marked_at = clock_timestamp();`;
  return `
    create function analytics_mark_${table}() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then${mark(`${keys('new_rows')}${INSERT_KEYS[table] ? ` union all ${INSERT_KEYS[table]}` : ''}`)}
      elsif tg_op = 'UPDATE' then${mark(`${keys('new_rows')} union all ${keys('old_rows')}${UPDATE_KEYS[table] ? ` union all ${UPDATE_KEYS[table]}` : ''}`)}
      else${mark(keys('old_rows'))}
      end if;
      return null;
    end
    $fn$;
    create trigger analytics_mark_insert after insert on ${table} referencing new table as new_rows
      for each statement execute function analytics_mark_${table}();
    create trigger analytics_mark_update after update on ${table} referencing old table as old_rows new table as new_rows
      for each statement execute function analytics_mark_${table}();
    create trigger analytics_mark_delete after delete on ${table} referencing old table as old_rows
      for each statement execute function analytics_mark_${table}();`;
}

/** Every hour with data, for rows written before the triggers existed. */
const EXISTING_KEYS = `
  select brand_id, ${HOUR('created_at')} from conversations
  union select brand_id, ${HOUR('sent_at')} from conversation_messages where sent_at is not null
  union select brand_id, ${HOUR('created_at')} from conversation_messages where direction = 'incoming'
  union select brand_id, ${HOUR('clicked_at')} from link_clicks
  union select brand_id, ${HOUR('created_at')} from orders
  union select brand_id, ${HOUR('created_at')} from flow_events`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index conversation_messages_brand_sent_at_index on conversation_messages (brand_id, sent_at)
      include (conversation_id, status) where direction = 'outgoing' and sent_at is not null;
    create index conversation_messages_brand_incoming_index on conversation_messages (brand_id, created_at)
      include (conversation_id) where direction = 'incoming';
    create index orders_recovered_index on orders (brand_id)
      include (total, created_at, billing_status, checkout_id) where recovered_at is not null and workflow_id is not null;
    create index workflow_goal_state_change_events_live_index on workflow_goal_state_change_events (brand_id, created_at)
      where state in ('pending', 'recovered', 'messaged');

    create table analytics_dirty (
      brand_id bigint not null,
      hour timestamptz not null,
      marked_at timestamptz not null default clock_timestamp(),
      constraint analytics_dirty_pkey primary key (brand_id, hour)
    );
    create index analytics_dirty_marked_at_index on analytics_dirty (marked_at);

    create table analytics_hourly (
      brand_id bigint not null,
      hour timestamptz not null,
      workflow_id bigint not null default 0,
      ${COUNTS.map((c) => `${c} integer not null default 0`).join(',\n      ')},
      sales numeric(14, 2) not null default 0,
      recovered_sales numeric(14, 2) not null default 0,
      computed_at timestamptz not null default now(),
      constraint analytics_hourly_pkey primary key (brand_id, hour, workflow_id)
    );

    create table analytics_cohort_hourly (
      brand_id bigint not null,
      hour timestamptz not null,
      workflow_id bigint not null default 0,
      is_hidden boolean not null,
      is_historical boolean not null,
      ${COHORT.map((c) => `${c} integer not null default 0`).join(',\n      ')},
      computed_at timestamptz not null default now(),
      constraint analytics_cohort_hourly_pkey primary key (brand_id, hour, workflow_id, is_hidden, is_historical)
    );
  `);
  for (const table of Object.keys(KEYS)) await knex.raw(markFunction(table));
  await knex.raw(
    `insert into analytics_dirty (brand_id, hour) select distinct * from (${EXISTING_KEYS}) k where k is not null on conflict do nothing`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(KEYS).reverse())
    await knex.raw(`
      drop trigger analytics_mark_delete on ${table};
      drop trigger analytics_mark_update on ${table};
      drop trigger analytics_mark_insert on ${table};
      drop function analytics_mark_${table}();`);
  await knex.raw(`
    drop table analytics_cohort_hourly;
    drop table analytics_hourly;
    drop table analytics_dirty;
    drop index workflow_goal_state_change_events_live_index;
    drop index orders_recovered_index;
    drop index conversation_messages_brand_incoming_index;
    drop index conversation_messages_brand_sent_at_index;
  `);
}

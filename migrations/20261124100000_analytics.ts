import type { Knex } from 'knex';

// Analytics: indexes its raw queries need, and the hourly rollups that keep the reports fast.
//
// Indexes (src/analytics/store):
// - texts sent, by when they were sent: a brand's sent texts by sent_at (only those: the send
//   job's own 24-hour look-up of a number's texts must not be drawn to it);
// - replies and opt-outs, by when they arrived: a brand's incoming messages by created_at;
// - the staff brand list: every brand's live-feed recovered orders with their totals;
// - the live feed's events: the newest goal events in the states pending, recovered, messaged.
//
// Rollups, per brand and UTC hour:
// - analytics_hourly (and workflow): every base metric by its event time, and the candidates'
//   outcomes (flow events);
// - analytics_cohort_hourly (and workflow, hidden, historical): the conversations that started in
//   the hour, followed to the end (sent, delivered, clicked, replied, recovered, held, skipped).
// Correct under late and out-of-order events. A trigger on every table a figure reads appends,
// in the writer's transaction, what a change can move: to analytics_dirty_conversations the
// conversations whose messages, links or orders changed (cheap: no lookup on the hot path of
// messages), which stand for the conversation's start hour and every hour of its texts, replies
// and clicks (a new text can change which one is its first); to analytics_dirty the (brand, hour)
// keys of everything else (orders, flow events, deleted rows, old times of moved rows). Marks are
// append-only, so writers never wait on each other. A read sums the clean hours from the rollups
// and computes the dirty ones from the rows; the refresh (refreshAnalyticsRollups) takes marks,
// recomputes their hours and deletes exactly the marks it took, so a change committed meanwhile
// keeps its own mark. Lookups from a statement's rows go through `= any(array(...))`, an index
// scan whatever the planner guesses about the transition table.

const HOUR = (column: string) => `date_trunc('hour', ${column})`;

interface Marks {
  /** (brand_id, hour) pairs. */
  hours?: (rows: string) => string;
  /** (brand_id, conversation_id) pairs. */
  conversations?: (rows: string) => string;
}

/** What a statement's transition table `rows` (alias r) marks; `old` is the before-image (update, delete). */
const MARKS: Record<string, { new: Marks; old: Marks }> = {
  conversations: {
    new: { conversations: (rows) => `select r.brand_id, r.id from ${rows} r` },
    old: { hours: (rows) => `select r.brand_id, ${HOUR('r.created_at')} from ${rows} r` },
  },
  conversation_messages: {
    new: { conversations: (rows) => `select r.brand_id, r.conversation_id from ${rows} r` },
    old: {
      conversations: (rows) => `select r.brand_id, r.conversation_id from ${rows} r`,
      hours: (rows) => `
        select r.brand_id, ${HOUR('r.created_at')} from ${rows} r
        union all select r.brand_id, ${HOUR('r.sent_at')} from ${rows} r`,
    },
  },
  link_clicks: {
    new: {
      hours: (rows) => `select r.brand_id, ${HOUR('r.clicked_at')} from ${rows} r`,
      conversations: (rows) =>
        `select l.brand_id, l.conversation_id from short_links l where l.id = any(array(select short_link_id from ${rows}))`,
    },
    old: {
      hours: (rows) => `select r.brand_id, ${HOUR('r.clicked_at')} from ${rows} r`,
      conversations: (rows) =>
        `select l.brand_id, l.conversation_id from short_links l where l.id = any(array(select short_link_id from ${rows}))`,
    },
  },
  orders: {
    new: {
      hours: (rows) => `select r.brand_id, ${HOUR('r.created_at')} from ${rows} r`,
      conversations: (rows) =>
        `select oc.brand_id, oc.conversation_id from order_conversations oc where oc.order_id = any(array(select id from ${rows}))`,
    },
    old: { hours: (rows) => `select r.brand_id, ${HOUR('r.created_at')} from ${rows} r` },
  },
  order_conversations: {
    new: {
      hours: (rows) =>
        `select o.brand_id, ${HOUR('o.created_at')} from orders o where o.id = any(array(select order_id from ${rows}))`,
      conversations: (rows) => `select r.brand_id, r.conversation_id from ${rows} r`,
    },
    old: {
      hours: (rows) =>
        `select o.brand_id, ${HOUR('o.created_at')} from orders o where o.id = any(array(select order_id from ${rows}))`,
      conversations: (rows) => `select r.brand_id, r.conversation_id from ${rows} r`,
    },
  },
  checkouts: {
    new: {
      hours: (rows) =>
        `select o.brand_id, ${HOUR('o.created_at')} from orders o where o.checkout_id = any(array(select id from ${rows}))`,
      conversations: (rows) => `
        select c.brand_id, c.id from conversations c where c.checkout_id = any(array(select id from ${rows}))
        union all select oc.brand_id, oc.conversation_id from orders o join order_conversations oc on oc.order_id = o.id
                   where o.checkout_id = any(array(select id from ${rows}))`,
    },
    old: {},
  },
  flow_events: {
    new: { hours: (rows) => `select r.brand_id, ${HOUR('r.created_at')} from ${rows} r` },
    old: { hours: (rows) => `select r.brand_id, ${HOUR('r.created_at')} from ${rows} r` },
  },
  // The template rule reads the brand's code prefixes: every hour of the brand's texts.
  discount_rules: {
    new: {
      hours: (rows) =>
        `select h.brand_id, h.hour from analytics_hourly h where h.brand_id = any(array(select brand_id from ${rows})) and h.texts_sent > 0`,
    },
    old: {
      hours: (rows) =>
        `select h.brand_id, h.hour from analytics_hourly h where h.brand_id = any(array(select brand_id from ${rows})) and h.texts_sent > 0`,
    },
  },
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

function markStatements(marks: Marks[], rows: string[]): string {
  const hours = marks.flatMap((m, k) => (m.hours ? [m.hours(rows[k]!)] : []));
  const conversations = marks.flatMap((m, k) => (m.conversations ? [m.conversations(rows[k]!)] : []));
  return [
    hours.length === 0
      ? ''
      : `insert into analytics_dirty (brand_id, hour)
         select distinct brand_id, hour from (${hours.join(' union all ')}) k(brand_id, hour)
          where brand_id is not null and hour is not null;`,
    conversations.length === 0
      ? ''
      : `insert into analytics_dirty_conversations (brand_id, conversation_id)
         select distinct brand_id, conversation_id from (${conversations.join(' union all ')}) k(brand_id, conversation_id)
          where brand_id is not null and conversation_id is not null;`,
  ].join('\n');
}

function markFunction(table: string): string {
  const { new: after, old: before } = MARKS[table]!;
  return `
    create function analytics_mark_${table}() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        ${markStatements([after], ['new_rows'])}
      elsif tg_op = 'UPDATE' then
        ${markStatements([after, before], ['new_rows', 'old_rows'])}
      else
        ${markStatements([before], ['old_rows'])}
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
      include (conversation_id) where direction = 'outgoing' and status in ('sent', 'delivered', 'undelivered');
    create index conversation_messages_brand_incoming_index on conversation_messages (brand_id, created_at)
      include (conversation_id) where direction = 'incoming';
    create index orders_recovered_index on orders (brand_id)
      include (total, created_at, billing_status, checkout_id) where recovered_at is not null and workflow_id is not null;
    create index workflow_goal_state_change_events_live_index on workflow_goal_state_change_events (brand_id, created_at)
      where state in ('pending', 'recovered', 'messaged');

    create table analytics_dirty (
      id bigint generated always as identity primary key,
      brand_id bigint not null,
      hour timestamptz not null,
      marked_at timestamptz not null default now()
    );
    create index analytics_dirty_brand_id_hour_index on analytics_dirty (brand_id, hour);

    create table analytics_dirty_conversations (
      id bigint generated always as identity primary key,
      brand_id bigint not null,
      conversation_id bigint not null,
      marked_at timestamptz not null default now()
    );
    create index analytics_dirty_conversations_brand_id_index on analytics_dirty_conversations (brand_id, conversation_id);

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
  for (const table of Object.keys(MARKS)) await knex.raw(markFunction(table));
  await knex.raw(
    `insert into analytics_dirty (brand_id, hour) select distinct * from (${EXISTING_KEYS}) k where k is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of Object.keys(MARKS).reverse())
    await knex.raw(`
      drop trigger analytics_mark_delete on ${table};
      drop trigger analytics_mark_update on ${table};
      drop trigger analytics_mark_insert on ${table};
      drop function analytics_mark_${table}();`);
  await knex.raw(`
    drop table analytics_cohort_hourly;
    drop table analytics_hourly;
    drop table analytics_dirty_conversations;
    drop table analytics_dirty;
    drop index workflow_goal_state_change_events_live_index;
    drop index orders_recovered_index;
    drop index conversation_messages_brand_incoming_index;
    drop index conversation_messages_brand_sent_at_index;
  `);
}

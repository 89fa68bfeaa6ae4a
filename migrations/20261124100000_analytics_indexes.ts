import type { Knex } from 'knex';

// Indexes the analytics queries need (src/analytics/store):
// - texts sent, by when they were sent: a brand's outgoing messages by sent_at, carrying the
//   conversation and status so counts read the index (the template rule still reads the body);
// - replies and opt-outs, by when they arrived: a brand's incoming messages by created_at (without
//   them, every outgoing message of the period is read and thrown away);
// - the staff brand list: every brand's live-feed recovered orders with their totals;
// - the live feed's events: the newest goal events of a brand in the states pending, recovered and
//   messaged (most goal events are candidates' outcomes, which the feed skips).

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
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index workflow_goal_state_change_events_live_index;
    drop index orders_recovered_index;
    drop index conversation_messages_brand_incoming_index;
    drop index conversation_messages_brand_sent_at_index;
  `);
}

import type { Knex } from 'knex';

// The operator dashboard (`reclaim dashboard`) counts the day's skipped texts and provider errors
// of every brand on each refresh. Through the (brand_id, created_at) index those counts read every
// message of the day from the heap to look at its status (30,000 rows a day at the bench's scale,
// 200 ms each). Skipped and failed texts are few: these partial indexes hold only them. The
// workflows pane also groups the day's skipped texts by conversation, hence the included column,
// and counts the day's flow events per workflow and state: the (brand_id, created_at) index of
// flow_events now carries both, so those counts come from the index alone.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index conversation_messages_brand_skipped_index on conversation_messages (brand_id, created_at)
       include (conversation_id) where status = 'agent_skipped'`,
  );
  await knex.raw(
    `create index conversation_messages_brand_errors_index on conversation_messages (brand_id, created_at)
       where direction = 'outgoing' and status in ('failed', 'undelivered')`,
  );
  await knex.raw(
    `create index flow_events_brand_created_outcome_index on flow_events (brand_id, created_at) include (workflow_id, state)`,
  );
  await knex.raw(`drop index flow_events_brand_id_created_at_index`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create index flow_events_brand_id_created_at_index on flow_events (brand_id, created_at)`);
  await knex.raw(`drop index flow_events_brand_created_outcome_index`);
  await knex.raw(`drop index conversation_messages_brand_errors_index`);
  await knex.raw(`drop index conversation_messages_brand_skipped_index`);
}

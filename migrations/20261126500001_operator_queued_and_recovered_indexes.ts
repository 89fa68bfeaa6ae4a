import type { Knex } from 'knex';

// The operator dashboard, per brand: texts due now are counted from the brand's queued texts (the
// sender's due index is by time for every brand), and the day's recovered orders per workflow from
// the (brand_id, recovered_at) index alone: it now carries what the live-feed recovered rule and the
// sum read.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index conversation_messages_brand_queued_index on conversation_messages (brand_id, scheduled_for)
       where direction = 'outgoing' and status in ('auto_queued', 'queued')`,
  );
  await knex.raw(
    `create index orders_brand_recovered_at_covering_index on orders (brand_id, recovered_at)
       include (id, workflow_id, total, billing_status, checkout_id)`,
  );
  await knex.raw(`drop index orders_brand_id_recovered_at_index`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_brand_id_recovered_at_index on orders (brand_id, recovered_at)`);
  await knex.raw(`drop index orders_brand_recovered_at_covering_index`);
  await knex.raw(`drop index conversation_messages_brand_queued_index`);
}

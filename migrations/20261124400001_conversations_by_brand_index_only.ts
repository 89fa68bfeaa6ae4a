import type { Knex } from 'knex';

// conversations (brand_id, created_at) becomes (brand_id, created_at, id): a brand's conversations
// of a period are then read from the index alone when only their ids are needed (the insight
// counts join them to conversation_message_insights by id), and the inbox's order (created_at,
// id) is the index's. The new index serves every query the old one did.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index conversations_brand_id_created_at_id_index on conversations (brand_id, created_at, id);
    drop index conversations_brand_id_created_at_index;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create index conversations_brand_id_created_at_index on conversations (brand_id, created_at);
    drop index conversations_brand_id_created_at_id_index;
  `);
}

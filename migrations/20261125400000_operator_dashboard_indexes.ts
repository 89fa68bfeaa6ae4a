import type { Knex } from 'knex';

// The operator dashboard (`reclaim dashboard`) reads the newest conversations of every brand at
// once: without a brand to start from, the per-brand (brand_id, created_at) index cannot give them
// in order, so every refresh would read the newest rows of each brand. This index gives the newest
// conversations overall in order (the live feed across brands reads 50 of them).

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index conversations_created_at_index on conversations (created_at desc, id desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index conversations_created_at_index`);
}

import type { Knex } from 'knex';

// The inbox's search by two words ("Sam Shopper") matches name prefixes, case-insensitively, among
// the brand's own contacts (src/conversations/store/filters.ts). The trigram indexes serve the one
// word substring search but read every brand's contacts for a prefix; this index reads the brand's.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index contacts_brand_id_names_index
      on contacts (brand_id, lower(family_name) text_pattern_ops, lower(given_name) text_pattern_ops);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index contacts_brand_id_names_index;');
}

import type { Knex } from 'knex';

// The shopper agent ranks a brand's published cards for every text: the weighted text vector of a
// card (title A, content B, as kb_cards_search_index and KB_VECTOR_SQL compute it) and its title's
// lexemes are kept with the card (generated, stored) instead of being computed again for every
// question and every matching card. search_vector has its own GIN index.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table kb_cards
      add column search_vector tsvector generated always as (
        setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
          || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'B')
      ) stored,
      add column title_lexemes text[] generated always as (
        tsvector_to_array(to_tsvector('english'::regconfig, coalesce(title, '')))
      ) stored;
    create index kb_cards_search_vector_index on kb_cards using gin (search_vector);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index kb_cards_search_vector_index;
    alter table kb_cards drop column title_lexemes, drop column search_vector;
  `);
}

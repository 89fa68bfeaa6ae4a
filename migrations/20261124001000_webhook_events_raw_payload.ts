import type { Knex } from 'knex';

// A delivery whose JSON PostgreSQL's jsonb cannot hold as sent (a \u0000 escape, a lone surrogate, a
// number beyond numeric's range, nesting deeper than the server's stack) keeps its bytes as received
// in raw_payload; payload then holds a processable copy, or JSON null when none can be made.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_events add column raw_payload bytea');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table webhook_events drop column raw_payload');
}

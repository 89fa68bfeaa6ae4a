import type { Knex } from 'knex';

// Account → Security lists the user's sessions: each remembers the browser it was opened from
// (the User-Agent of the sign-in, cut to 300 characters) so the user can tell them apart.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table auth_sessions add column user_agent text`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table auth_sessions drop column user_agent`);
}

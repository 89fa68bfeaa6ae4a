import type { Knex } from 'knex';

// Users and members: invite verification looks a membership up by its setup token
// (extra_data.setup_token, spec 4 section 3); unique so one token never opens two memberships.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unique index tenant_users_setup_token_unique on tenant_users ((extra_data->>'setup_token'))
      where (extra_data->>'setup_token') is not null;
    create unique index partner_users_setup_token_unique on partner_users ((extra_data->>'setup_token'))
      where (extra_data->>'setup_token') is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index partner_users_setup_token_unique;
    drop index tenant_users_setup_token_unique;
  `);
}

import type { Knex } from 'knex';

// Signing out of the panel revokes the session's family (its refresh and access tokens stop
// working at once): revoked_reason gains 'logout'.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table auth_sessions drop constraint auth_sessions_revoked_reason_check;
    alter table auth_sessions add constraint auth_sessions_revoked_reason_check
      check (revoked_reason in ('refresh_token_reuse', 'password_reset', 'logout'));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    update auth_sessions set revoked_reason = 'password_reset' where revoked_reason = 'logout';
    alter table auth_sessions drop constraint auth_sessions_revoked_reason_check;
    alter table auth_sessions add constraint auth_sessions_revoked_reason_check
      check (revoked_reason in ('refresh_token_reuse', 'password_reset'));
  `);
}

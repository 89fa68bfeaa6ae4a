import type { Knex } from 'knex';

// Sessions: one row per login (password or passkey), the family of every token refreshed from it.
// refresh_jti is the id of the one refresh token of the family that may still be used; a refresh
// swaps it for the next one in a single statement, so of two refreshes with the same token one
// wins. A signed refresh token of the family whose id is no longer refresh_jti was retired:
// presenting it revokes the family (refresh_token_reuse). A password reset revokes every family
// of the user. Access tokens name their family and stop working with it.
// auth_attempts gains 'password_reset': a completed reset ends a login lockout like a success.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table auth_sessions (
      id uuid primary key,
      user_id bigint not null references users (id) on delete cascade,
      app text not null check (app in ('admin', 'brand')),
      refresh_jti uuid not null,
      refreshed_count integer not null default 0,
      created_at timestamptz not null default now(),
      refreshed_at timestamptz,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text check (revoked_reason in ('refresh_token_reuse', 'password_reset')),
      check ((revoked_at is null) = (revoked_reason is null))
    );
    create index auth_sessions_user_id_index on auth_sessions (user_id) where revoked_at is null;
    create index auth_sessions_expires_at_index on auth_sessions (expires_at);

    alter table auth_attempts drop constraint auth_attempts_kind_check;
    alter table auth_attempts add constraint auth_attempts_kind_check
      check (kind in ('login', 'forgot_password', 'password_reset'));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table auth_sessions;
    delete from auth_attempts where kind = 'password_reset';
    alter table auth_attempts drop constraint auth_attempts_kind_check;
    alter table auth_attempts add constraint auth_attempts_kind_check check (kind in ('login', 'forgot_password'));
  `);
}

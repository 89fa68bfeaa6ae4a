import type { Knex } from 'knex';

// Discount codes: why the store refused a code ('failed' rows), and how many store calls it took.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table discount_codes add column error text;
    alter table discount_codes add column store_attempts integer not null default 0 check (store_attempts >= 0);
    alter table discount_codes add constraint discount_codes_failed_error_check check (status <> 'failed' or error is not null);
    create index discount_codes_status_index on discount_codes (status, created_at) where status <> 'created';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index discount_codes_status_index;
    alter table discount_codes drop constraint discount_codes_failed_error_check;
    alter table discount_codes drop column store_attempts;
    alter table discount_codes drop column error;
  `);
}

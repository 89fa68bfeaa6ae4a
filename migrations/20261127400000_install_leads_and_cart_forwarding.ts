import type { Knex } from 'knex';

// Leads from store installs: one lead per store (extra_data.install_key, e.g.
// 'shopify:acme.myshopify.com'), so a second install of the same store reuses it.
// Cart event forwarding: one hook endpoint per brand. Cart events are POSTed there, signed with
// HMAC-SHA256 over the raw body with the brand's secret (stored sealed, shown once when
// generated). The last delivery's outcome is kept for `reclaim stores cart-hook show`.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unique index leads_install_key_unique on leads ((extra_data->>'install_key'))
      where extra_data->>'install_key' is not null`);
  await knex.raw(`
    create table cart_event_hooks (
      brand_id bigint primary key references brands(id) on delete cascade,
      url text not null,
      secret_sealed text not null,
      is_enabled boolean not null default true,
      last_attempt_at timestamptz,
      last_status text,
      last_error text,
      delivered_count integer not null default 0,
      failed_count integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop table cart_event_hooks`);
  await knex.raw(`drop index leads_install_key_unique`);
}

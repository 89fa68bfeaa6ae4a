import type { Knex } from 'knex';

// Storefront capture: the web pixel (Shopify) and the storefront script (BigCommerce) post shopper
// events to a public ingest endpoint keyed by the store integration's ingest key. The events are
// stored and queued like webhooks (source `pixel`); per-key and per-IP counters of fixed one-minute
// windows rate-limit the endpoint across processes.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table brand_integrations add column ingest_key text`);
  await knex.raw(`create unique index brand_integrations_ingest_key_key on brand_integrations (ingest_key)`);
  await knex.raw(`alter table webhook_events drop constraint webhook_events_source_check`);
  await knex.raw(
    `alter table webhook_events add constraint webhook_events_source_check
       check (source in ('shopify', 'bigcommerce', 'stripe', 'infobip', 'slack', 'pixel'))`,
  );
  await knex.raw(`
    create table ingest_rate_counters (
      bucket text not null,
      window_start timestamptz not null,
      hits integer not null default 0,
      primary key (bucket, window_start)
    )`);
  await knex.raw(`create index ingest_rate_counters_window_start_index on ingest_rate_counters (window_start)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop table ingest_rate_counters`);
  await knex.raw(`delete from webhook_events where source = 'pixel'`);
  await knex.raw(`alter table webhook_events drop constraint webhook_events_source_check`);
  await knex.raw(
    `alter table webhook_events add constraint webhook_events_source_check
       check (source in ('shopify', 'bigcommerce', 'stripe', 'infobip', 'slack'))`,
  );
  await knex.raw(`drop index brand_integrations_ingest_key_key`);
  await knex.raw(`alter table brand_integrations drop column ingest_key`);
}

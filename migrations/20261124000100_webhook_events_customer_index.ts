import type { Knex } from 'knex';

// customers/create|update processing asks whether a later event of the same customer was already
// applied (events arrive out of order). Only customer events are indexed, so ingesting the other
// topics pays nothing for it, and the check no longer reads the whole event log.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index webhook_events_shopify_customer_index on webhook_events (shop, (payload->>'id'))
      where source = 'shopify' and topic in ('customers/create', 'customers/update');
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index webhook_events_shopify_customer_index');
}

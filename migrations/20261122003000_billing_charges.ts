import type { Knex } from 'knex';

// Billing: a charge pushed to a gateway is known by the gateway's id (Stripe invoice item or
// invoice, Shopify usage record), at most once per subscription and kind of charge, so a sync that
// repeats after a crash can never record the same remote charge twice. A subscription made through
// a checkout is found by its checkout session until the gateway names the subscription.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unique index subscription_charges_external_id_key
      on subscription_charges (subscription_id, type, external_id) where external_id is not null;
    create index subscriptions_checkout_session_index
      on subscriptions ((extra_data->>'checkout_session_id')) where (extra_data->>'checkout_session_id') is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index subscriptions_checkout_session_index;
    drop index subscription_charges_external_id_key;
  `);
}

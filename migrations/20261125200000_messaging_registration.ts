import type { Knex } from 'knex';

// 10DLC registration with Infobip (spec 3 section 4, messaging provider automation_state).
//
// messaging_company_settings: what a brand declares for registration (company_info, brand_info,
// contact_info, compliance_contact), validated by `reclaim messaging settings`; one row per brand.
//
// messaging_registration_steps: one row per step of the state machine that finished for an SMS
// integration (create_brand, register_brand, create_campaign, submit_campaign, setup_inbound,
// migrate_routing) and per status transition applied (brand_status:SUCCESS, campaign_status:REGISTERED,
// ...), keyed by (brand_integration_id, round, step). A step's job checks for its row before it
// calls Infobip and writes the row in the transaction that moves the state, so a job run again
// after a crash (or a webhook and a poll reporting the same change) never repeats a finished step.
// `round` grows with `messaging retry`, which starts the failed part over.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table messaging_company_settings (
      brand_id bigint primary key references brands(id) on delete cascade,
      settings jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create table messaging_registration_steps (
      brand_integration_id bigint not null references brand_integrations(id) on delete cascade,
      round integer not null default 0,
      step text not null,
      result jsonb not null default '{}'::jsonb,
      done_at timestamptz not null default now(),
      primary key (brand_integration_id, round, step)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table messaging_registration_steps;
    drop table messaging_company_settings;
  `);
}

import type { Knex } from 'knex';

// Storefront consent re-check (data only; the schema does not change).
// Storefront events (the Shopify web pixel, the BigCommerce storefront script) are anonymous posts
// with a public ingest key, so they no longer grant or change consent. Until now they did: a
// channel could be made subscribed (p2p) with the consent source '{platform}:pixel:{event}', and
// its ledger holds 'subscribed' events no shopper gave. This migration re-checks every channel
// whose current consent came from such an event (channels.consent_source '…:pixel:…'):
// - when the channel has signed consent evidence (its latest ledger event from any other source:
//   a store webhook, Klaviyo, a keyword, START/STOP, a block, an import), the channel goes back to
//   that event's status, compliance type, source and time (a 'blocked' event: unsubscribed and
//   blocked again);
// - when it has none (the storefront event created it), the channel becomes unsubscribed with
//   compliance type na and the source 'reclaim:storefront-consent-recheck', and that change is
//   recorded in its ledger; a later signed opt-in (newer than the storefront event) subscribes it.
//   This includes a channel whose store's signed report only repeated what the storefront had set
//   (nothing changed then, so nothing was recorded): the store's next signed report subscribes it.
// Every storefront ledger event is then marked void (extra_data.voided) and left out of the consent
// export, so the export shows only opt-ins a shopper gave. Channels whose consent came from a
// signed source after the storefront event keep their status. Nothing is deleted. Queued texts to
// a channel that is no longer subscribed are skipped by the send job as for any opt-out.
// down: the void marks and the re-check's ledger events are removed; channels keep the status
// this migration gave them (down never makes a planted number textable again).

const STOREFRONT = `'^[a-z0-9_]+:pixel:'`;
const RECHECK_SOURCE = 'reclaim:storefront-consent-recheck';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    with planted as (
      select ch.id, ch.status, ch.compliance_type
        from contact_channels ch
       where ch.consent_source ~ ${STOREFRONT}
    ),
    evidence as (
      select p.id, p.status as previous_status, p.compliance_type as previous_compliance_type,
             e.status as signed_status, e.source as signed_source, e.recorded_at as signed_at,
             e.extra_data->>'compliance_type' as signed_compliance
        from planted p
        left join lateral (
          select e.* from channel_consent_events e
           where e.contact_channel_id = p.id
             and (e.source is null or e.source !~ ${STOREFRONT})
             and e.extra_data->'voided' is null
           order by e.recorded_at desc, e.id desc
           limit 1
        ) e on true
    ),
    restored as (
      update contact_channels ch
         set status = case when ev.signed_status = 'subscribed' then 'subscribed'
                           when ch.status = 'blocked' then 'blocked'
                           else 'unsubscribed' end,
             compliance_type = coalesce(ev.signed_compliance, ch.compliance_type),
             consent_source = ev.signed_source,
             consented_at = ev.signed_at,
             extra_data = case when ev.signed_status = 'blocked' then ch.extra_data || '{"blocked": true}'::jsonb
                               else ch.extra_data - 'blocked' end,
             updated_at = now()
        from evidence ev
       where ch.id = ev.id and ev.signed_status is not null
      returning ch.id
    ),
    withdrawn as (
      update contact_channels ch
         set status = case when ch.status = 'blocked' then 'blocked' else 'unsubscribed' end,
             compliance_type = 'na',
             consent_source = '${RECHECK_SOURCE}',
             updated_at = now()
        from evidence ev
       where ch.id = ev.id and ev.signed_status is null
      returning ch.id, ch.brand_id, ch.username, ch.status, ch.extra_data,
                ev.previous_status, ev.previous_compliance_type
    )
    insert into channel_consent_events (brand_id, contact_channel_id, username, status, source, recorded_at, extra_data)
    select w.brand_id, w.id, w.username,
           case when w.extra_data->>'blocked' = 'true' then 'blocked' else w.status end,
           '${RECHECK_SOURCE}', now(),
           jsonb_build_object(
             'compliance_type', 'na',
             'previous_status', w.previous_status,
             'previous_compliance_type', w.previous_compliance_type,
             'reason', 'a storefront event is not consent, and no signed consent was recorded for this channel')
      from withdrawn w`);
  await knex.raw(`
    update channel_consent_events
       set extra_data = extra_data || jsonb_build_object('voided', jsonb_build_object(
             'by', '${RECHECK_SOURCE}', 'at', now(), 'reason', 'a storefront event is not consent'))
     where source ~ ${STOREFRONT} and extra_data->'voided' is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from channel_consent_events where source = '${RECHECK_SOURCE}'`);
  await knex.raw(`
    update channel_consent_events set extra_data = extra_data - 'voided'
     where extra_data->'voided'->>'by' = '${RECHECK_SOURCE}'`);
}

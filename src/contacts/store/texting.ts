/**
 * SQL of a contact created by its own text: the contact, its one channel, the consent event of the
 * channel and, when the brand has Klaviyo connected (as hasConnectedLink reads it) and the contact
 * does not come from Klaviyo, the job applying its Klaviyo consent, in one statement.
 */
import { preparedRaw, type Tx } from '../../db/index.ts';

export interface NewTextingContact {
  brandId: number;
  source: string;
  groupName: string;
  channel: {
    brandIntegrationId: number | null;
    type: string;
    username: string;
    externalId: string | null;
    status: string;
    complianceType: string | null;
    consentSource: string;
    consentedAt: Date;
    extra: Record<string, unknown>;
    /** The consent event's extra_data beside compliance_type. */
    eventExtra: Record<string, unknown>;
  };
  /** The Klaviyo consent job's task, when the brand's Klaviyo link is to be checked; null: not queued. */
  klaviyoTask: string | null;
}

export async function insertTextingContact(
  tx: Tx,
  row: NewTextingContact,
): Promise<{ contactId: number; channelId: number; status: string; complianceType: string | null }> {
  const c = row.channel;
  const { rows } = await preparedRaw<{
    contact_id: string;
    channel_id: string;
    status: string;
    compliance_type: string | null;
  }>(
    tx,
    `with contact as (
       insert into contacts (brand_id, source, extra_data)
       values (?, ?, jsonb_build_object('group_name', ?::text))
       returning id, brand_id
     ), channel as (
       insert into contact_channels (brand_id, contact_id, brand_integration_id, type, username, external_id, status,
                                     compliance_type, consent_source, consented_at, extra_data)
       select contact.brand_id, contact.id, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb from contact
       returning id, brand_id, username, status, compliance_type, extra_data
     ), consent as (
       insert into channel_consent_events (brand_id, contact_channel_id, username, status, source, recorded_at, extra_data)
       select brand_id, id, username,
              case when extra_data -> 'blocked' = 'true'::jsonb then 'blocked' else status end,
              ?, ?, jsonb_build_object('compliance_type', compliance_type) || ?::jsonb
         from channel
     ), klaviyo as (
       select graphile_worker.add_job(?::text, json_build_object('brandId', contact.brand_id, 'contactId', contact.id),
                                      job_key => ?::text || contact.id) as job
         from contact
        where ?::text is not null
          and exists (select 1 from brand_integrations bi join integrations i on i.id = bi.integration_id
                       where bi.brand_id = contact.brand_id and i.slug = 'klaviyo'
                         and bi.status = 'connected' and bi.is_enabled)
     )
     select contact.id as contact_id, channel.id as channel_id, channel.status, channel.compliance_type,
            (select count(*) from klaviyo) as klaviyo_jobs
       from contact, channel`,
    [
      row.brandId,
      row.source,
      row.groupName,
      c.brandIntegrationId,
      c.type,
      c.username,
      c.externalId,
      c.status,
      c.complianceType,
      c.consentSource,
      c.consentedAt,
      JSON.stringify(c.extra),
      c.consentSource,
      c.consentedAt,
      JSON.stringify(c.eventExtra),
      row.klaviyoTask,
      `${row.klaviyoTask ?? ''}:`,
      row.klaviyoTask,
    ],
  );
  const r = rows[0]!;
  return {
    contactId: Number(r.contact_id),
    channelId: Number(r.channel_id),
    status: r.status,
    complianceType: r.compliance_type,
  };
}

/**
 * A contact created by its own text (initiateTextingContact, the inbound path's): the same rows
 * initiateContact makes for the same input — the contact, its SMS channel, the consent event and,
 * with Klaviyo connected, the Klaviyo consent job — and initiateContact itself when the number is known.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { initiateContact, initiateTextingContact, type InitiateContactInput } from '../../src/contacts/index.ts';
import { receiveMessage } from '../../src/conversations/index.ts';
import { withTransaction } from '../../src/db/index.ts';
import { connectInfobip, createBrand, createContact, createIntegration, usPhone } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();

async function klaviyoBrand(): Promise<{ brandId: number; infobipId: number; number: string }> {
  const brand = await createBrand(t.db);
  const number = usPhone('628');
  const infobip = await connectInfobip(t.db, brand.id, number);
  await t
    .db('integrations')
    .insert({ name: 'Klaviyo', slug: 'klaviyo', category: 'email', is_published: true })
    .onConflict('slug')
    .ignore();
  const klaviyo = await t.db('integrations').where({ slug: 'klaviyo' }).first('id');
  await createIntegration(t.db, brand.id, { integration_id: klaviyo.id, lookup_id: `kl-${brand.id}` });
  return { brandId: brand.id, infobipId: infobip.id, number };
}

/** What a user of the rows sees of a contact made for `phone`, ids and clocks left out. */
async function made(brandId: number, phone: string) {
  const channel = await t.db('contact_channels').where({ brand_id: brandId, username: phone }).first();
  const contact = await t.db('contacts').where({ id: channel.contact_id }).first();
  const events = await t
    .db('channel_consent_events')
    .where({ contact_channel_id: channel.id })
    .select('username', 'status', 'source', 'extra_data');
  const { rows: jobs } = await t.db.raw<{ rows: { payload: { brandId: number; contactId: number } }[] }>(
    `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
      where k.identifier = 'contacts:klaviyo-consent' and j.key = ?`,
    [`contacts:klaviyo-consent:${contact.id}`],
  );
  return {
    contact: {
      source: contact.source,
      given_name: contact.given_name,
      external_id: contact.external_id,
      buyer_accepts_sms_marketing: contact.buyer_accepts_sms_marketing,
      group: typeof contact.extra_data.group_name,
    },
    channel: {
      type: channel.type,
      status: channel.status,
      compliance_type: channel.compliance_type,
      consent_source: channel.consent_source,
      brand_integration_id: channel.brand_integration_id,
      extra_data: channel.extra_data,
    },
    events: events.map((e) => ({ ...e, username: e.username === phone ? 'the number' : e.username })),
    jobs: jobs.map((j) => ({ ...j.payload, contactId: j.payload.contactId === Number(contact.id) })),
  };
}

const input = (brandId: number, infobipId: number, phone: string): InitiateContactInput => ({
  brandId,
  phone,
  phoneSource: 'inbound_sms',
  source: 'inbound',
  consentSource: 'inbound_sms',
  brandIntegrationId: infobipId,
});

describe('a contact created by its own text', () => {
  it('has the rows initiateContact makes for the same sender, the Klaviyo consent job included', async () => {
    const { brandId, infobipId } = await klaviyoBrand();
    const texting = usPhone('415');
    const initiated = usPhone('415');
    const ctx: AppContext = await t.context();
    const result = await withTransaction(t.db, (tx) =>
      initiateTextingContact({ db: tx, logger: ctx.logger }, input(brandId, infobipId, texting)),
    );
    await withTransaction(t.db, (tx) => initiateContact({ db: tx }, input(brandId, infobipId, initiated)));
    const fast = await made(brandId, texting);
    expect(fast).toEqual(await made(brandId, initiated));
    expect(fast.jobs).toEqual([{ brandId, contactId: true }]);
    expect(fast.events).toHaveLength(1);
    expect(result).toMatchObject({ created: true, dropped: [] });
    expect(result.channels).toEqual([
      expect.objectContaining({ username: texting, type: 'sms', status: fast.channel.status }),
    ]);
  });

  it('through the inbound path: a new sender becomes a contact of source inbound with a subscribed SMS channel', async () => {
    const { brandId, number } = await klaviyoBrand();
    const ctx = await t.context();
    const phone = usPhone('415');
    const received = await receiveMessage(ctx, { from: phone, to: number, body: 'hi there', provider: 'outbox' });
    expect(received).toMatchObject({ outcome: 'stored', createdContact: true, createdConversation: true });
    const rows = await made(brandId, phone);
    expect(rows.contact.source).toBe('inbound');
    expect(rows.channel).toMatchObject({ type: 'sms', consent_source: 'inbound_sms' });
    expect(rows.jobs).toHaveLength(1);
  });

  it('a number a contact already has goes through initiateContact: no second contact', async () => {
    const { brandId, infobipId } = await klaviyoBrand();
    const { contact, channel } = await createContact(t.db, brandId);
    const result = await withTransaction(t.db, (tx) =>
      initiateTextingContact({ db: tx }, input(brandId, infobipId, String(channel.username))),
    );
    expect(result).toMatchObject({ contactId: contact.id, created: false });
    expect(await t.db('contacts').where({ brand_id: brandId }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });
});

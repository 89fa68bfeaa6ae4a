import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { createBrand, createContact, usPhone } from '../factories/index.ts';

const t = useTestDatabase();

describe('reclaim contacts', () => {
  it('list --json shows the brand’s contacts with their channels; --search narrows by phone digits', async () => {
    const brand = await createBrand(t.db);
    const phone = usPhone('917');
    const { contact, channel } = await createContact(t.db, brand.id, {
      phone,
      given_name: 'Ines',
      family_name: 'Moreau',
    });
    await createContact(t.db, brand.id);

    const all = await runCli(['contacts', 'list', '--brand', String(brand.id), '--json'], testEnv(t.url));
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout)).toMatchObject({ total: 2, limit: 10, offset: 0 });

    const found = await runCli(
      ['contacts', 'list', '--brand', String(brand.id), '--search', phone.slice(2), '--json'],
      testEnv(t.url),
    );
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({
      total: 1,
      contacts: [
        {
          id: contact.id,
          given_name: 'Ines',
          family_name: 'Moreau',
          channels: [{ id: channel.id, username: phone, type: 'sms', status: 'subscribed', compliance_type: 'p2p' }],
        },
      ],
    });

    const human = await runCli(
      ['contacts', 'list', '--brand', String(brand.id), '--search', 'Ines Moreau'],
      testEnv(t.url),
    );
    expect(human.stdout).toContain(`Ines Moreau`);
    expect(human.stdout).toContain(`${phone} (subscribed)`);
    expect(human.stdout).toContain('1-1 of 1.');
  });

  it('block unsubscribes every SMS channel and skips queued messages, like STOP', async () => {
    const brand = await createBrand(t.db);
    const { contact, channel } = await createContact(t.db, brand.id);
    const [conv] = await t
      .db('conversations')
      .insert({ brand_id: brand.id, contact_id: contact.id, contact_channel_id: channel.id })
      .returning('id');
    const [message] = await t
      .db('conversation_messages')
      .insert({
        brand_id: brand.id,
        conversation_id: conv.id,
        body: 'Your cart is waiting',
        direction: 'outgoing',
        status: 'auto_queued',
      })
      .returning('id');

    const blocked = await runCli(
      ['contacts', 'block', String(contact.id), '--brand', String(brand.id)],
      testEnv(t.url),
    );
    expect(blocked.code).toBe(0);
    expect(blocked.stdout).toContain(
      `Blocked contact ${contact.id}: 1 SMS channel(s) unsubscribed, 1 queued message(s) skipped.`,
    );
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toMatchObject({
      status: 'unsubscribed',
      extra_data: { blocked: true },
      consent_source: 'cli_block',
    });
    expect(await t.db('conversation_messages').where({ id: message.id }).first()).toMatchObject({
      status: 'agent_skipped',
      extra_data: { skip_reason: 'unsubscribed' },
    });

    const shown = await runCli(
      ['contacts', 'show', String(contact.id), '--brand', String(brand.id), '--json'],
      testEnv(t.url),
    );
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout).contact.channels[0]).toMatchObject({
      status: 'unsubscribed',
      blocked: true,
      consent_source: 'cli_block',
      eligibility: { eligible: true, replied: false },
    });
  });

  it('refuses an unknown contact or a missing --brand with exit 1 and changes nothing', async () => {
    const brand = await createBrand(t.db);
    const unknown = await runCli(['contacts', 'block', '999999', '--brand', String(brand.id)], testEnv(t.url));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Contact not found');

    const noBrand = await runCli(['contacts', 'list'], testEnv(t.url));
    expect(noBrand.code).toBe(1);
    expect(noBrand.stderr).toContain("required option '--brand <id>' not specified");
  });
});

import { describe, expect, it } from 'vitest';
import { localTime } from '../../src/messaging/rules.ts';
import { createBrand, createContact } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

/** A fixed-offset zone whose local hour right now is inside [from, to). */
function zoneWithLocalHour(from: number, to: number): string {
  for (let offset = -12; offset <= 14; offset += 1) {
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const { hour } = localTime(new Date(), zone);
    if (hour >= from && hour < to) return zone;
  }
  throw new Error('no zone found');
}

const t = useTestDatabase();

async function due(brandId: number, phone: string, channel: Record<string, unknown> = {}): Promise<number> {
  const { contact, channel: ch } = await createContact(t.db, brandId, { phone, channel });
  const [conv] = await t
    .db('conversations')
    .insert({ brand_id: brandId, contact_id: contact.id, contact_channel_id: ch.id })
    .returning<{ id: string }[]>('id');
  const [row] = await t
    .db('conversation_messages')
    .insert({
      brand_id: brandId,
      conversation_id: conv!.id,
      body: 'Your cart is waiting. Reply STOP to opt out.',
      direction: 'outgoing',
      status: 'auto_queued',
      scheduled_for: new Date(Date.now() - 60_000),
    })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

describe('reclaim messages send-due', () => {
  it('sends what is due through the outbox and prints the counts as JSON', async () => {
    const brandId = (await createBrand(t.db)).id;
    const sent = await due(brandId, '+13105550701', { extra_data: { timezone: zoneWithLocalHour(10, 18) } });
    const held = await due(brandId, '+13105550702', { extra_data: { timezone: zoneWithLocalHour(1, 6) } });
    await due(brandId, '+13105550703', { status: 'unsubscribed' });
    await due(brandId, '+447700900704');

    const result = await runCli(['messages', 'send-due', '--json'], testEnv(t.url));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ sent: 1, deferred: 1, skipped: 2, failed: 0, provider: 'outbox' });
    expect(await t.db('conversation_messages').where({ id: sent }).first()).toMatchObject({
      status: 'sent',
      provider: 'outbox',
      provider_message_id: `outbox-${sent}`,
    });
    expect((await t.db('conversation_messages').where({ id: held }).first()).status_reason).toMatch(/^quiet_hours: /);

    const again = await runCli(['messages', 'send-due'], testEnv(t.url));
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Sent 0, deferred 0, skipped 0 (provider: outbox).\n');
  });

  it('--limit must be a positive whole number; --help shows an example', async () => {
    const bad = await runCli(['messages', 'send-due', '--limit', '0'], testEnv(t.url));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Error: --limit must be at least 1, got "0".');
    const notNumber = await runCli(['messages', 'send-due', '--limit', 'many'], testEnv(t.url));
    expect(notNumber.code).toBe(1);
    expect(notNumber.stderr).toContain('--limit must be a whole number, got "many".');
    const help = await runCli(['messages', 'send-due', '--help'], testEnv(t.url));
    expect(help.stdout).toContain('$ reclaim messages send-due --limit 500 --json');
  });
});

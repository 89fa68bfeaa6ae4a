import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localTime } from '../../src/messaging/rules.ts';
import { createBrand, createContact } from '../factories/index.ts';
import type { CliResult } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COMMAND = pathToFileURL(fileURLToPath(new URL('../../src/cli/messages-send.ts', import.meta.url))).href;

/**
 * Runs `reclaim messages send-due ...` in a child process the way bin/reclaim.js runs the CLI
 * (tsx loader, commander), with the command mounted on a `messages` group, as main.ts mounts it.
 */
function runSendDue(args: string[], env: Record<string, string>): Promise<CliResult> {
  const script = `
    import { register } from 'tsx/esm/api';
    register();
    const { Command } = await import('commander');
    const { addSendDueCommand } = await import(${JSON.stringify(COMMAND)});
    const program = new Command('reclaim').exitOverride();
    const messages = new Command('messages');
    addSendDueCommand(messages);
    program.addCommand(messages);
    try { await program.parseAsync(['node', 'reclaim', ...process.argv.slice(1)]); } catch (error) { process.exitCode = error.exitCode ?? 1; }
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

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

    const result = await runSendDue(['messages', 'send-due', '--json'], testEnv(t.url));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ sent: 1, deferred: 1, skipped: 2, failed: 0, provider: 'outbox' });
    expect(await t.db('conversation_messages').where({ id: sent }).first()).toMatchObject({
      status: 'sent',
      provider: 'outbox',
      provider_message_id: `outbox-${sent}`,
    });
    expect((await t.db('conversation_messages').where({ id: held }).first()).status_reason).toMatch(/^quiet_hours: /);

    const again = await runSendDue(['messages', 'send-due'], testEnv(t.url));
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Sent 0, deferred 0, skipped 0 (provider: outbox).\n');
  });

  it('--limit must be a positive whole number; --help shows an example', async () => {
    const bad = await runSendDue(['messages', 'send-due', '--limit', '0'], testEnv(t.url));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Error: --limit must be at least 1, got "0".');
    const notNumber = await runSendDue(['messages', 'send-due', '--limit', 'many'], testEnv(t.url));
    expect(notNumber.code).toBe(1);
    expect(notNumber.stderr).toContain('--limit must be a whole number, got "many".');
    const help = await runSendDue(['messages', 'send-due', '--help'], testEnv(t.url));
    expect(help.stdout).toContain('$ reclaim messages send-due --limit 500 --json');
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '../../src/app/index.ts';
import {
  invitationMail,
  listOutbox,
  parseEml,
  passwordResetMail,
  readOutboxMail,
  readOutboxMessage,
  resetLink,
  sendMail,
  setupLink,
  type MailContext,
} from '../../src/notifications/index.ts';
import { runCli } from '../helpers/cli.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp.ts';

const logger = createLogger({ level: 'silent', pretty: false });
const mailCtx = (env: Record<string, string>): MailContext => ({ config: loadConfig(env), logger });
const TOKEN = 'q3Zt0mBvJ7m2XH0c_y8u1l4PZ9v5w2KkP3y0aYb7Cde';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reclaim-mail-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('mail templates and links', () => {
  it.each([
    [{}, 'http://localhost:3000/account/setup?token='],
    [{ PORT: '8080' }, 'http://localhost:8080/account/setup?token='],
    [{ PUBLIC_URL: 'https://app.reclaim.example/' }, 'https://app.reclaim.example/account/setup?token='],
  ])('the setup link with %j starts with %s and carries the token', (env, prefix) => {
    expect(setupLink(loadConfig(env), TOKEN)).toBe(`${prefix}${TOKEN}`);
  });

  it('the reset link uses /account/reset', () => {
    expect(resetLink(loadConfig({ PUBLIC_URL: 'https://app.reclaim.example' }), 'abc')).toBe(
      'https://app.reclaim.example/account/reset?token=abc',
    );
  });

  it('the invitation says "Set up your account", names the inviter and the brand, and carries the link', () => {
    const mail = invitationMail({
      link: 'https://app.example/account/setup?token=abc',
      inviterName: 'Ann Lee',
      brandName: 'Acme',
    });
    expect(mail.subject).toBe('Set up your account for Acme');
    expect(mail.text).toContain('Ann Lee invited you to join Acme on Reclaim.');
    expect(mail.text).toContain('https://app.example/account/setup?token=abc');
    expect(mail.text).toContain('valid for 3 days');
    expect(mail.html).toContain('href="https://app.example/account/setup?token=abc"');
    expect(invitationMail({ link: 'x' }).subject).toBe('Set up your account for Reclaim');
  });

  it('HTML escapes names', () => {
    expect(invitationMail({ link: 'https://a.example/?token=1', brandName: '<b>Tom & Jerry</b>' }).html).toContain(
      '&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;',
    );
  });

  it('the password reset mail carries its link, valid 7 days', () => {
    const mail = passwordResetMail({ link: 'https://app.example/account/reset?token=r1' });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('https://app.example/account/reset?token=r1');
    expect(mail.text).toContain('valid for 7 days');
  });
});

describe('outbox transport', () => {
  it('writes an RFC 822 .eml file named <time>-<id>.eml and lists it with To, Subject and Date', async () => {
    const ctx = mailCtx({ RECLAIM_DATA_DIR: dir });
    const link = setupLink(ctx.config, TOKEN);
    const sent = await sendMail(ctx, { to: 'ann@acme.example', ...invitationMail({ link, brandName: 'Café Noël' }) });
    expect(sent.transport).toBe('outbox');
    expect(sent.id).toMatch(/^[0-9a-f]{16}$/);
    expect(path.dirname(sent.file!)).toBe(path.join(dir, 'mail-outbox'));
    expect(path.basename(sent.file!)).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z-${sent.id}\\.eml$`),
    );
    expect(await readdir(path.join(dir, 'mail-outbox'))).toContain(path.basename(sent.file!));

    const raw = await readOutboxMail(ctx.config, sent.id);
    expect(raw).toMatch(/^[\s\S]*\r\nMIME-Version: 1\.0\r\n/);
    expect(raw).toContain('To: ann@acme.example\r\n');
    expect(raw).toContain(`Message-ID: <${sent.id}@localhost>`);
    expect(raw).toContain('From: Reclaim <no-reply@localhost>');

    const [entry] = await listOutbox(ctx.config);
    expect(entry).toMatchObject({
      id: sent.id,
      file: sent.file,
      to: 'ann@acme.example',
      subject: 'Set up your account for Café Noël',
    });
    expect(Math.abs(new Date(entry!.date).getTime() - Date.now())).toBeLessThan(60_000);

    const message = await readOutboxMessage(ctx.config, sent.id);
    expect(message.text).toContain(link);
    expect(message.links).toEqual([link]);
    expect(message.html).toContain('Café Noël');
  });

  it('lists the newest mail first and uses MAIL_FROM when set', async () => {
    const ctx = mailCtx({ RECLAIM_DATA_DIR: dir, MAIL_FROM: 'Acme Team <team@acme.example>' });
    const sent = await sendMail(ctx, {
      to: 'bob@acme.example',
      ...passwordResetMail({ link: resetLink(ctx.config, 'tok') }),
    });
    const mails = await listOutbox(ctx.config);
    expect(mails[0]).toMatchObject({ id: sent.id, to: 'bob@acme.example', subject: 'Reset your password' });
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect((await readOutboxMessage(ctx.config, sent.id)).from).toBe('Acme Team <team@acme.example>');
  });

  it('an unknown id is a clear error', async () => {
    const config = loadConfig({ RECLAIM_DATA_DIR: dir });
    await expect(readOutboxMail(config, '0000000000000000')).rejects.toThrow(
      'Mail 0000000000000000 not found in the outbox.',
    );
    await expect(readOutboxMail(config, '../secrets')).rejects.toThrow('Mail ../secrets not found in the outbox.');
  });

  it('an empty or missing outbox lists nothing', async () => {
    expect(await listOutbox(loadConfig({ RECLAIM_DATA_DIR: path.join(dir, 'nothing-here') }))).toEqual([]);
  });

  it('reclaim mail list --json and mail show print the outbox', async () => {
    const ctx = mailCtx({ RECLAIM_DATA_DIR: dir });
    const link = setupLink(ctx.config, TOKEN);
    const sent = await sendMail(ctx, { to: 'cy@acme.example', ...invitationMail({ link }) });
    const list = await runCli(['mail', 'list', '--json'], { RECLAIM_DATA_DIR: dir });
    expect(list.code).toBe(0);
    const parsed = JSON.parse(list.stdout) as {
      mails: Array<{ id: string; to: string; subject: string }>;
      count: number;
    };
    expect(parsed.mails[0]).toMatchObject({
      id: sent.id,
      to: 'cy@acme.example',
      subject: 'Set up your account for Reclaim',
    });
    expect(parsed.count).toBe(parsed.mails.length);

    const show = await runCli(['mail', 'show', sent.id], { RECLAIM_DATA_DIR: dir });
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('To:      cy@acme.example');
    expect(show.stdout).toContain(link);

    const missing = await runCli(['mail', 'show', 'ffffffffffffffff'], { RECLAIM_DATA_DIR: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Mail ffffffffffffffff not found in the outbox.');
  });
});

describe('no mail service', () => {
  it.each([
    [{ EMAIL_TRANSPORT: 'none' }],
    [{ EMAIL_TRANSPORT: 'smtp' }], // smtp without SMTP_URL
  ])('%j gives "Email service not available" and writes nothing', async (env) => {
    const ctx = mailCtx({ RECLAIM_DATA_DIR: path.join(dir, 'unused'), ...env });
    const sending = sendMail(ctx, { to: 'ann@acme.example', subject: 's', text: 't' });
    await expect(sending).rejects.toThrow('Email service not available');
    await expect(sending).rejects.toMatchObject({ kind: 'upstream' });
    expect(await listOutbox(ctx.config)).toEqual([]);
  });
});

describe('smtp transport', () => {
  let smtp: FakeSmtp;
  let refusing: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    refusing = await startFakeSmtp({ rejectRecipients: true });
  });
  afterAll(async () => {
    await smtp.close();
    await refusing.close();
  });

  it('delivers through SMTP_URL from MAIL_FROM, with the link intact in the text body', async () => {
    const ctx = mailCtx({
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'no-reply@reclaim.example',
      PUBLIC_URL: 'https://app.reclaim.example',
    });
    const link = setupLink(ctx.config, TOKEN);
    const sent = await sendMail(ctx, { to: 'dee@acme.example', ...invitationMail({ link, brandName: 'Acme' }) });
    expect(sent).toEqual({ id: sent.id, transport: 'smtp' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@reclaim.example', to: ['dee@acme.example'] });
    const parsed = parseEml(smtp.received[0]!.data);
    expect(parsed.headers.subject).toBe('Set up your account for Acme');
    expect(parsed.headers['message-id']).toBe(`<${sent.id}@app.reclaim.example>`);
    expect(parsed.text).toContain(link);
  });

  it('a server that refuses the mail gives "Email service not available"', async () => {
    const ctx = mailCtx({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: refusing.url });
    await expect(sendMail(ctx, { to: 'eve@acme.example', subject: 's', text: 't' })).rejects.toMatchObject({
      kind: 'upstream',
      message: 'Email service not available',
      code: 'email_send_failed',
    });
    expect(refusing.received).toHaveLength(0);
  });
});

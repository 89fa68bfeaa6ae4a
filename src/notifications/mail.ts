import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Nodemailer from 'nodemailer';
import { AppError, publicBaseUrl, type AppContext, type Clients, type Config } from '../app/index.ts';
import { findLinks, parseEml } from './eml.ts';

export type MailTransportName = 'smtp' | 'outbox';
type MailConfig = Pick<
  Config,
  'EMAIL_TRANSPORT' | 'SMTP_URL' | 'MAIL_FROM' | 'RECLAIM_DATA_DIR' | 'PUBLIC_URL' | 'PORT'
>;
export type MailContext = {
  config: MailConfig;
  logger: Pick<AppContext['logger'], 'info' | 'warn'>;
  clients?: Pick<Clients, 'mail'>;
};

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail {
  id: string;
  transport: MailTransportName;
  /** The .eml file, for the outbox transport. */
  file?: string;
}

export interface OutboxEntry {
  id: string;
  file: string;
  to: string;
  subject: string;
  date: string;
}

export interface OutboxMessage extends OutboxEntry {
  from: string;
  text: string;
  html?: string;
  /** The http(s) links of the text body, in order. */
  links: string[];
}

export const MAIL_UNAVAILABLE = 'Email service not available';
const ID_PATTERN = /^[0-9a-f]{16}$/;

/** Throws 'Email service not available' when no mail can be sent (EMAIL_TRANSPORT=none, or smtp without SMTP_URL). */
export function assertMailAvailable(config: Pick<Config, 'EMAIL_TRANSPORT' | 'SMTP_URL'>): MailTransportName {
  if (config.EMAIL_TRANSPORT === 'outbox') return 'outbox';
  if (config.EMAIL_TRANSPORT === 'smtp' && config.SMTP_URL) return 'smtp';
  throw new AppError('upstream', MAIL_UNAVAILABLE, {
    code: 'email_unavailable',
    details: { transport: config.EMAIL_TRANSPORT },
  });
}

export const outboxDir = (config: Pick<Config, 'RECLAIM_DATA_DIR'>): string =>
  path.join(path.resolve(config.RECLAIM_DATA_DIR), 'mail-outbox');

function senderAddress(config: MailConfig): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  return `Reclaim <no-reply@${new URL(publicBaseUrl(config)).hostname}>`;
}

function message(config: MailConfig, id: string, mail: OutgoingMail) {
  return {
    from: senderAddress(config),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    messageId: `<${id}@${new URL(publicBaseUrl(config)).hostname}>`,
    date: new Date(),
  };
}

/** Filesystem-safe ISO time: 2026-11-22T10-15-30.123Z (colons are not allowed on every filesystem). */
const fileTime = (date: Date): string => date.toISOString().replace(/:/g, '-');

/** Where mail goes, built once per context (ctx.clients.mail). The body is never logged (it may carry a token). */
export interface MailTransport {
  readonly name: MailTransportName;
  send(mail: OutgoingMail): Promise<SentMail>;
  /** Checks the transport without sending: an SMTP server's greeting and login (`reclaim doctor`). */
  verify(): Promise<void>;
  close(): void;
}

declare module '../app/index.ts' {
  interface Clients {
    /** The mail transport EMAIL_TRANSPORT names (createMailTransport). */
    mail: MailTransport;
  }
}

/**
 * The transport EMAIL_TRANSPORT names: `smtp` (SMTP_URL, MAIL_FROM; one connection per mail),
 * `outbox` (an RFC 822 .eml file per mail under <RECLAIM_DATA_DIR>/mail-outbox/); `none`, or smtp
 * without SMTP_URL, throws 'Email service not available'.
 */
export function createMailTransport(ctx: MailContext): MailTransport {
  const name = assertMailAvailable(ctx.config);
  // Loaded here, not at the top, so a command that sends no mail does not load nodemailer.
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
  if (name === 'outbox') {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    return {
      name,
      send: async (mail) => {
        const id = randomBytes(8).toString('hex');
        const info = await composer.sendMail(message(ctx.config, id, mail));
        const dir = outboxDir(ctx.config);
        await mkdir(dir, { recursive: true });
        const file = path.join(dir, `${fileTime(new Date())}-${id}.eml`);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
        ctx.logger.info({ mail_id: id, transport: name }, 'mail written to the outbox');
        return { id, transport: name, file };
      },
      verify: async () => undefined,
      close: () => composer.close(),
    };
  }
  const smtp = nodemailer.createTransport({
    url: ctx.config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name,
    send: async (mail) => {
      const id = randomBytes(8).toString('hex');
      try {
        await smtp.sendMail(message(ctx.config, id, mail));
      } catch (error) {
        ctx.logger.warn({ mail_id: id, transport: name, reason: (error as Error).message }, 'mail could not be sent');
        throw new AppError('upstream', MAIL_UNAVAILABLE, { code: 'email_send_failed', cause: error });
      }
      ctx.logger.info({ mail_id: id, transport: name }, 'mail sent');
      return { id, transport: name };
    },
    verify: async () => {
      await smtp.verify();
    },
    close: () => smtp.close(),
  };
}

/**
 * Sends one e-mail through the context's transport (ctx.clients.mail); a context without clients
 * gets a transport for this one mail.
 */
export async function sendMail(ctx: MailContext, mail: OutgoingMail): Promise<SentMail> {
  const shared = ctx.clients?.mail;
  if (shared) return shared.send(mail);
  const transport = createMailTransport(ctx);
  try {
    return await transport.send(mail);
  } finally {
    transport.close();
  }
}

async function outboxFiles(config: Pick<Config, 'RECLAIM_DATA_DIR'>): Promise<string[]> {
  const names = await readdir(outboxDir(config)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names
    .filter((name) => /-[0-9a-f]{16}\.eml$/.test(name))
    .sort()
    .reverse();
}

const idOf = (name: string): string => name.slice(-'0123456789abcdef.eml'.length, -'.eml'.length);

function entryOf(file: string, raw: string): OutboxEntry {
  const { headers } = parseEml(raw);
  const date = headers.date ? new Date(headers.date) : undefined;
  return {
    id: idOf(path.basename(file)),
    file,
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : '',
  };
}

/** The outbox, newest first, with To, Subject and Date read from each .eml file. */
export async function listOutbox(config: Pick<Config, 'RECLAIM_DATA_DIR'>): Promise<OutboxEntry[]> {
  const dir = outboxDir(config);
  const entries: OutboxEntry[] = [];
  for (const name of await outboxFiles(config)) {
    const file = path.join(dir, name);
    entries.push(entryOf(file, await readFile(file, 'utf8')));
  }
  return entries;
}

async function outboxFile(config: Pick<Config, 'RECLAIM_DATA_DIR'>, id: string): Promise<string> {
  const name = ID_PATTERN.test(id) ? (await outboxFiles(config)).find((n) => idOf(n) === id) : undefined;
  if (!name) throw new AppError('not_found', `Mail ${id} not found in the outbox.`);
  return path.join(outboxDir(config), name);
}

/** The raw RFC 822 text of an outbox mail, exactly as written. */
export async function readOutboxMail(config: Pick<Config, 'RECLAIM_DATA_DIR'>, id: string): Promise<string> {
  return readFile(await outboxFile(config, id), 'utf8');
}

/**
 * An outbox mail decoded: headers, the plain-text and HTML bodies (quoted-printable undone) and
 * the links of the text body. Use this rather than matching the raw text: long lines such as a
 * token link are quoted-printable encoded in the raw message.
 */
export async function readOutboxMessage(config: Pick<Config, 'RECLAIM_DATA_DIR'>, id: string): Promise<OutboxMessage> {
  const file = await outboxFile(config, id);
  const raw = await readFile(file, 'utf8');
  const parsed = parseEml(raw);
  const text = parsed.text ?? '';
  return {
    ...entryOf(file, raw),
    from: parsed.headers.from ?? '',
    text,
    ...(parsed.html === undefined ? {} : { html: parsed.html }),
    links: findLinks(text),
  };
}

/** The newest outbox mail to an address (case-insensitive), decoded; undefined when there is none. */
export async function latestOutboxMessageTo(
  config: Pick<Config, 'RECLAIM_DATA_DIR'>,
  to: string,
): Promise<OutboxMessage | undefined> {
  const wanted = to.trim().toLowerCase();
  const entry = (await listOutbox(config)).find((e) =>
    (e.to.toLowerCase().match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? ([] as string[])).includes(wanted),
  );
  return entry ? readOutboxMessage(config, entry.id) : undefined;
}

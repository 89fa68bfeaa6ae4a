import type { OutboxEntry, OutboxMessage } from '../../notifications/index.ts';

/** `mail list`: one row per outbox mail, or that the outbox is empty. */
export const outboxList = (mails: OutboxEntry[], dir: string): string =>
  mails.length === 0
    ? `No mails in the outbox (${dir}).`
    : mails.map((m) => `${m.id}  ${m.date}  ${m.to.padEnd(32)}  ${m.subject}`).join('\n');

/** `mail show`: the headers, then the decoded text body. */
export const outboxMessage = (message: OutboxMessage): string =>
  [
    `From:    ${message.from}`,
    `To:      ${message.to}`,
    `Date:    ${message.date}`,
    `Subject: ${message.subject}`,
    `File:    ${message.file}`,
    '',
    message.text.trimEnd(),
  ].join('\n');

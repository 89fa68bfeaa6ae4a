// Mail: sendMail through the context's transport (EMAIL_TRANSPORT: smtp | outbox | none) and the outbox readers.
// To take a token link out of an outbox mail, use readOutboxMessage(config, id).links or
// latestOutboxMessageTo(config, email): the raw text (readOutboxMail) is quoted-printable, so a
// long link is split across lines and its '=' written as '=3D'.
export {
  sendMail,
  createMailTransport,
  assertMailAvailable,
  listOutbox,
  readOutboxMail,
  readOutboxMessage,
  latestOutboxMessageTo,
  outboxDir,
  type MailContext,
  type SentMail,
  type OutboxEntry,
  type OutboxMessage,
} from './mail.ts';
export { invitationMail, passwordResetMail, setupLink, resetLink } from './templates.ts';
export { parseEml } from './eml.ts';

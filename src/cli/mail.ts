import { Command } from 'commander';
import { listOutbox, outboxDir, readOutboxMail, readOutboxMessage } from '../notifications/index.ts';
import { outboxList, outboxMessage } from './format/mail.ts';
import { action, configFromEnv, printJson, printLines, withExamples } from './run.ts';

/** `reclaim mail`: the e-mails written to the outbox (EMAIL_TRANSPORT=outbox, the default). No database needed. */
export function mailCommand(): Command {
  const mail = withExamples(
    new Command('mail').description(
      'e-mails in the local outbox (<RECLAIM_DATA_DIR>/mail-outbox, used when EMAIL_TRANSPORT=outbox)',
    ),
    'reclaim mail list',
    'reclaim mail show 3f9c2a7d1e4b5c60',
  );

  withExamples(
    mail
      .command('list')
      .description('outbox mails, newest first: id, date, recipient, subject')
      .option('--json', 'print as JSON'),
    'reclaim mail list',
    'reclaim mail list --json | jq ".mails[0].id"',
  ).action(
    action(async (opts: { json?: boolean }) => {
      const config = configFromEnv();
      const mails = await listOutbox(config);
      if (opts.json) return printJson({ outbox: outboxDir(config), mails, count: mails.length });
      printLines(outboxList(mails, outboxDir(config)));
    }),
  );

  withExamples(
    mail
      .command('show <id>')
      .description('one outbox mail: headers and the decoded text body (or the raw .eml with --raw)')
      .option('--raw', 'print the RFC 822 message exactly as stored')
      .option('--json', 'print as JSON'),
    'reclaim mail show 3f9c2a7d1e4b5c60',
    'reclaim mail show 3f9c2a7d1e4b5c60 --raw > invite.eml',
  ).action(
    action(async (id: string, opts: { raw?: boolean; json?: boolean }) => {
      const config = configFromEnv();
      if (opts.raw) return void process.stdout.write(await readOutboxMail(config, id));
      const message = await readOutboxMessage(config, id);
      if (opts.json) return printJson({ mail: message });
      printLines(outboxMessage(message));
    }),
  );
  return mail;
}

import { Command } from 'commander';
import { blockContact, getContact, listContacts, type ChannelView, type ContactView } from '../contacts/index.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

const name = (c: ContactView): string => [c.given_name, c.family_name].filter(Boolean).join(' ') || '(no name)';
const channelLine = (ch: ChannelView): string =>
  [
    `  ${ch.type.padEnd(5)} ${ch.username.padEnd(28)} ${ch.status}${ch.blocked ? ' (blocked)' : ''}`,
    `compliance ${ch.compliance_type ?? '-'}`,
    `consent ${ch.consent_source ?? '-'} ${ch.consented_at ?? ''}`.trimEnd(),
    ch.eligibility
      ? `outreach ${ch.eligibility.eligible ? 'eligible' : 'not eligible'} (replied ${ch.eligibility.replied ? 'yes' : 'no'}, unanswered conversations ${ch.eligibility.conversations_with_sent_outgoing})`
      : '',
  ]
    .filter(Boolean)
    .join('  ');

export function contactsCommand(): Command {
  const contacts = withExamples(
    new Command('contacts').description("a brand's shoppers: their channels, consent and outreach eligibility"),
    'reclaim contacts list --brand 1',
    'reclaim contacts block 42 --brand 1',
  );

  withExamples(
    contacts
      .command('list')
      .description('newest contacts first; --search takes digits of a phone, an e-mail, or a name')
      .requiredOption('--brand <id>', 'brand id')
      .option('--search <q>', 'digits search phone numbers, an e-mail searches e-mails, words search names')
      .option('--limit <n>', 'how many', '10')
      .option('--offset <n>', 'skip this many', '0')
      .option('--json', 'print as JSON'),
    'reclaim contacts list --brand 1 --search 415555',
    'reclaim contacts list --brand 1 --search "Sam Shopper" --json',
  ).action(
    action(async (opts: { brand: string; search?: string; limit: string; offset: string; json?: boolean }) => {
      const query = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        q: opts.search,
        limit: parseIntegerFlag('--limit', opts.limit),
        offset: parseIntegerFlag('--offset', opts.offset),
      };
      await withContext(async (ctx) => {
        const page = await listContacts(ctx.db, query);
        if (opts.json) return printJson(page);
        if (page.contacts.length === 0) return printLines(opts.search ? 'No contacts match.' : 'No contacts yet.');
        printLines(
          ...page.contacts.map(
            (c) =>
              `${String(c.id).padStart(6)}  ${name(c).padEnd(28)} ${c.channels.map((ch) => `${ch.username} (${ch.status})`).join(', ') || '-'}`,
          ),
          `${page.offset + 1}-${page.offset + page.contacts.length} of ${page.total}.`,
        );
      });
    }),
  );

  withExamples(
    contacts
      .command('show <id>')
      .description('one contact: channels with status, compliance, consent and outreach eligibility')
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim contacts show 42 --brand 1',
  ).action(
    action(async (id: string, opts: { brand: string; json?: boolean }) => {
      const query = { brandId: parseIntegerFlag('--brand', opts.brand), contactId: parseIntegerFlag('id', id) };
      await withContext(async (ctx) => {
        const contact = await getContact(ctx.db, query);
        if (opts.json) return printJson({ contact });
        printLines(
          `Contact ${contact.id}: ${name(contact)}  group ${contact.group ?? '-'}  source ${contact.source ?? '-'}  external id ${contact.external_id ?? '-'}`,
          ...(contact.channels.length ? contact.channels.map(channelLine) : ['  no channels']),
        );
      });
    }),
  );

  withExamples(
    contacts
      .command('block <id>')
      .description(
        'what STOP does, without the confirmation text: every SMS channel unsubscribed, queued messages skipped',
      )
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim contacts block 42 --brand 1',
  ).action(
    action(async (id: string, opts: { brand: string; json?: boolean }) => {
      const query = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        contactId: parseIntegerFlag('id', id),
        source: 'cli_block',
      };
      await withContext(async (ctx) => {
        const result = await blockContact(ctx.db, query);
        if (opts.json) return printJson({ blocked: result });
        printLines(
          `Blocked contact ${result.contactId}: ${result.channels.length} SMS channel(s) unsubscribed, ${result.skippedMessages} queued message(s) skipped.`,
          ...result.channels.map((c) => `  ${c.username}${c.changed ? '' : ' (already blocked)'}`),
        );
      });
    }),
  );
  return contacts;
}

import { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import { AppError } from '../app/index.ts';
import { consentCsv, exportConsent, getContact, listContacts } from '../contacts/index.ts';
import { blockContact } from '../conversations/index.ts';
import { parseIntegerFlag, parsePositiveIntegerFlag } from './flags.ts';
import { contactBlocked, contactDetail, contactList } from './format/contacts.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

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
        limit: parsePositiveIntegerFlag('--limit', opts.limit),
        offset: parseIntegerFlag('--offset', opts.offset),
      };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, query.brandId);
        const page = await listContacts(ctx.db, query);
        if (opts.json) return printJson(page);
        printLines(contactList(page, Boolean(opts.search)));
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
        await requireBrand(ctx.db, query.brandId);
        const contact = await getContact(ctx.db, query);
        if (opts.json) return printJson({ contact });
        printLines(contactDetail(contact));
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
        await requireBrand(ctx.db, query.brandId);
        const result = await blockContact(ctx.db, query);
        if (opts.json) return printJson({ blocked: result });
        printLines(contactBlocked(result));
      });
    }),
  );
  addConsentCommand(contacts);
  return contacts;
}

/** `reclaim contacts consent export --brand ID [--format csv|json]`: the brand's proof of consent. */
function addConsentCommand(contacts: Command): void {
  const consent = withExamples(
    contacts.command('consent').description("a brand's consent records: every channel's consent changes"),
    'reclaim contacts consent export --brand 1 --format csv',
  );
  withExamples(
    consent
      .command('export')
      .description(
        'every channel and every consent change since (opt-in source, STOP, START, block), in order, with time and evidence',
      )
      .requiredOption('--brand <id>', 'brand id')
      .option('--format <format>', 'csv or json', 'csv'),
    'reclaim contacts consent export --brand 1 > consent.csv',
    'reclaim contacts consent export --brand 1 --format json',
  ).action(
    action(async (opts: { brand: string; format: string }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      if (opts.format !== 'csv' && opts.format !== 'json')
        throw new AppError('invalid_input', `--format must be csv or json, not ${opts.format}.`);
      await withContext(async (ctx) => {
        const data = await exportConsent(ctx.db, { brandId });
        if (opts.format === 'json') return printJson(data);
        process.stdout.write(consentCsv(data));
      });
    }),
  );
}

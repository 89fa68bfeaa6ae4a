import { Command } from 'commander';
import {
  createKbCard,
  deleteKbCard,
  KB_SOURCES,
  KB_STATUSES,
  listKbCards,
  searchKbCards,
  updateKbCard,
  type KbSource,
  type KbStatus,
} from '../insights/index.ts';
import { optionalInteger, parseIntegerFlag, parsePositiveIntegerFlag } from './flags.ts';
import { kbCard, kbList, kbSearch } from './format/kb.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

type CardOpts = {
  brand: string;
  title?: string;
  content?: string;
  status?: string;
  source?: string;
  flow?: string;
  weight?: string;
  author?: string;
  json?: boolean;
};

const weightOf = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : parseIntegerFlag('--weight', value, { min: -1000, max: 1000 });
/** --flow ID, or --flow none to unlink the card from its workflow. */
const flowOf = (value: string | undefined): number | null | undefined =>
  value === 'none' ? null : optionalInteger('--flow', value);

const cardOptions = (command: Command): Command =>
  command
    .requiredOption('--brand <id>', 'brand id')
    .option('--title <text>', 'the title')
    .option('--content <text>', 'the text')
    .option('--status <status>', KB_STATUSES.join(' | '))
    .option('--source <source>', KB_SOURCES.join(' | '))
    .option('--flow <id>', 'the workflow the card is for (required with --source flow; "none" unlinks)')
    .option('--weight <n>', 'order among equally ranked cards, -1000 to 1000 (highest first)')
    .option('--json', 'print the card as JSON');

function addCardCommands(kb: Command): void {
  withExamples(
    cardOptions(
      kb.command('add').description('add a card to a brand’s knowledge base (a draft unless --status)'),
    ).option('--author <userId>', 'the user writing it'),
    'reclaim kb add --brand 1 --title "Shipping to Canada" --content "5 to 7 business days." --status published',
  ).action(
    action(async (opts: CardOpts) => {
      const input = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        authorId: optionalInteger('--author', opts.author),
        title: opts.title ?? '',
        content: opts.content ?? '',
        status: opts.status as KbStatus | undefined,
        source: opts.source as KbSource | undefined,
        flowId: flowOf(opts.flow),
        weight: weightOf(opts.weight),
      };
      await withContext(async (ctx) => {
        const card = await createKbCard(ctx.db, input);
        if (opts.json) return printJson(card);
        printLines(kbCard(card, 'added'));
      });
    }),
  );

  withExamples(
    cardOptions(kb.command('update').description('change the given fields of a card').argument('[id]', 'card id')),
    'reclaim kb update 7 --brand 1 --status unpublished',
    'reclaim kb update 7 --brand 1 --weight 10 --flow none',
  ).action(
    action(async (id: string | undefined, opts: CardOpts) => {
      const input = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        id: optionalInteger('card id', id),
        title: opts.title,
        content: opts.content,
        status: opts.status as KbStatus | undefined,
        source: opts.source as KbSource | undefined,
        flowId: flowOf(opts.flow),
        weight: weightOf(opts.weight),
      };
      await withContext(async (ctx) => {
        const card = await updateKbCard(ctx.db, input);
        if (opts.json) return printJson(card);
        printLines(kbCard(card, 'updated'));
      });
    }),
  );

  withExamples(
    kb
      .command('delete')
      .description('delete a card')
      .argument('<id>', 'card id')
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print {id, deleted} as JSON'),
    'reclaim kb delete 7 --brand 1',
  ).action(
    action(async (id: string, opts: { brand: string; json?: boolean }) => {
      const input = { brandId: parseIntegerFlag('--brand', opts.brand), id: parseIntegerFlag('card id', id) };
      await withContext(async (ctx) => {
        const result = await deleteKbCard(ctx.db, input);
        if (opts.json) return printJson(result);
        printLines(`KB card ${result.id} deleted.`);
      });
    }),
  );
}

export function kbCommand(): Command {
  const kb = withExamples(
    new Command('kb').description(
      "a brand's knowledge base: cards the agent answers from; list, add, update, delete, search",
    ),
    'reclaim kb list --brand 1',
  );

  withExamples(
    kb
      .command('list')
      .description('the brand’s cards, highest weight first, then newest (100 at most a page)')
      .requiredOption('--brand <id>', 'brand id')
      .option('--status <status>', KB_STATUSES.join(' | '))
      .option('--source <source>', KB_SOURCES.join(' | '))
      .option('--flow <id>', 'only the cards of this workflow')
      .option('--offset <n>', 'skip this many', '0')
      .option('--limit <n>', 'show this many (at most 100)', '100')
      .option('--json', 'print as JSON: {items, total}'),
    'reclaim kb list --brand 1 --status published --json',
  ).action(
    action(
      async (opts: {
        brand: string;
        status?: string;
        source?: string;
        flow?: string;
        offset: string;
        limit: string;
        json?: boolean;
      }) => {
        const input = {
          brandId: parseIntegerFlag('--brand', opts.brand),
          status: opts.status as KbStatus | undefined,
          source: opts.source as KbSource | undefined,
          flowId: optionalInteger('--flow', opts.flow),
          offset: parseIntegerFlag('--offset', opts.offset),
          limit: parsePositiveIntegerFlag('--limit', opts.limit, { max: 100 }),
        };
        await withContext(async (ctx) => {
          const page = await listKbCards(ctx.db, input);
          if (opts.json) return printJson(page);
          printLines(kbList(page, input.offset));
        });
      },
    ),
  );

  addCardCommands(kb);

  withExamples(
    kb
      .command('search')
      .description('the cards matching a text, best first; words of 2 characters or fewer are ignored')
      .argument('<query>', 'the text to search for')
      .requiredOption('--brand <id>', 'brand id')
      .option('--status <status>', KB_STATUSES.join(' | '))
      .option('--limit <n>', 'show this many (at most 100)', '100')
      .option('--json', 'print as JSON: {items, total, words, ignored, mode}'),
    'reclaim kb search "do you ship to Canada?" --brand 1',
  ).action(
    action(async (query: string, opts: { brand: string; status?: string; limit: string; json?: boolean }) => {
      const input = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        q: query,
        status: opts.status as KbStatus | undefined,
        limit: parsePositiveIntegerFlag('--limit', opts.limit, { max: 100 }),
      };
      await withContext(async (ctx) => {
        const result = await searchKbCards(ctx.db, input);
        if (opts.json) return printJson(result);
        printLines(kbSearch(result));
      });
    }),
  );
  return kb;
}

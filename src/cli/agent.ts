import { Command } from 'commander';
import {
  AGENT_MODES,
  explainDecision,
  getAgentSettings,
  importStoreFacts,
  listAgentDecisions,
  runAgent,
  updateAgentSettings,
  type AgentMode,
  type AgentSettings,
  type DecisionView,
} from '../agent/index.ts';
import { AppError } from '../app/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { renderTable } from './format/table.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const settingsLines = (s: AgentSettings): string[] => [
  `Agent of brand ${s.brand_id}: ${s.mode}`,
  `  disclosure:          ${s.disclosure ?? '-'}`,
  `  holding reply:       ${s.holding_reply ?? '-'}`,
  `  max replies per day: ${s.max_replies_per_day} per conversation`,
  `  person's reply:      keeps the agent out for ${s.human_pause_hours} h (or until handed back)`,
];

const clip = (text: string | null, max = 60): string | null =>
  text === null
    ? null
    : text.length > max
      ? `${text.slice(0, max - 1).replace(/\s+/g, ' ')}…`
      : text.replace(/\s+/g, ' ');

const decisionsTable = (items: DecisionView[]): string =>
  items.length === 0
    ? 'No agent decisions.'
    : renderTable({
        headers: ['message', 'conversation', 'decision', 'confidence', 'sources', 'reply'],
        rows: items.map((d) => [
          d.message_id,
          d.conversation_id,
          d.decision,
          d.confidence.toFixed(2),
          d.sources.join(',') || '-',
          clip(d.reply),
        ]),
        right: [0, 1, 3],
      });

export function agentCommand(): Command {
  const agent = withExamples(
    new Command('agent').description(
      'the shopper agent: answers shopper texts from published KB cards, escalates the rest, never invents',
    ),
    'reclaim agent settings --brand 1 --mode auto',
    'reclaim agent decisions --brand 1 --since 2026-11-01',
  );

  withExamples(
    agent
      .command('settings')
      .description("show or change a brand's agent settings")
      .requiredOption('--brand <id>', 'brand id')
      .option('--mode <mode>', AGENT_MODES.join(' | '))
      .option('--disclosure <text>', 'added to the first agent reply of a conversation ("" clears it)')
      .option('--holding-reply <text>', 'sent when the agent escalates, in auto mode ("" clears it)')
      .option('--max-replies-per-day <n>', 'agent replies per conversation in 24 hours at most')
      .option('--json', 'print the settings as JSON'),
    'reclaim agent settings --brand 1 --mode auto --disclosure "Automated reply; text HUMAN for a person"',
  ).action(
    action(
      async (opts: {
        brand: string;
        mode?: string;
        disclosure?: string;
        holdingReply?: string;
        maxRepliesPerDay?: string;
        json?: boolean;
      }) => {
        const brandId = parseIntegerFlag('--brand', opts.brand);
        if (opts.mode !== undefined && !AGENT_MODES.includes(opts.mode as AgentMode))
          throw new AppError('invalid_input', `--mode must be one of ${AGENT_MODES.join(', ')}.`);
        const change = {
          mode: opts.mode as AgentMode | undefined,
          disclosure: opts.disclosure,
          holdingReply: opts.holdingReply,
          maxRepliesPerDay: optionalInteger('--max-replies-per-day', opts.maxRepliesPerDay),
        };
        await withContext(async (ctx) => {
          const changing = Object.values(change).some((v) => v !== undefined);
          const settings = changing
            ? await updateAgentSettings(ctx.db, { brandId, ...change })
            : await getAgentSettings(ctx.db, { brandId });
          if (opts.json) return printJson(settings);
          printLines(...settingsLines(settings));
        });
      },
    ),
  );

  withExamples(
    agent
      .command('run')
      .description(
        'decide every shopper text of the last 24 hours awaiting a decision (the worker does it within seconds)',
      )
      .option('--brand <id>', 'only this brand')
      .option('--json', 'print the decisions as JSON'),
    'reclaim agent run --brand 1',
  ).action(
    action(async (opts: { brand?: string; json?: boolean }) => {
      const brandId = optionalInteger('--brand', opts.brand);
      await withContext(async (ctx) => {
        const items = await runAgent(ctx, { brandId });
        if (opts.json) return printJson(items);
        printLines(`${items.length} shopper text${items.length === 1 ? '' : 's'} decided.`, decisionsTable(items));
      });
    }),
  );

  withExamples(
    agent
      .command('decisions')
      .description('one row per shopper text the agent decided on, newest first')
      .requiredOption('--brand <id>', 'brand id')
      .option('--since <date>', 'only decisions from this date or time on')
      .option('--json', 'print as JSON: message_id, conversation_id, decision, reply, sources, confidence, …'),
    'reclaim agent decisions --brand 1 --since 2026-11-01 --json',
  ).action(
    action(async (opts: { brand: string; since?: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      if (opts.since !== undefined && Number.isNaN(Date.parse(opts.since)))
        throw new AppError('invalid_input', '--since must be a date such as 2026-11-01.');
      await withContext(async (ctx) => {
        const items = await listAgentDecisions(ctx.db, { brandId, since: opts.since });
        if (opts.json) return printJson(items);
        printLines(decisionsTable(items));
      });
    }),
  );

  withExamples(
    agent
      .command('explain')
      .description('why the agent decided what it did on one shopper text, in words')
      .argument('<messageId>', 'the shopper text (conversation message id)')
      .option('--json', 'print as JSON'),
    'reclaim agent explain 1234',
  ).action(
    action(async (messageId: string, opts: { json?: boolean }) => {
      const id = parseIntegerFlag('message id', messageId);
      await withContext(async (ctx) => {
        const explained = await explainDecision(ctx.db, { messageId: id });
        if (opts.json) return printJson(explained);
        printLines(
          `Message ${explained.message_id} (conversation ${explained.conversation_id})`,
          ...explained.explanation,
        );
      });
    }),
  );
  withExamples(
    agent
      .command('import-facts')
      .description(
        "read the FAQ, terms, shipping and returns pages into KB cards of source 'import' (the worker does it daily)",
      )
      .option('--brand <id>', 'only this brand (default: every brand whose agent is on)')
      .option('--json', 'print one row per page as JSON'),
    'reclaim agent import-facts --brand 1',
  ).action(
    action(async (opts: { brand?: string; json?: boolean }) => {
      const brandId = optionalInteger('--brand', opts.brand);
      await withContext(async (ctx) => {
        const pages = await importStoreFacts(ctx, { brandId });
        if (opts.json) return printJson(pages);
        if (pages.length === 0) return printLines('No store-fact pages to read (no FAQ, terms or policy URL).');
        printLines(
          renderTable({
            headers: ['brand', 'page', 'added', 'changed', 'removed', 'unchanged', 'url / problem'],
            rows: pages.map((p) => [
              p.brand_id,
              p.kind,
              p.added,
              p.updated,
              p.removed,
              p.unchanged,
              p.problem ? `${p.url}: ${p.problem}` : p.url,
            ]),
            right: [0, 2, 3, 4, 5],
          }),
        );
      });
    }),
  );
  return agent;
}

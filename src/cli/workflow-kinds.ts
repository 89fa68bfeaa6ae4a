import type { Command } from 'commander';
import { createScheduledFlow, getScheduledFlow, type ScheduledFlowView } from '../workflows/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

function scheduledLines(f: ScheduledFlowView): string[] {
  return [
    `Scheduled flow ${f.id}: ${f.name} (brand ${f.brandId}) - ${f.state}`,
    `Pattern:  ${f.cron} (${f.timezone})`,
    `Segment:  ${f.segment ? `${f.segment.id} ${f.segment.name}` : '-'}`,
    `Message:  ${f.message.replace(/\n/g, ' / ')}`,
    ...(f.runs.length
      ? [
          'Runs:',
          ...f.runs.map(
            (r) =>
              `  ${r.scheduledFor}  ${r.state.padEnd(9)}  targeted ${r.targeted}  sent ${r.sent}  held ${r.held}  skipped ${Object.values(r.skipped).reduce((s, n) => s + n, 0)}`,
          ),
        ]
      : ['Runs:     none yet']),
  ];
}

/** The workflow kinds beyond carts and orders: scheduled flows. */
export function addWorkflowKindCommands(workflows: Command): void {
  withExamples(
    workflows
      .command('create-scheduled')
      .description("a flow that texts a segment on a crontab pattern in the brand's time zone (active at once)")
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption('--segment <id>', 'the segment to text at each run')
      .requiredOption('--cron <pattern>', 'crontab pattern, e.g. "0 10 * * 1" (Mondays 10:00)')
      .requiredOption('--message <text>', 'placeholders {first_name} {brand_name} {cart_link}')
      .option('--name <name>', 'flow name (default Scheduled Flow)')
      .option('--link <url>', 'where {cart_link} goes')
      .option('--smart-sending', 'leave out contacts texted in the last 24 h')
      .option('--integration <id>', "the brand's store integration (default: its only one)")
      .option('--json', 'print the flow as JSON'),
    'reclaim workflows create-scheduled --brand 1 --segment 3 --cron "0 10 * * 1" --message "New this week at {brand_name}: {cart_link}" --link https://shop.example.com/new',
  ).action(
    action(
      async (opts: {
        brand: string;
        segment: string;
        cron: string;
        message: string;
        name?: string;
        link?: string;
        smartSending?: boolean;
        integration?: string;
        json?: boolean;
      }) => {
        const input = {
          brandId: parseIntegerFlag('--brand', opts.brand),
          segmentId: parseIntegerFlag('--segment', opts.segment),
          cron: opts.cron,
          message: opts.message.replace(/\\n/g, '\n'),
          name: opts.name,
          linkUrl: opts.link,
          smartSending: opts.smartSending === true,
          integrationId: optionalInteger('--integration', opts.integration),
        };
        await withContext(async (ctx) => {
          const flow = await createScheduledFlow(ctx, input);
          if (opts.json) return printJson(flow);
          printLines('Created.', ...scheduledLines(flow));
        });
      },
    ),
  );

  withExamples(
    workflows
      .command('runs <id>')
      .description("a scheduled flow's runs with their outcomes")
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim workflows runs 9',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const query = { id: parseIntegerFlag('id', id), brandId: optionalInteger('--brand', opts.brand) };
      await withContext(async (ctx) => {
        const flow = await getScheduledFlow(ctx, query);
        if (opts.json) return printJson(flow);
        printLines(...scheduledLines(flow));
      });
    }),
  );
}

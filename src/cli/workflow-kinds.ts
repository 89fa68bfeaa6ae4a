import type { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import QRCode from 'qrcode';
import {
  createScheduledFlow,
  createTapToTextFlow,
  getScheduledFlow,
  recordWorkflowChange,
  tapLink,
  type ScheduledFlowView,
} from '../workflows/index.ts';
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

/** The workflow kinds beyond carts and orders: scheduled flows and tap-to-text. */
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
          await recordWorkflowChange(ctx.db, {
            brandId: flow.brandId,
            workflowId: flow.id,
            action: 'created',
            changes: { schedule: { from: null, to: flow.cron } },
          });
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
        await requireBrand(ctx.db, query.brandId);
        const flow = await getScheduledFlow(ctx, query);
        if (opts.json) return printJson(flow);
        printLines(...scheduledLines(flow));
      });
    }),
  );

  withExamples(
    workflows
      .command('create-tap-to-text')
      .description(
        "a keyword shoppers text to the brand's number: a greeting asks for Y, then the message is their first marketing text",
      )
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption(
        '--keyword <word>',
        "2 to 20 letters or digits, unique among the brand's active tap-to-text flows",
      )
      .requiredOption(
        '--message <text>',
        'the first marketing text after Y; placeholders {first_name} {brand_name} {cart_link}',
      )
      .option('--greeting <text>', 'the answer to the keyword (default: asks for Y, with rates and STOP)')
      .option('--name <name>', 'flow name (default Tap to Text)')
      .option('--link <url>', 'where {cart_link} goes')
      .option('--integration <id>', "the brand's store integration (default: its only one)")
      .option('--json', 'print the flow as JSON'),
    'reclaim workflows create-tap-to-text --brand 1 --keyword SUMMER --message "Welcome! 10% off: {cart_link}" --link https://shop.example.com/summer',
  ).action(
    action(
      async (opts: {
        brand: string;
        keyword: string;
        message: string;
        greeting?: string;
        name?: string;
        link?: string;
        integration?: string;
        json?: boolean;
      }) => {
        const input = {
          brandId: parseIntegerFlag('--brand', opts.brand),
          keyword: opts.keyword,
          message: opts.message.replace(/\\n/g, '\n'),
          greeting: opts.greeting,
          name: opts.name,
          linkUrl: opts.link,
          integrationId: optionalInteger('--integration', opts.integration),
        };
        await withContext(async (ctx) => {
          const flow = await createTapToTextFlow(ctx, input);
          await recordWorkflowChange(ctx.db, {
            brandId: flow.brandId,
            workflowId: flow.id,
            action: 'created',
            changes: { keyword: { from: null, to: flow.keyword } },
          });
          if (opts.json) return printJson(flow);
          printLines(
            `Created tap-to-text flow ${flow.id}: ${flow.name}, keyword ${flow.keyword} (active).`,
            `Greeting: ${flow.greeting}`,
            `reclaim workflows tap-link ${flow.id} prints its sms: link and QR code.`,
          );
        });
      },
    ),
  );

  withExamples(
    workflows
      .command('tap-link <id>')
      .description("a tap-to-text flow's sms: link and its QR code (in the terminal, or as a PNG file)")
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--png <path>', 'write the QR code to this PNG file')
      .option('--json', 'print the link as JSON'),
    'reclaim workflows tap-link 11',
    'reclaim workflows tap-link 11 --png summer-qr.png',
  ).action(
    action(async (id: string, opts: { brand?: string; png?: string; json?: boolean }) => {
      const query = { id: parseIntegerFlag('id', id), brandId: optionalInteger('--brand', opts.brand) };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, query.brandId);
        const link = await tapLink(ctx, query);
        if (opts.png) await QRCode.toFile(opts.png, link.link, { type: 'png', margin: 2, width: 512 });
        if (opts.json) return printJson({ ...link, png: opts.png ?? null });
        printLines(
          `Keyword ${link.keyword} to ${link.number}`,
          link.link,
          opts.png
            ? `QR code written to ${opts.png}`
            : await QRCode.toString(link.link, { type: 'terminal', small: true }),
        );
      });
    }),
  );
}

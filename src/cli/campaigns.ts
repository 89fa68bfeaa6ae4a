import { confirm } from '@inquirer/prompts';
import { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import { isAppError, type AppContext } from '../app/index.ts';
import {
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaigns,
  MAX_CUTOFF_HOURS,
  scheduleCampaign,
  scheduleFlowRuns,
  sendRunTexts,
  startDueRuns,
  testCampaign,
  type CampaignView,
  campaignOut,
} from '../workflows/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const AT_HELP = 'now (default), an ISO time (2026-11-25T17:00:00Z) or "YYYY-MM-DD HH:MM" in the brand\'s time zone';

/**
 * Runs `fn`; when it asks to confirm a time in the past, asks on a terminal (or takes --yes) and
 * runs it again confirmed. Without a terminal and without --yes the warning is the error.
 */
async function withPastConfirmation<T>(yes: boolean | undefined, fn: (confirmPast: boolean) => Promise<T>): Promise<T> {
  try {
    return await fn(yes === true);
  } catch (error) {
    if (!isAppError(error) || error.code !== 'confirmation_required' || !process.stdin.isTTY) throw error;
    process.stderr.write(`Warning: ${error.message}\n`);
    if (!(await confirm({ message: 'Schedule it anyway?', default: false }))) throw error;
    return fn(true);
  }
}

function campaignLines(c: CampaignView): string[] {
  const p = c.progress;
  const skipped = Object.entries(p.skipped).map(([reason, n]) => `${reason} ${n}`);
  return [
    `Campaign ${c.id}: ${c.name} (brand ${c.brandId}) - ${p.state}`,
    `Scheduled:  ${p.scheduledFor ?? '-'} (${c.timezone})`,
    `Segment:    ${c.segment ? `${c.segment.id} ${c.segment.name}` : '-'}`,
    `Message:    ${c.message.replace(/\n/g, ' / ')}`,
    ...(c.linkUrl ? [`Link:       ${c.linkUrl}`] : []),
    ...(c.discount ? [`Discount:   ${c.discount} (a code per shopper)`] : []),
    ...(c.cutoffHours ? [`Cutoff:     ${c.cutoffHours} h after the start`] : []),
    `Targeted ${p.targeted}  queued ${p.queued}  sent ${p.sent}  held ${p.held}  pending ${p.pending}  failed ${p.failed}  delivered ${p.delivered}`,
    ...(p.heldByDailyCap
      ? [
          `Daily cap:  ${p.heldByDailyCap.count} held by the number's daily cap; they go from ${p.heldByDailyCap.until ?? '-'}`,
        ]
      : []),
    `Skipped:    ${skipped.length ? skipped.join(', ') : 'none'}`,
    `Clicked ${p.clicked}  replied ${p.replied}  recovered ${p.recovered} (${p.recoveredRevenue.toFixed(2)})`,
  ];
}

const show = (c: CampaignView, json: boolean | undefined, heading?: string): void =>
  json ? printJson(campaignOut(c)) : printLines(...(heading ? [heading] : []), ...campaignLines(c));

const byId = (id: string, brand?: string) => ({
  id: parseIntegerFlag('id', id),
  brandId: optionalInteger('--brand', brand),
});

export function campaignsCommand(): Command {
  const campaigns = withExamples(
    new Command('campaigns').description("one-off texts to a segment at a time in the brand's time zone (or now)"),
    'reclaim campaigns create --brand 1 --segment 3 --message "Hi {first_name}, our sale is on: {cart_link}" --link https://shop.example.com/sale --at "2026-11-27 10:00"',
    'reclaim campaigns show 12',
  );

  withExamples(
    campaigns
      .command('create')
      .description('a campaign to a segment; the audience is frozen when it starts sending')
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption('--segment <id>', 'the segment to text')
      .requiredOption(
        '--message <text>',
        'placeholders {first_name} {brand_name} {cart_link} {discount_code} {discount_value}',
      )
      .option('--name <name>', 'campaign name (default Campaign)')
      .option('--at <time>', AT_HELP)
      .option('--link <url>', 'where {cart_link} goes (a short link per shopper)')
      .option('--discount-type <type>', 'percentage, fixed or shipping: a code per shopper')
      .option('--discount-value <n>', 'percent or amount (percentage default 15)')
      .option(
        '--cutoff-hours <n>',
        `skip a recipient whose window opens more than n hours after the start (1-${MAX_CUTOFF_HOURS})`,
      )
      .option('--no-smart-sending', 'also text contacts texted in the last 24 h')
      .option('--integration <id>', "the brand's store integration (default: its only one)")
      .option('--yes', 'confirm a time more than 15 minutes in the past')
      .option('--json', 'print the campaign as JSON'),
    'reclaim campaigns create --brand 1 --segment 3 --message "Flash sale: {cart_link}" --link https://shop.example.com --discount-type percentage --discount-value 20',
  ).action(
    action(async (opts: Record<string, string | boolean | undefined>) => {
      const input = {
        brandId: parseIntegerFlag('--brand', String(opts.brand)),
        segmentId: parseIntegerFlag('--segment', String(opts.segment)),
        message: String(opts.message).replace(/\\n/g, '\n'),
        name: opts.name as string | undefined,
        at: opts.at as string | undefined,
        linkUrl: opts.link as string | undefined,
        cutoffHours: optionalInteger('--cutoff-hours', opts.cutoffHours as string | undefined),
        smartSending: opts.smartSending !== false,
        integrationId: optionalInteger('--integration', opts.integration as string | undefined),
        discount: opts.discountType
          ? {
              type: String(opts.discountType),
              value: opts.discountValue === undefined ? undefined : Number(opts.discountValue),
            }
          : undefined,
      };
      await withContext(async (ctx) => {
        const created = await withPastConfirmation(opts.yes as boolean | undefined, (confirmPast) =>
          createCampaign(ctx, { ...input, confirmPast }),
        );
        show(created, opts.json as boolean | undefined, 'Created.');
      });
    }),
  );

  withExamples(
    campaigns
      .command('schedule <id>')
      .description('a new time for a campaign that has not started sending')
      .requiredOption('--at <time>', AT_HELP)
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--yes', 'confirm a time more than 15 minutes in the past')
      .option('--json', 'print the campaign as JSON'),
    'reclaim campaigns schedule 12 --at "2026-11-28 09:30"',
  ).action(
    action(async (id: string, opts: { at: string; brand?: string; yes?: boolean; json?: boolean }) => {
      const query = byId(id, opts.brand);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, query.brandId);
        const view = await withPastConfirmation(opts.yes, (confirmPast) =>
          scheduleCampaign(ctx, { ...query, at: opts.at, confirmPast }),
        );
        show(view, opts.json, 'Scheduled.');
      });
    }),
  );

  withExamples(
    campaigns
      .command('test <id>')
      .description("send the campaign's text now to one of the brand's numbers (same send rules)")
      .requiredOption('--to <phone>', 'a number the brand has as a contact, e.g. +14155550123')
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--json', 'print the result as JSON'),
    'reclaim campaigns test 12 --to +14155550123',
  ).action(
    action(async (id: string, opts: { to: string; brand?: string; json?: boolean }) => {
      const query = byId(id, opts.brand);
      await withContext(async (ctx: AppContext) => {
        await requireBrand(ctx.db, query.brandId);
        const result = await testCampaign(ctx, { ...query, phone: opts.to });
        if (opts.json) return printJson(result);
        printLines(
          `Test message ${result.messageId}: ${result.status}${result.reason ? ` (${result.reason})` : ''}`,
          result.body,
        );
      });
    }),
  );

  withExamples(
    campaigns
      .command('cancel <id>')
      .description('stop a campaign before or during its send: nothing more goes out')
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--json', 'print the campaign as JSON'),
    'reclaim campaigns cancel 12',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const query = byId(id, opts.brand);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, query.brandId);
        const view = await cancelCampaign(ctx, query);
        if (opts.json) return printJson({ ...campaignOut(view), skipped_messages: view.skippedMessages });
        show(view, false, `Cancelled; ${view.skippedMessages} queued texts will not be sent.`);
      });
    }),
  );

  withExamples(
    campaigns
      .command('list')
      .description("the brand's campaigns with their progress")
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim campaigns list --brand 1',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const list = await listCampaigns(ctx, { brandId });
        if (opts.json) return printJson({ campaigns: list.map(campaignOut), count: list.length });
        printLines(
          list.length
            ? list
                .map(
                  (c) =>
                    `${String(c.id).padStart(5)}  ${c.progress.state.padEnd(9)}  ${c.progress.scheduledFor ?? '-'}  sent ${c.progress.sent}/${c.progress.queued}  ${c.name}`,
                )
                .join('\n')
            : 'No campaigns.',
        );
      });
    }),
  );

  withExamples(
    campaigns
      .command('show <id>')
      .description('one campaign: schedule, segment, message and progress (targeted, sent, held, skipped by reason, …)')
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim campaigns show 12 --json',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const query = byId(id, opts.brand);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, query.brandId);
        show(await getCampaign(ctx, query), opts.json);
      });
    }),
  );

  withExamples(
    campaigns
      .command('start-due')
      .description(
        'start the campaigns and scheduled-flow runs that are due and send their texts (the worker does this every minute)',
      )
      .option('--json', 'print as JSON'),
    'reclaim campaigns start-due',
  ).action(
    action(async (opts: { json?: boolean }) => {
      await withContext(async (ctx) => {
        await scheduleFlowRuns(ctx);
        const runs = await startDueRuns(ctx);
        const texts = await sendRunTexts(ctx);
        if (opts.json) return printJson({ runs, texts });
        printLines(
          [
            ...runs.map((r) =>
              r.timedOut
                ? `run ${r.runId} (workflow ${r.workflowId}): the segment took too long to evaluate; the run stays scheduled and is tried again at the next pass`
                : `run ${r.runId} (workflow ${r.workflowId}): ${r.queued} queued, ${r.excluded} excluded${r.cancelled ? ', cancelled' : ''}`,
            ),
            ...(texts.started + texts.excluded > 0
              ? [
                  `texts written ${texts.started}: sent ${texts.sent}, held ${texts.deferred}, skipped ${texts.skipped}, failed ${texts.failed}`,
                ]
              : []),
          ].join('\n') || 'Nothing due.',
        );
      });
    }),
  );
  return campaigns;
}

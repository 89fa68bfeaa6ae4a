import { Command } from 'commander';
import {
  beginSlackConnect,
  completeSlackConnect,
  listSlackChannels,
  SLACK_CHANNEL_PAGE_LIMIT,
  setSlackChannel,
  testSlack,
} from '../integrations/index.ts';
import { parseIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

type BrandOpts = { brand: string; json?: boolean };
const brandOf = (opts: BrandOpts): number => parseIntegerFlag('--brand', opts.brand, { min: 1 });

export function slackCommand(): Command {
  const slack = withExamples(
    new Command('slack').description("a brand's Slack link: engaged conversations posted to a channel"),
    'reclaim slack connect --brand 4',
    'reclaim slack set-channel --brand 4 --channel "#cart-alerts"',
  );

  withExamples(
    slack
      .command('connect')
      .description('print the Slack authorize URL; with --code, finish the connection with the code Slack returned')
      .requiredOption('--brand <id>', 'brand id')
      .option('--code <code>', 'the code from the redirect (when the callback cannot reach this server)')
      .option('--json', 'print as JSON'),
    'reclaim slack connect --brand 4',
    'reclaim slack connect --brand 4 --code 1234.5678.abcd',
  ).action(
    action(async (opts: BrandOpts & { code?: string }) => {
      const brandId = brandOf(opts);
      await withContext(async (ctx) => {
        if (opts.code) {
          const done = await completeSlackConnect(ctx, { code: opts.code, bid: brandId });
          if (opts.json) return printJson(done);
          return printLines(
            `Slack workspace ${done.team.name ?? done.team.id} is connected to brand ${brandId}.`,
            done.channel
              ? `Notifications go to #${done.channel.name ?? done.channel.id}.`
              : `Choose a channel: reclaim slack channels --brand ${brandId}`,
          );
        }
        const begun = await beginSlackConnect(ctx, { brandId });
        if (opts.json) return printJson(begun);
        printLines(
          'Open this URL as an admin of the Slack workspace:',
          begun.authorizeUrl,
          `Slack sends the admin back to ${begun.redirectUri}.`,
        );
      });
    }),
  );

  withExamples(
    slack
      .command('channels')
      .description(`the workspace's public channels, archived ones left out (pages of ${SLACK_CHANNEL_PAGE_LIMIT})`)
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim slack channels --brand 4 --json',
  ).action(
    action(async (opts: BrandOpts) => {
      const brandId = brandOf(opts);
      await withContext(async (ctx) => {
        const channels = await listSlackChannels(ctx, { brandId });
        if (opts.json) return printJson({ brand_id: brandId, channels, count: channels.length });
        printLines(...channels.map((c) => `${c.id}  #${c.name}`), `${channels.length} channels`);
      });
    }),
  );

  withExamples(
    slack
      .command('set-channel')
      .description('the channel engaged conversations are posted to')
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption('--channel <id|#name>', 'a channel id (C…) or #name')
      .option('--json', 'print as JSON'),
    'reclaim slack set-channel --brand 4 --channel "#cart-alerts"',
  ).action(
    action(async (opts: BrandOpts & { channel: string }) => {
      const brandId = brandOf(opts);
      await withContext(async (ctx) => {
        const channel = await setSlackChannel(ctx, { brandId, channel: opts.channel });
        if (opts.json) return printJson({ brand_id: brandId, channel });
        printLines(`Engaged conversations of brand ${brandId} go to #${channel.name} (${channel.id}).`);
      });
    }),
  );

  withExamples(
    slack
      .command('test')
      .description("check the token (auth.test) and post a test message to the brand's channel")
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim slack test --brand 4',
  ).action(
    action(async (opts: BrandOpts) => {
      const brandId = brandOf(opts);
      await withContext(async (ctx) => {
        const result = await testSlack(ctx, { brandId });
        if (opts.json) return printJson(result);
        printLines(
          `Slack token of brand ${brandId} works (workspace ${result.team ?? 'unknown'}).`,
          result.channel
            ? `Test message posted to ${result.channel}.`
            : `No channel yet: reclaim slack set-channel --brand ${brandId} --channel "#name"`,
        );
      });
    }),
  );
  return slack;
}

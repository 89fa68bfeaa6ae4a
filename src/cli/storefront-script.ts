import { Command } from 'commander';
import { syncStorefrontScript } from '../stores/index.ts';
import { parseIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const SCRIPT_ACTIONS = {
  created: 'storefront script added',
  updated: 'storefront script updated',
  unchanged: 'storefront script already up to date',
  deleted: 'storefront script removed',
  absent: 'the store has no storefront script of this app; nothing to remove',
} as const;

/** `reclaim stores storefront-script sync`: the BigCommerce counterpart of `stores pixel sync`. */
export function storefrontScriptCommand(): Command {
  const script = new Command('storefront-script').description(
    "the BigCommerce storefront script that tells Reclaim a shopper's cart, e-mail and phone",
  );
  withExamples(
    script
      .command('sync')
      .description(
        "add the store's storefront script through the Scripts API, or update it to the integration's ingest key and PUBLIC_URL; --remove deletes it",
      )
      .requiredOption('--integration <id>', 'the BigCommerce brand integration id (see `reclaim stores list`)')
      .option('--remove', 'delete the storefront script instead')
      .option('--json', 'print the result as JSON'),
    'reclaim stores storefront-script sync --integration 12',
    'reclaim stores storefront-script sync --integration 12 --remove --json',
  ).action(
    action(async (opts: { integration: string; remove?: boolean; json?: boolean }) => {
      const integrationId = parseIntegerFlag('--integration', opts.integration);
      await withContext(async (ctx) => {
        const result = await syncStorefrontScript(ctx, { integrationId, remove: opts.remove === true });
        if (opts.json) return printJson(result);
        printLines(
          `${result.storeHash}: ${SCRIPT_ACTIONS[result.action]}${result.scriptUuid ? ` (${result.scriptUuid})` : ''}`,
          ...(result.duplicatesRemoved > 0 ? [`${result.duplicatesRemoved} duplicate(s) removed`] : []),
          result.action === 'deleted' || result.action === 'absent'
            ? `script was ${result.src}`
            : `loads ${result.src} on ${result.visibility === 'all_pages' ? 'every page, checkout included' : 'the storefront pages (no Checkout content scope)'}`,
        );
      });
    }),
  );
  return script;
}

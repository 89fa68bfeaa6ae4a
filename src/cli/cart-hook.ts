/** `reclaim stores cart-hook`: the brand's endpoint that receives its cart events, signed. */
import { Command } from 'commander';
import { getCartHook, removeCartHook, setCartHook, type CartHookView } from '../stores/index.ts';
import { parseIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const VERIFY_HINT =
  'verify: HMAC-SHA256(secret, "<X-Reclaim-Timestamp>.<raw body>") as hex must equal X-Reclaim-Signature after "sha256="';

function hookLines(hook: CartHookView): string[] {
  return [
    `brand ${hook.brand_id}: cart events POST to ${hook.url} (${hook.enabled ? 'enabled' : 'disabled'})`,
    hook.last_attempt_at
      ? `last delivery ${hook.last_attempt_at}: ${hook.last_status}${hook.last_error ? ` (${hook.last_error})` : ''}`
      : 'no delivery yet',
    `delivered ${hook.delivered_count}, given up ${hook.failed_count}`,
  ];
}

export function cartHookCommand(): Command {
  const hook = new Command('cart-hook').description(
    "the brand's hook endpoint: every cart and checkout event of its stores is POSTed there, signed with HMAC-SHA256 (X-Reclaim-Signature), 5 tries 1 s apart",
  );
  withExamples(
    hook
      .command('set')
      .description(
        'set the endpoint; a new hook (or --rotate-secret) generates the signing secret, printed once and never again (with --json it goes to stderr, not into the JSON)',
      )
      .requiredOption('--brand <id>', 'the brand')
      .requiredOption('--url <url>', 'the http(s) endpoint that receives the POSTs')
      .option('--rotate-secret', 'generate a new signing secret (the old one stops working at once)')
      .option('--disable', 'keep the endpoint but stop forwarding')
      .option('--json', 'print the hook as JSON'),
    'reclaim stores cart-hook set --brand 12 --url https://hooks.example.com/reclaim/carts',
    'reclaim stores cart-hook set --brand 12 --url https://hooks.example.com/reclaim/carts --rotate-secret',
  ).action(
    action(async (opts: { brand: string; url: string; rotateSecret?: boolean; disable?: boolean; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const { hook: saved, secret } = await setCartHook(ctx, {
          brandId,
          url: opts.url,
          rotateSecret: opts.rotateSecret === true,
          enabled: opts.disable !== true,
        });
        const secretLines = secret
          ? [`signing secret (shown once, keep it now): ${secret}`, VERIFY_HINT]
          : ['signing secret unchanged (--rotate-secret makes a new one)'];
        if (opts.json) {
          if (secret) process.stderr.write(`${secretLines.join('\n')}\n`);
          return printJson({ hook: saved, secret_generated: secret !== undefined });
        }
        printLines(...hookLines(saved), ...secretLines);
      });
    }),
  );
  withExamples(
    hook
      .command('show')
      .description("the brand's endpoint and its last delivery (never the secret)")
      .requiredOption('--brand <id>', 'the brand')
      .option('--json', 'print as JSON'),
    'reclaim stores cart-hook show --brand 12',
    'reclaim stores cart-hook show --brand 12 --json',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const saved = await getCartHook(ctx, brandId);
        if (opts.json) return printJson({ hook: saved });
        printLines(...hookLines(saved));
      });
    }),
  );
  withExamples(
    hook
      .command('remove')
      .description('stop forwarding and forget the endpoint and its secret')
      .requiredOption('--brand <id>', 'the brand')
      .option('--json', 'print the result as JSON'),
    'reclaim stores cart-hook remove --brand 12',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        await removeCartHook(ctx, brandId);
        if (opts.json) return printJson({ removed: true, brand_id: brandId });
        printLines(`brand ${brandId}: cart hook removed`);
      });
    }),
  );
  return hook;
}

/** `reclaim discounts lookup|update`: a discount code at the brand's Shopify store. */
import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import { lookupStoreDiscount, updateStoreDiscount, type StoreDiscountView } from '../discounts/index.ts';
import type { DiscountChanges } from '../stores/index.ts';
import { optionalDate, parseIntegerFlag, parsePositiveIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const INTEGRATION = ['--integration <id>', 'the Shopify brand integration id (see `reclaim stores list`)'] as const;

function discountLines(d: StoreDiscountView): string[] {
  const value =
    d.value === null ? '' : 'percentage' in d.value ? `, ${d.value.percentage}% off` : `, ${d.value.amount.amount} off`;
  const kind = d.kind === 'basic' ? 'amount off' : d.kind === 'free_shipping' ? 'free shipping' : d.type;
  return [
    `${d.code} at ${d.shop}: ${d.status ?? 'unknown'} (${kind}${value})`,
    `title: ${d.title ?? '-'}; from ${d.startsAt ?? '-'} until ${d.endsAt ?? 'no end'}`,
    `used ${d.usageCount} time(s) of ${d.usageLimit ?? 'no limit'}${d.appliesOncePerCustomer ? ', once per customer' : ''}`,
    d.reclaimCodeId !== null
      ? `made by Reclaim (code ${d.reclaimCodeId}${d.conversationId !== null ? `, conversation ${d.conversationId}` : ''})`
      : 'not made by Reclaim',
  ];
}

const parseNumber = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !Number.isFinite(number))
    throw new AppError('invalid_input', `${name} must be a number, got "${value}".`);
  return number;
};

export function discountsCommand(): Command {
  const discounts = withExamples(
    new Command('discounts').description(
      "discount codes at a brand's Shopify store: look one up by its code, update it (end, value, limit)",
    ),
    'reclaim discounts lookup --integration 3 --code RCL-7KQ2XD',
    'reclaim discounts update --integration 3 --code RCL-7KQ2XD --ends-at 2026-12-31',
  );

  withExamples(
    discounts
      .command('lookup')
      .description('the code discount a code redeems: kind, status, window, value, usage; and whether Reclaim made it')
      .requiredOption(...INTEGRATION)
      .option('--code <code>', 'the discount code')
      .option('--json', 'print as JSON'),
    'reclaim discounts lookup --integration 3 --code RCL-7KQ2XD',
    'reclaim discounts lookup --integration 3 --code SUMMER10 --json',
  ).action(
    action(async (opts: { integration: string; code?: string; json?: boolean }) => {
      const integrationId = parseIntegerFlag('--integration', opts.integration);
      await withContext(async (ctx) => {
        const discount = await lookupStoreDiscount(ctx, { integrationId, code: opts.code });
        if (opts.json) return printJson({ discount });
        printLines(...discountLines(discount));
      });
    }),
  );

  withExamples(
    discounts
      .command('update')
      .description('update an amount-off or free-shipping code at the store (the code Reclaim made keeps its dates)')
      .requiredOption(...INTEGRATION)
      .option('--code <code>', 'the discount code')
      .option('--ends-at <date>', 'a new end (2026-12-31 or an ISO time)')
      .option('--no-end', 'no end date')
      .option('--starts-at <date>', 'a new start')
      .option('--title <title>', 'a new title (seen by the merchant)')
      .option('--percentage <n>', 'amount-off codes: a new percentage off (10 for 10%)')
      .option('--amount <usd>', 'amount-off codes: a new fixed amount off the order')
      .option('--usage-limit <n>', 'how many times the code may be used in all')
      .option('--json', 'print as JSON'),
    'reclaim discounts update --integration 3 --code RCL-7KQ2XD --ends-at 2026-12-31',
    'reclaim discounts update --integration 3 --code SUMMER10 --percentage 15 --json',
  ).action(
    action(
      async (opts: {
        integration: string;
        code?: string;
        endsAt?: string;
        end: boolean;
        startsAt?: string;
        title?: string;
        percentage?: string;
        amount?: string;
        usageLimit?: string;
        json?: boolean;
      }) => {
        const integrationId = parseIntegerFlag('--integration', opts.integration);
        if (opts.endsAt !== undefined && opts.end === false)
          throw new AppError('invalid_input', 'Give --ends-at or --no-end, not both.');
        const changes: DiscountChanges = {
          ...(opts.end === false ? { endsAt: null } : {}),
          ...(opts.endsAt !== undefined ? { endsAt: optionalDate('--ends-at', opts.endsAt) } : {}),
          ...(opts.startsAt !== undefined ? { startsAt: optionalDate('--starts-at', opts.startsAt) } : {}),
          ...(opts.title !== undefined ? { title: opts.title } : {}),
          ...(opts.percentage !== undefined ? { percentage: parseNumber('--percentage', opts.percentage) } : {}),
          ...(opts.amount !== undefined ? { amount: parseNumber('--amount', opts.amount) } : {}),
          ...(opts.usageLimit !== undefined
            ? { usageLimit: parsePositiveIntegerFlag('--usage-limit', opts.usageLimit) }
            : {}),
        };
        await withContext(async (ctx) => {
          const discount = await updateStoreDiscount(ctx, { integrationId, code: opts.code, changes });
          if (opts.json) return printJson({ discount });
          printLines(`updated ${discount.code}`, ...discountLines(discount));
        });
      },
    ),
  );
  return discounts;
}

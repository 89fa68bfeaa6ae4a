import { Command } from 'commander';
import { requireBrand, requireUser } from '../accounts/index.ts';
import {
  billingPortalUrl,
  billingSync,
  brandSubscriptions,
  cancelBrandSubscription,
  changePlan,
  createCustomPlan,
  createPlan,
  listCharges,
  listPlans,
  raiseUsageCap,
  subscribe,
} from '../billing/index.ts';
import { collect, optionalInteger, parseDateRange, parseIntegerFlag, parsePositiveIntegerFlag } from './flags.ts';
import {
  cancelled,
  chargeList,
  planChanged,
  planList,
  planRow,
  subscribed,
  subscriptionList,
  subscriptionRows,
  syncReport,
} from './format/billing.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

export function billingCommand(): Command {
  const billing = withExamples(
    new Command('billing').description(
      'plans, subscriptions (Stripe or Shopify app billing), usage charges for recovered sales, sync',
    ),
    'reclaim billing plans list',
    'reclaim billing subscribe --brand 4 --plan 2 --billing-email ap@brand.com --return-url https://app.example.com/billing',
    'reclaim billing sync --json',
  );

  const plans = withExamples(
    billing.command('plans').description('list and create plans'),
    'reclaim billing plans list --json',
  );
  withExamples(
    plans
      .command('list')
      .description('every plan (or the plans one user may see) with price, usage rate and gateway ids')
      .option('--user <id>', 'only what this user may see')
      .option('--plan-name <name>', 'with --user: also this named plan')
      .option('--json', 'print as JSON'),
    'reclaim billing plans list',
    'reclaim billing plans list --user 12 --json',
  ).action(
    action(async (opts: { user?: string; planName?: string; json?: boolean }) => {
      const query = { userId: optionalInteger('--user', opts.user), planName: opts.planName };
      await withContext(async (ctx) => {
        await requireUser(ctx.db, query.userId);
        const rows = await listPlans(ctx.db, query);
        if (opts.json) return printJson({ plans: rows, count: rows.length });
        printLines(planList(rows));
      });
    }),
  );
  withExamples(
    plans
      .command('create')
      .description('a published plan (whole USD a month, usage percentage of recovered sales) and its read permission')
      .requiredOption('--name <name>', 'plan name')
      .requiredOption('--price <usd>', 'whole USD per month')
      .requiredOption('--rate <percent>', 'usage charge percentage of recovered sales')
      .option('--description <text>', 'description')
      .option('--feature <text>', 'a feature line (repeatable)', collect)
      .option('--discount-code <code>', 'discount code shown with the plan')
      .option('--draft', 'create as draft (not visible)')
      .option('--stripe-price <id>', 'an existing Stripe price for this plan')
      .option('--json', 'print as JSON'),
    'reclaim billing plans create --name Growth --price 99 --rate 5 --feature "Unlimited conversations" --feature "AI insights"',
  ).action(
    action(
      async (opts: {
        name: string;
        price: string;
        rate: string;
        description?: string;
        feature?: string[];
        discountCode?: string;
        draft?: boolean;
        stripePrice?: string;
        json?: boolean;
      }) =>
        withContext(async (ctx) => {
          const plan = await createPlan(ctx.db, {
            name: opts.name,
            price: opts.price,
            rate: opts.rate,
            description: opts.description,
            features: opts.feature,
            discountCode: opts.discountCode,
            status: opts.draft ? 'draft' : 'published',
            gateways: opts.stripePrice ? { stripe: opts.stripePrice } : {},
          });
          if (opts.json) return printJson(plan);
          printLines(`Created plan ${plan.id}:`, planRow(plan));
        }),
    ),
  );
  withExamples(
    plans
      .command('custom')
      .description("a custom plan from a published one, named '<plan> - $<price>/<rate>%', with its permissions")
      .option('--duplicate-plan <id>', 'the published plan to start from')
      .option('--rate <percent>', 'usage charge percentage')
      .option('--price <usd>', 'whole USD per month')
      .option('--json', 'print as JSON'),
    'reclaim billing plans custom --duplicate-plan 2 --rate 4 --price 149',
  ).action(
    action(async (opts: { duplicatePlan?: string; rate?: string; price?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const plan = await createCustomPlan(ctx.db, { planId: opts.duplicatePlan, rate: opts.rate, price: opts.price });
        if (opts.json) return printJson(plan);
        printLines(`Created custom plan ${plan.id}:`, planRow(plan));
      }),
    ),
  );

  withExamples(
    billing
      .command('subscribe')
      .description(
        'start a subscription (pending_setup until the brand confirms at the printed checkout or confirmation URL)',
      )
      .option('--brand <id>', 'brand id')
      .option('--plan <id>', "plan id, or 'custom' with --duplicate-plan, --rate and --price")
      .option('--billing-email <email>', 'where the gateway sends invoices')
      .option('--trial-days <n>', 'free trial days (1 or more)')
      .option(
        '--first-month-discount',
        'apply the first-month discount (prorated by the age of the oldest activated subscription)',
      )
      .option(
        '--gateway <gateway>',
        'stripe or shopify (default: shopify when the brand has a connected Shopify store, else stripe)',
      )
      .option('--return-url <url>', 'where the brand lands after confirming')
      .option('--source <source>', 'web-admin or web-client', 'web-admin')
      .option('--duplicate-plan <id>', 'with --plan custom: the plan to start from')
      .option('--rate <percent>', 'with --plan custom: usage percentage')
      .option('--price <usd>', 'with --plan custom: whole USD per month')
      .option('--json', 'print as JSON'),
    'reclaim billing subscribe --brand 4 --plan 2 --billing-email ap@brand.com --first-month-discount --return-url https://app.example.com/billing',
    'reclaim billing subscribe --brand 4 --plan 2 --billing-email ap@brand.com --trial-days 14 --gateway shopify --return-url https://app.example.com/billing',
    'reclaim billing subscribe --brand 4 --plan custom --duplicate-plan 2 --rate 4 --price 149 --billing-email ap@brand.com --return-url https://app.example.com/billing',
  ).action(
    action(
      async (opts: {
        brand?: string;
        plan?: string;
        billingEmail?: string;
        trialDays?: string;
        firstMonthDiscount?: boolean;
        gateway?: string;
        returnUrl?: string;
        source?: string;
        duplicatePlan?: string;
        rate?: string;
        price?: string;
        json?: boolean;
      }) =>
        withContext(async (ctx) => {
          const result = await subscribe(ctx, {
            brandId: opts.brand,
            planId: opts.plan,
            billingEmail: opts.billingEmail,
            trialDays: opts.trialDays,
            applyFirstMonthDiscount: opts.firstMonthDiscount === true,
            paymentSource: opts.gateway,
            source: opts.source,
            returnUrl: opts.returnUrl,
            duplicatePlanId: opts.duplicatePlan,
            planRate: opts.rate,
            planPrice: opts.price,
          });
          if (opts.json) return printJson(result);
          printLines(subscribed(result));
        }),
    ),
  );

  withExamples(
    billing
      .command('change-plan')
      .description('move a subscription to another plan: the old one is cancelled and a new one created')
      .option('--subscription <id>', 'the subscription to change')
      .option('--brand <id>', 'its brand')
      .option('--plan <id>', "the new plan id, or 'custom' with --duplicate-plan, --rate and --price")
      .option('--duplicate-plan <id>', 'with --plan custom: the plan to start from')
      .option('--rate <percent>', 'with --plan custom: usage percentage')
      .option('--price <usd>', 'with --plan custom: whole USD per month')
      .option('--return-url <url>', 'where the brand lands after confirming (default: the one of the old subscription)')
      .option('--json', 'print as JSON'),
    'reclaim billing change-plan --subscription 31 --brand 4 --plan 3',
  ).action(
    action(
      async (opts: {
        subscription?: string;
        brand?: string;
        plan?: string;
        duplicatePlan?: string;
        rate?: string;
        price?: string;
        returnUrl?: string;
        json?: boolean;
      }) =>
        withContext(async (ctx) => {
          const result = await changePlan(ctx, {
            subscriptionId: opts.subscription,
            brandId: opts.brand,
            planId: opts.plan,
            duplicatePlanId: opts.duplicatePlan,
            planRate: opts.rate,
            planPrice: opts.price,
            returnUrl: opts.returnUrl,
          });
          if (opts.json) return printJson(result);
          printLines(planChanged(result));
        }),
    ),
  );

  withExamples(
    billing
      .command('cancel')
      .description("cancel a brand's subscription at its gateway (usage still queued is pushed and invoiced first)")
      .requiredOption('--brand <id>', 'brand id')
      .option('--subscription <id>', 'a given subscription (default: the newest live or pending one)')
      .option('--json', 'print as JSON'),
    'reclaim billing cancel --brand 4',
  ).action(
    action(async (opts: { brand: string; subscription?: string; json?: boolean }) => {
      const target = {
        brandId: parseIntegerFlag('--brand', opts.brand),
        subscriptionId: optionalInteger('--subscription', opts.subscription),
      };
      await withContext(async (ctx) => {
        const result = await cancelBrandSubscription(ctx, target);
        if (opts.json) return printJson(result);
        printLines(cancelled(result));
      });
    }),
  );

  withExamples(
    billing
      .command('raise-cap')
      .description(
        "ask Shopify for a higher usage cap on the brand's app subscription; the merchant approves it at the printed URL, and until then the old cap holds",
      )
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption('--amount <usd>', 'the new cap in USD (above the current one)')
      .option('--json', 'print as JSON'),
    'reclaim billing raise-cap --brand 4 --amount 20000',
    'reclaim billing raise-cap --brand 4 --amount 15000 --json',
  ).action(
    action(async (opts: { brand: string; amount: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      const amountUsd = /^\d+(\.\d{1,2})?$/.test(opts.amount.trim()) ? Number(opts.amount) : Number.NaN;
      await withContext(async (ctx) => {
        const result = await raiseUsageCap(ctx, { brandId, amountUsd });
        if (opts.json) return printJson(result);
        printLines(
          `usage cap of subscription ${result.subscription_id}: ${result.current_cap_usd} USD now, ${result.requested_cap_usd} USD asked`,
          `the merchant approves it at: ${result.confirmation_url ?? '(Shopify gave no confirmation URL)'}`,
        );
      });
    }),
  );

  withExamples(
    billing
      .command('portal')
      .description("a Stripe billing portal link for the brand's customer")
      .requiredOption('--brand <id>', 'brand id')
      .option('--return-url <url>', 'where the portal sends the brand back')
      .option('--json', 'print as JSON'),
    'reclaim billing portal --brand 4 --return-url https://app.example.com/billing',
  ).action(
    action(async (opts: { brand: string; returnUrl?: string; json?: boolean }) => {
      const portal = { brandId: parseIntegerFlag('--brand', opts.brand), returnUrl: opts.returnUrl };
      await withContext(async (ctx) => {
        const url = await billingPortalUrl(ctx, portal);
        if (opts.json) return printJson({ url });
        printLines(url);
      });
    }),
  );

  withExamples(
    billing
      .command('subscriptions')
      .description("a brand's subscriptions, newest first")
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim billing subscriptions --brand 4',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, brandId);
        const rows = subscriptionRows(await brandSubscriptions(ctx.db, brandId));
        if (opts.json) return printJson({ subscriptions: rows, count: rows.length });
        printLines(subscriptionList(rows));
      });
    }),
  );

  withExamples(
    billing
      .command('charges')
      .description("a brand's charge history: plan, subscription status, gateway; in_review excluded; newest first")
      .requiredOption('--brand <id>', 'brand id')
      .option('--gateway <gateway>', 'stripe or shopify')
      .option('--from <date>', 'created at or after')
      .option('--to <date>', 'created before')
      .option('--limit <n>', 'how many', '50')
      .option('--offset <n>', 'skip this many', '0')
      .option('--json', 'print as JSON'),
    'reclaim billing charges --brand 4 --from 2026-11-01 --to 2026-12-01',
  ).action(
    action(
      async (opts: {
        brand: string;
        gateway?: string;
        from?: string;
        to?: string;
        limit: string;
        offset: string;
        json?: boolean;
      }) => {
        const filter = {
          brandId: parseIntegerFlag('--brand', opts.brand),
          gateway: opts.gateway,
          ...parseDateRange(opts),
          limit: parsePositiveIntegerFlag('--limit', opts.limit),
          offset: parseIntegerFlag('--offset', opts.offset),
        };
        await withContext(async (ctx) => {
          const result = await listCharges(ctx.db, filter);
          if (opts.json) return printJson(result);
          printLines(chargeList(result));
        });
      },
    ),
  );

  withExamples(
    billing
      .command('sync')
      .description('reconcile every pending or live subscription with its gateway, then create and push usage charges')
      .option('--brand <id>', 'only this brand')
      .option('--json', 'print as JSON'),
    'reclaim billing sync',
    'reclaim billing sync --brand 4 --json',
  ).action(
    action(async (opts: { brand?: string; json?: boolean }) => {
      const brandId = optionalInteger('--brand', opts.brand);
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, brandId);
        const result = await billingSync(ctx, { brandId });
        if (opts.json) printJson(result);
        else printLines(syncReport(result));
        if (result.errors > 0) process.exitCode = 1;
      });
    }),
  );
  return billing;
}

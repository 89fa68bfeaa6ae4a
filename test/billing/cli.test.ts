/**
 * `reclaim billing ...` as an operator runs it: the real binary against the test database, Stripe
 * faked at the network edge. Form messages verbatim, exit codes, --json, charge history filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { createBrand } from '../factories/index.ts';
import { FakeStripe } from '../fakes/stripe/index.ts';

const t = useTestDatabase();
let stripe: FakeStripe;
let env: Record<string, string>;
let planId: number;
let brandId: number;

beforeAll(async () => {
  stripe = await FakeStripe.start();
  env = { ...testEnv(t.url), STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_API_BASE_URL: stripe.baseUrl };
  brandId = (await createBrand(t.db, { name: 'Ivy Outfitters' })).id;
});
afterAll(async () => {
  await stripe.close();
});

describe('billing plans', () => {
  it('creates a plan with its read permission and lists it', async () => {
    const created = await runCli(
      [
        'billing',
        'plans',
        'create',
        '--name',
        'Growth',
        '--price',
        '99',
        '--rate',
        '5',
        '--feature',
        'Unlimited conversations',
        '--discount-code',
        'WELCOME',
        '--json',
      ],
      env,
    );
    expect(created.code).toBe(0);
    const plan = JSON.parse(created.stdout);
    expect(plan).toMatchObject({
      name: 'Growth',
      price: 99,
      usage_charge_percentage: 5,
      status: 'published',
      features: ['Unlimited conversations'],
      discount_code: 'WELCOME',
    });
    planId = plan.id;
    expect(await t.db('permissions').where({ action: 'read', attribute: `plans:${planId}` })).toHaveLength(1);

    const listed = await runCli(['billing', 'plans', 'list'], env);
    expect(listed.stdout).toMatch(new RegExp(`${planId}\\s+published\\s+\\$99/mo\\s+5%\\s+Growth`));
  });

  it('makes a custom plan from it, and gives the custom-plan messages', async () => {
    const missing = await runCli(['billing', 'plans', 'custom'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Error: Plan is required.');
    const noPrice = await runCli(
      ['billing', 'plans', 'custom', '--duplicate-plan', String(planId), '--rate', '4'],
      env,
    );
    expect(noPrice.stderr).toContain('Error: Price is required.');
    const custom = await runCli(
      ['billing', 'plans', 'custom', '--duplicate-plan', String(planId), '--rate', '4', '--price', '149', '--json'],
      env,
    );
    expect(custom.code).toBe(0);
    expect(JSON.parse(custom.stdout)).toMatchObject({
      name: 'Growth - $149/4%',
      price: 149,
      usage_charge_percentage: 4,
      status: 'custom',
      features: ['Unlimited conversations'],
    });
    const bad = await runCli(
      ['billing', 'plans', 'custom', '--duplicate-plan', String(planId), '--rate', '140', '--price', '149'],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Rate must be a percentage from 0 to 100');
  });
});

describe('billing subscribe', () => {
  it.each([
    [[], 'Brand ID is required'],
    [
      [
        '--brand',
        'B',
        '--plan',
        'P',
        '--billing-email',
        'ap@ivy.example',
        '--trial-days',
        '0',
        '--return-url',
        'https://x.example',
      ],
      'Minimum 1 day trial required',
    ],
    [
      [
        '--brand',
        'B',
        '--plan',
        'P',
        '--billing-email',
        'ap@ivy.example',
        '--trial-days',
        '7',
        '--first-month-discount',
        '--return-url',
        'https://x.example',
      ],
      'Cannot apply both trial days and first month discount',
    ],
    [
      ['--brand', 'B', '--plan', 'custom', '--billing-email', 'ap@ivy.example', '--return-url', 'https://x.example'],
      'Select a plan',
    ],
    [
      [
        '--brand',
        'B',
        '--plan',
        'P',
        '--billing-email',
        'ap@ivy.example',
        '--gateway',
        'paypal',
        '--return-url',
        'https://x.example',
      ],
      'Invalid payment gateway',
    ],
    [['--brand', 'B', '--plan', 'P', '--billing-email', 'ap@ivy.example'], 'Return URL not found'],
    [
      ['--brand', '999999', '--plan', 'P', '--billing-email', 'ap@ivy.example', '--return-url', 'https://x.example'],
      'Plan or brand not found',
    ],
  ])('%j gives "%s" and changes nothing', async (args, message) => {
    const filled = args.map((arg) => (arg === 'B' ? String(brandId) : arg === 'P' ? String(planId) : arg));
    const result = await runCli(['billing', 'subscribe', ...filled, '--json'], env);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).error.message).toBe(message);
    expect(await t.db('subscriptions').where({ brand_id: brandId })).toHaveLength(0);
  });

  it('says why a gateway cannot be used', async () => {
    const result = await runCli(
      [
        'billing',
        'subscribe',
        '--brand',
        String(brandId),
        '--plan',
        String(planId),
        '--billing-email',
        'ap@ivy.example',
        '--gateway',
        'shopify',
        '--return-url',
        'https://x.example',
      ],
      env,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Error: Invalid Payment Source\nReason: the brand has no connected Shopify store\n',
    );
  });

  it('prints the checkout URL to confirm; --json never shows the Stripe key', async () => {
    const text = await runCli(
      [
        'billing',
        'subscribe',
        '--brand',
        String(brandId),
        '--plan',
        String(planId),
        '--billing-email',
        'ap@ivy.example',
        '--first-month-discount',
        '--return-url',
        'https://app.example.com/billing',
      ],
      env,
    );
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Created subscription \d+ \(pending_setup\) on "Growth" through stripe\./);
    expect(text.stdout).toContain('First-month discount: 99 USD.');
    expect(text.stdout).toMatch(/The brand confirms here: http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);

    const again = await runCli(
      [
        'billing',
        'subscribe',
        '--brand',
        String(brandId),
        '--plan',
        String(planId),
        '--billing-email',
        'ap@ivy.example',
        '--first-month-discount',
        '--return-url',
        'https://app.example.com/billing',
        '--json',
      ],
      env,
    );
    const json = JSON.parse(again.stdout);
    expect(json).toMatchObject({
      brand_id: brandId,
      plan_id: planId,
      gateway: 'stripe',
      status: 'pending_setup',
      reused: true,
    });
    expect(again.stdout + again.stderr + text.stdout + text.stderr).not.toContain(stripe.apiKey);
    expect(await t.db('subscriptions').where({ brand_id: brandId })).toHaveLength(1);
  });
});

describe('billing charges, subscriptions and sync', () => {
  it('lists charges newest first with plan, subscription status and gateway, without in_review ones', async () => {
    const subscription = await t.db('subscriptions').where({ brand_id: brandId }).first();
    await t.db('subscription_charges').insert({
      subscription_id: subscription.id,
      brand_id: brandId,
      plan_id: planId,
      amount: 12.5,
      status: 'in_review',
      type: 'usage',
      extra_data: { description: 'under review' },
    });
    const result = await runCli(['billing', 'charges', '--brand', String(brandId), '--json'], env);
    expect(result.code).toBe(0);
    const listing = JSON.parse(result.stdout);
    expect(listing.count).toBe(1);
    expect(listing.charges[0]).toMatchObject({
      type: 'recurring',
      status: 'pending',
      amount: 0,
      plan: { id: planId, name: 'Growth' },
      subscription: { status: 'pending_setup' },
      payment_source: { gateway: 'stripe' },
    });
    const shopifyOnly = await runCli(
      ['billing', 'charges', '--brand', String(brandId), '--gateway', 'shopify', '--json'],
      env,
    );
    expect(JSON.parse(shopifyOnly.stdout).count).toBe(0);
    const future = await runCli(['billing', 'charges', '--brand', String(brandId), '--from', '2099-01-01'], env);
    expect(future.stdout.trim()).toBe('No charges.');
    const badDate = await runCli(['billing', 'charges', '--brand', String(brandId), '--from', 'yesterday-ish'], env);
    expect(badDate.code).toBe(1);
    expect(badDate.stderr).toContain('--from must be a date like 2026-11-01 (or an ISO time)');
  });

  it('shows the subscriptions and syncs them (pending checkout still open: nothing changes)', async () => {
    const subs = await runCli(['billing', 'subscriptions', '--brand', String(brandId)], env);
    expect(subs.stdout).toMatch(/pending_setup\s+plan \d+\s+stripe/);
    const sync = await runCli(['billing', 'sync', '--json'], env);
    expect(sync.code).toBe(0);
    const result = JSON.parse(sync.stdout);
    expect(result.errors).toBe(0);
    expect(result.brands.find((b: { brand_id: number }) => b.brand_id === brandId).subscriptions[0]).toMatchObject({
      gateway: 'stripe',
      from: 'pending_setup',
      to: 'pending_setup',
    });
  });

  it('explains every command with an example', async () => {
    for (const command of ['subscribe', 'change-plan', 'sync']) {
      const help = await runCli(['billing', command, '--help'], env);
      expect(help.stdout).toContain(`$ reclaim billing ${command}`);
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createIntegration } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

// `reclaim segments` and `reclaim campaigns` as a user runs them: the process, its output and exit
// code, and the rows it leaves (or does not leave, on bad input).

const t = useTestDatabase();
let brandId: number;
let segmentId: number;
let campaignId: number;

const cli = (args: string[]) => runCli(args, testEnv(t.url));
const workflows = async () => Number((await t.db('workflows').where({ brand_id: brandId }).count({ n: '*' }))[0]!.n);

beforeAll(async () => {
  brandId = (await createBrand(t.db)).id;
  await createIntegration(t.db, brandId);
});

describe('reclaim segments and campaigns', () => {
  it('creates a segment from a filter; a filter typed as SQL is refused and nothing is stored', async () => {
    const filter = JSON.stringify({ condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] });
    const created = await cli([
      'segments',
      'create',
      '--brand',
      String(brandId),
      '--name',
      'Buyers',
      '--filter',
      filter,
      '--json',
    ]);
    expect(created.code).toBe(0);
    const segment = JSON.parse(created.stdout);
    expect(segment).toMatchObject({ name: 'Buyers' });
    segmentId = segment.id;

    const sql = JSON.stringify({ condition: 'AND', rules: [{ sql: '1=1; drop table contacts; --' }] });
    const refused = await cli(['segments', 'create', '--brand', String(brandId), '--name', 'Bad', '--filter', sql]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Error: Failed to create filter/);
    expect(await t.db('filters').where({ brand_id: brandId, name: 'Bad' })).toHaveLength(0);
  }, 120_000);

  it('a time more than 15 minutes in the past is refused without a terminal or --yes, and nothing is created', async () => {
    const before = await workflows();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const args = ['campaigns', 'create', '--brand', String(brandId), '--segment', String(segmentId)];
    const refused = await cli([...args, '--message', 'Sale: {cart_link}', '--at', past]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('more than 15 minutes before its creation');
    expect(await workflows()).toBe(before);
  }, 120_000);

  it('creates, lists, shows and cancels a campaign, with --json in the brand API shape', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const created = await cli([
      'campaigns',
      'create',
      '--brand',
      String(brandId),
      '--segment',
      String(segmentId),
      '--name',
      'Black Friday',
      '--message',
      'Black Friday: 20% off {cart_link}',
      '--link',
      'https://shop.example.com/sale',
      '--at',
      at,
      '--json',
    ]);
    expect(created.code).toBe(0);
    const campaign = JSON.parse(created.stdout);
    expect(campaign).toMatchObject({
      brand_id: brandId,
      name: 'Black Friday',
      link_url: 'https://shop.example.com/sale',
      segment: { id: segmentId, name: 'Buyers' },
      progress: { state: 'scheduled', scheduled_for: at },
    });
    campaignId = campaign.id;

    const list = await cli(['campaigns', 'list', '--brand', String(brandId)]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${campaignId}\\s+scheduled.*Black Friday`));

    const shown = await cli(['campaigns', 'show', String(campaignId)]);
    expect(shown.stdout).toContain(`Campaign ${campaignId}: Black Friday (brand ${brandId}) - scheduled`);
    expect(shown.stdout).toContain('Segment:    ' + `${segmentId} Buyers`);

    const cancelled = await cli(['campaigns', 'cancel', String(campaignId), '--json']);
    expect(cancelled.code).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ id: campaignId, progress: { state: 'cancelled' } });
    const again = await cli(['campaigns', 'cancel', String(campaignId)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('Error: The campaign has already been sent or cancelled\n');
  }, 120_000);
});

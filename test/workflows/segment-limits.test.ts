/**
 * Segments cannot hang or crash: a tree too wide or too deep is refused by the schema with
 * 'Failed to create filter' and the reason (quickly, and without the validator recursing), a NUL in
 * a value is refused before it reaches PostgreSQL, and a preview or a freeze that runs past its
 * statement timeout ends with a clear error and changes nothing. The CLI exits 1 with the message.
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  createCampaign,
  createSegment,
  FAILED_TO_CREATE_FILTER,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_DEPTH,
  previewSegment,
  SEGMENT_TIMED_OUT,
  startDueRuns,
} from '../../src/workflows/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;

const orderCount = (value: number) => ({ field: 'order_count', op: 'gte', value });
/** `groups` groups of `each` conditions (at most 50 a group, as the schema has always said). */
const wide = (groups: number, each: number) => ({
  condition: 'OR',
  rules: Array.from({ length: groups }, (_, g) => ({
    condition: 'AND',
    rules: Array.from({ length: each }, (_, k) => orderCount(g + k)),
  })),
});
/** n × 50 × 50 conditions, three groups deep, each group within the 50 rules a group may hold. */
const cube = (n: number) => ({
  condition: 'OR',
  rules: Array.from({ length: n }, () => wide(50, 50)),
});
/** One condition at the bottom of `depth` nested groups. */
function deep(depth: number): unknown {
  let node: unknown = orderCount(1);
  for (let k = 0; k < depth; k += 1) node = { condition: 'AND', rules: [node] };
  return node;
}
const filters = async () => Number((await t.db('filters').count({ n: '*' }))[0]!.n);

async function refusal(filter: unknown): Promise<{ message: string; reason: string; ms: number }> {
  const started = Date.now();
  const error = await createSegment(ctx, { brandId, name: 'Too much', filter }).then(
    () => undefined,
    (e: unknown) => e as { message: string; details?: { reason?: string } },
  );
  expect(error, 'the filter was accepted').toBeDefined();
  return { message: error!.message, reason: String(error!.details?.reason), ms: Date.now() - started };
}

beforeAll(async () => {
  ctx = await t.context();
  brandId = (await createBrand(t.db)).id;
  await createIntegration(t.db, brandId);
});

describe('segments cannot hang or crash', () => {
  it('refuses 10,000 conditions quickly, with the spec text and the limit', async () => {
    const before = await filters();
    const { message, reason, ms } = await refusal(cube(4));
    expect(message).toBe(FAILED_TO_CREATE_FILTER);
    expect(reason).toContain(`at most ${MAX_FILTER_CONDITIONS} conditions`);
    expect(ms).toBeLessThan(2_000);
    expect(await filters()).toBe(before);
  });

  it('refuses 125,000 conditions (no database error)', async () => {
    const { message, reason } = await refusal(cube(50));
    expect(message).toBe(FAILED_TO_CREATE_FILTER);
    expect(reason).toContain(`at most ${MAX_FILTER_CONDITIONS} conditions`);
  });

  it('refuses a tree nested 1,000 deep without overflowing the stack', async () => {
    const { message, reason } = await refusal(deep(1_000));
    expect(message).toBe(FAILED_TO_CREATE_FILTER);
    expect(reason).toContain(`groups nest at most ${MAX_FILTER_DEPTH} deep`);
    expect(reason).not.toContain('RangeError');
  });

  it('refuses a NUL in any string value, naming where it is', async () => {
    for (const rule of [
      { field: 'tags', op: 'any', values: ['vip', 'a\u0000b'] },
      { field: 'consent_source', op: 'in', values: ['\u0000'] },
      { field: 'tap_to_text_keyword', op: 'in', values: ['JOIN\u0000'] },
    ]) {
      const { message, reason } = await refusal({ condition: 'AND', rules: [rule] });
      expect(message).toBe(FAILED_TO_CREATE_FILTER);
      expect(reason).toMatch(/rules\.0\.values\.\d: .*NUL/);
    }
  });

  it('the CLI exits 1 with the message for a deep tree, a wide tree and a NUL, never 2 with a stack', async () => {
    const dir = tmpdir();
    const cases: [unknown, string][] = [
      [deep(1_000), `groups nest at most ${MAX_FILTER_DEPTH} deep`],
      [cube(4), `at most ${MAX_FILTER_CONDITIONS} conditions`],
      [{ condition: 'AND', rules: [{ field: 'tags', op: 'any', values: ['a\u0000b'] }] }, 'NUL'],
    ];
    for (const [k, [filter, reason]] of cases.entries()) {
      const file = join(dir, `segment-limits-${process.pid}-${k}.json`);
      await writeFile(file, JSON.stringify(filter));
      const preview = ['segments', 'preview', '--brand', String(brandId), '--filter-file', file];
      const create = ['segments', 'create', '--brand', String(brandId), '--name', 'Bad', '--filter-file', file];
      // Each process costs seconds on a busy machine: create only for the deep tree, which crashed it.
      for (const command of k === 0 ? [preview, create] : [preview]) {
        const result = await runCli(command, testEnv(t.url));
        expect(result.code, result.stderr).toBe(1);
        expect(result.stderr).toMatch(/^Error: Failed to create filter\nReason: /);
        expect(result.stderr).toContain(reason);
        expect(result.stderr).not.toMatch(/RangeError|DatabaseError|\n {4}at /);
      }
    }
    expect(await t.db('filters').where({ name: 'Bad' })).toHaveLength(0);
  }, 240_000);

  describe('under a statement timeout', () => {
    let slowBrand: number;
    // A hundred conditions over thousands of contacts: far more than a millisecond of work.
    const slow = wide(2, 50);

    beforeAll(async () => {
      slowBrand = (await createBrand(t.db)).id;
      await createIntegration(t.db, slowBrand);
      await t.db.raw(
        `insert into contacts (brand_id, given_name, extra_data)
         select ?, 'c' || n, '{"group_name":"A"}'::jsonb from generate_series(1, 5000) n`,
        [slowBrand],
      );
    });

    it('a preview that runs past its timeout ends with a clear error', async () => {
      await expect(
        previewSegment(ctx, { brandId: slowBrand, filter: slow, statementTimeoutMs: 1 }),
      ).rejects.toMatchObject({ message: SEGMENT_TIMED_OUT, kind: 'invalid_input' });
      // The same preview with the default timeout answers.
      expect((await previewSegment(ctx, { brandId: slowBrand, filter: slow })).matching).toBe(0);
    });

    it('a freeze that runs past its timeout leaves the run scheduled, with no recipient', async () => {
      const now = new Date();
      const segment = await createSegment(ctx, { brandId: slowBrand, name: 'Slow', filter: slow });
      const campaign = await createCampaign(ctx, {
        brandId: slowBrand,
        segmentId: segment.id,
        message: 'Sale at {brand_name}',
        now,
      });
      const started = await startDueRuns(ctx, { now, statementTimeoutMs: 1 });
      const mine = started.find((r) => r.workflowId === campaign.id);
      expect(mine).toMatchObject({ timedOut: true, targeted: 0, queued: 0 });
      const runs = await t.db('workflow_runs').where({ workflow_id: campaign.id });
      expect(runs.map((r: { state: string }) => r.state)).toEqual(['scheduled']);
      expect(
        await t.db('workflow_run_recipients').whereIn(
          'run_id',
          runs.map((r: { id: number }) => r.id),
        ),
      ).toEqual([]);
      // The next pass, with the default timeout, freezes it.
      const again = await startDueRuns(ctx, { now });
      expect(again.find((r) => r.workflowId === campaign.id)).toMatchObject({ targeted: 0 });
      expect((await t.db('workflow_runs').where({ workflow_id: campaign.id }).first()).state).not.toBe('scheduled');
    });
  });
});

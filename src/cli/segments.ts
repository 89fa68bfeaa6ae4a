import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { requireBrand } from '../accounts/index.ts';
import { AppError } from '../app/index.ts';
import {
  createSegment,
  EXCLUSION_LABELS,
  FAILED_TO_CREATE_FILTER,
  FILTER_FIELDS,
  getSegment,
  listSegments,
  previewSegment,
  type SegmentPreview,
  type SegmentView,
} from '../workflows/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

const FILTER_HELP = `a JSON condition tree: {"condition":"AND","rules":[{"field":"order_count","op":"gte","value":2}, …]}; fields: ${FILTER_FIELDS.join(', ')}`;

/** The filter JSON of --filter or --filter-file; bad JSON is 'Failed to create filter' with the reason. */
async function filterFrom(opts: { filter?: string; filterFile?: string }): Promise<unknown> {
  const text = opts.filterFile !== undefined ? await readFile(opts.filterFile, 'utf8') : opts.filter;
  if (text === undefined) throw new AppError('invalid_input', 'Give the filter with --filter or --filter-file.');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('invalid_input', FAILED_TO_CREATE_FILTER, {
      code: 'invalid_filter',
      details: { reason: `the filter is not JSON (${(error as Error).message})` },
    });
  }
}

const segmentLines = (s: SegmentView): string[] => [
  `Segment ${s.id}: ${s.name} (brand ${s.brandId}, created ${s.createdAt})`,
  `Filter: ${JSON.stringify(s.filter)}`,
  `SQL:    ${s.sql}`,
];

const previewLines = (p: SegmentPreview): string[] => [
  `Matching contacts: ${p.matching}`,
  `Reachable:         ${p.reachable}`,
  'Excluded:',
  ...Object.entries(p.excluded).map(
    ([reason, n]) => `  ${EXCLUSION_LABELS[reason as keyof typeof EXCLUSION_LABELS].padEnd(26)} ${n}`,
  ),
  ...(p.sample.length
    ? ['Sample:', ...p.sample.map((s) => `  contact ${s.contactId}  ${s.phone}  ${s.givenName ?? ''}`.trimEnd())]
    : []),
];

export function segmentsCommand(): Command {
  const segments = withExamples(
    new Command('segments').description("a brand's segments: saved condition trees over its contacts"),
    `reclaim segments create --brand 1 --name "Repeat buyers" --filter '{"condition":"AND","rules":[{"field":"order_count","op":"gte","value":2}]}'`,
    'reclaim segments preview 3 --brand 1',
  );

  withExamples(
    segments
      .command('create')
      .description('a new segment (the filter is validated and compiled; its SQL is kept for audit)')
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption('--name <name>', 'segment name')
      .option('--filter <json>', FILTER_HELP)
      .option('--filter-file <path>', 'the filter JSON in a file')
      .option('--json', 'print the segment as JSON'),
    `reclaim segments create --brand 1 --name "Florida VIPs" --filter '{"condition":"AND","rules":[{"field":"state","op":"in","values":["FL"]},{"field":"tags","op":"any","values":["vip"]}]}'`,
  ).action(
    action(async (opts: { brand: string; name: string; filter?: string; filterFile?: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      const filter = await filterFrom(opts);
      await withContext(async (ctx) => {
        const created = await createSegment(ctx, { brandId, name: opts.name, filter });
        if (opts.json) return printJson(created);
        printLines('Created.', ...segmentLines(created));
      });
    }),
  );

  withExamples(
    segments
      .command('list')
      .description("the brand's segments")
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim segments list --brand 1',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const list = await listSegments(ctx, { brandId });
        if (opts.json) return printJson({ segments: list, count: list.length });
        printLines(list.length ? list.map((s) => `${String(s.id).padStart(5)}  ${s.name}`).join('\n') : 'No segments.');
      });
    }),
  );

  withExamples(
    segments
      .command('show <id>')
      .description('one segment with its filter and the SQL Reclaim compiled from it')
      .option('--brand <id>', 'only if it belongs to this brand')
      .option('--json', 'print as JSON'),
    'reclaim segments show 3 --brand 1',
  ).action(
    action(async (id: string, opts: { brand?: string; json?: boolean }) => {
      const query = { id: parseIntegerFlag('id', id), brandId: optionalInteger('--brand', opts.brand) };
      await withContext(async (ctx) => {
        await requireBrand(ctx.db, query.brandId);
        const segment = await getSegment(ctx, query);
        if (opts.json) return printJson(segment);
        printLines(...segmentLines(segment));
      });
    }),
  );

  withExamples(
    segments
      .command('preview [id]')
      .description('how many contacts match now, how many can be texted, why the others cannot, and a masked sample')
      .requiredOption('--brand <id>', 'brand id')
      .option('--filter <json>', 'preview a filter without saving it')
      .option('--filter-file <path>', 'the filter JSON in a file')
      .option('--json', 'print as JSON'),
    'reclaim segments preview 3 --brand 1',
    `reclaim segments preview --brand 1 --filter '{"condition":"OR","rules":[{"field":"contact_group","op":"in","values":["A"]}]}'`,
  ).action(
    action(
      async (id: string | undefined, opts: { brand: string; filter?: string; filterFile?: string; json?: boolean }) => {
        const brandId = parseIntegerFlag('--brand', opts.brand);
        const segmentId = id === undefined ? undefined : parseIntegerFlag('id', id);
        const filter = segmentId === undefined ? await filterFrom(opts) : undefined;
        await withContext(async (ctx) => {
          await requireBrand(ctx.db, brandId);
          const preview = await previewSegment(ctx, { brandId, id: segmentId, filter });
          if (opts.json) return printJson(preview);
          printLines(...previewLines(preview));
        });
      },
    ),
  );
  return segments;
}

/**
 * Segment use cases: create (validated, compiled, the SQL kept for audit), list, show, preview
 * (how many match, how many of them can be texted, why the others cannot, and a masked sample),
 * and the audience a campaign or a scheduled run freezes. A stored filter is always compiled
 * again from its JSON before it runs; the stored SQL text is never executed.
 */
import { AppError, type AppContext } from '../../app/index.ts';
import { maskUsername } from '../../contacts/index.ts';
import type { Handle } from '../../db/index.ts';
import { getBrand } from '../store.ts';
import {
  compileFilter,
  EXCLUSION_REASONS,
  TEXAS_AREA_CODES,
  usAreaCodes,
  exclusionOf,
  FAILED_TO_CREATE_FILTER,
  FILTER_NOT_FOUND,
  parseFilter,
  PREVIEW_STATEMENT_TIMEOUT_MS,
  RECENTLY_TEXTED_HOURS,
  SEGMENT_TIMED_OUT,
  type ExclusionReason,
  type FilterGroup,
} from './rules.ts';
import {
  audienceCounts,
  audienceRows,
  brandTexasCompliance,
  deleteFilter,
  findFilter,
  insertFilter,
  listFilters,
  reachableSample,
  segmentUsers,
  updateFilter,
  type FilterRow,
} from './store.ts';

type Ctx = Pick<AppContext, 'db'>;

export const PREVIEW_SAMPLE_SIZE = 5;

export interface SegmentView {
  id: number;
  brandId: number;
  name: string;
  filter: FilterGroup;
  sql: string;
  createdAt: string;
}

const toView = (row: FilterRow): SegmentView => ({
  id: row.id,
  brandId: row.brand_id,
  name: row.name ?? '',
  filter: row.filter,
  sql: row.sql ?? '',
  createdAt: new Date(row.created_at).toISOString(),
});

/** The filter's JSON parsed, or 'Failed to create filter' with the reasons. */
export function validFilter(input: unknown): FilterGroup {
  const parsed = parseFilter(input);
  if (!parsed.ok)
    throw new AppError('invalid_input', FAILED_TO_CREATE_FILTER, {
      code: 'invalid_filter',
      details: { reason: parsed.issues.join('; ') },
    });
  return parsed.filter;
}

/** PostgreSQL's SQLSTATE for a statement cancelled, here by its statement_timeout. */
const QUERY_CANCELED = '57014';
export const isStatementTimeout = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === QUERY_CANCELED;

/** 'The segment took too long to evaluate', with the limit and what to do. */
export function segmentTimedOut(what: string, timeoutMs: number, cause?: unknown): AppError {
  return new AppError('invalid_input', SEGMENT_TIMED_OUT, {
    code: 'segment_timed_out',
    details: {
      reason: `${what} ran longer than ${timeoutMs / 1000} s and was stopped; nothing was changed. Use fewer or narrower conditions.`,
    },
    cause,
  });
}

/**
 * Runs `fn` in a transaction whose statements stop after `timeoutMs` (SET LOCAL: until the
 * transaction ends; given an open transaction, until that one ends).
 */
export async function withStatementTimeout<T>(
  db: Handle,
  timeoutMs: number,
  fn: (tx: Handle) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    return fn(tx);
  });
}

async function assertBrand(db: Handle, brandId: number): Promise<void> {
  if (!(await getBrand(db, brandId))) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
}

export async function createSegment(
  ctx: Ctx,
  { brandId, name, filter }: { brandId: number; name: string; filter: unknown },
): Promise<SegmentView> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 200 || trimmed.includes('\u0000'))
    throw new AppError('invalid_input', FAILED_TO_CREATE_FILTER, {
      code: 'invalid_filter',
      details: { reason: 'a name of 1 to 200 characters, with no NUL character, is required' },
    });
  const tree = validFilter(filter);
  await assertBrand(ctx.db, brandId);
  const { sql } = compileFilter(tree, { now: new Date(0) });
  try {
    return toView(await insertFilter(ctx.db, { brandId, name: trimmed, filter: tree, sql }));
  } catch (error) {
    throw new AppError('internal', FAILED_TO_CREATE_FILTER, { code: 'filter_not_created', cause: error });
  }
}

export async function listSegments(ctx: Ctx, { brandId }: { brandId: number }): Promise<SegmentView[]> {
  await assertBrand(ctx.db, brandId);
  return (await listFilters(ctx.db, { brandId })).map(toView);
}

export async function getSegment(ctx: Ctx, { brandId, id }: { brandId?: number; id: number }): Promise<SegmentView> {
  const row = await findFilter(ctx.db, { brandId, id });
  if (!row) throw new AppError('not_found', FILTER_NOT_FOUND, { code: 'filter_not_found' });
  return toView(row);
}

export interface AudienceMember {
  contactId: number;
  channelId: number | null;
  username: string | null;
  givenName: string | null;
  /** Why it is not texted; null: reachable. */
  excluded: ExclusionReason | null;
}

/** Every contact of the brand the filter matches at `now`, each reachable or excluded with the reason. */
export async function segmentAudience(
  db: Handle,
  {
    brandId,
    filter,
    now,
    recentHours = RECENTLY_TEXTED_HOURS,
    statementTimeoutMs = PREVIEW_STATEMENT_TIMEOUT_MS,
  }: {
    brandId: number;
    filter: FilterGroup;
    now: Date;
    /** 0: texted recently or not, all are reachable. */ recentHours?: number;
    /** How long the audience query may run before it is stopped with SEGMENT_TIMED_OUT. */
    statementTimeoutMs?: number;
  },
): Promise<AudienceMember[]> {
  const texasCompliance = await brandTexasCompliance(db, brandId);
  if (texasCompliance === undefined) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  const compiled = compileFilter(validFilter(filter), { now });
  const rows = await withStatementTimeout(db, statementTimeoutMs, (tx) =>
    audienceRows(tx, { brandId, compiled, now, recentHours: Math.max(recentHours, 0) }),
  ).catch((error: unknown) => {
    throw isStatementTimeout(error) ? segmentTimedOut('The segment', statementTimeoutMs, error) : error;
  });
  return rows.map((r) => ({
    contactId: r.contact_id,
    channelId: r.channel_id,
    username: r.username,
    givenName: r.given_name,
    excluded: exclusionOf(
      {
        username: r.username,
        status: r.status,
        blocked: r.blocked,
        recentlyTexted: recentHours > 0 && r.recently_texted,
        unconfirmed: r.unconfirmed,
      },
      { texasCompliance },
    ),
  }));
}

export interface SegmentPreview {
  segmentId: number | null;
  matching: number;
  reachable: number;
  excluded: Record<ExclusionReason, number>;
  sample: { contactId: number; phone: string; givenName: string | null }[];
}

export const countExclusions = (members: AudienceMember[]): Record<ExclusionReason, number> => {
  const counts = Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])) as Record<ExclusionReason, number>;
  for (const m of members) if (m.excluded) counts[m.excluded] += 1;
  return counts;
};

/**
 * A saved segment (id) or a filter not saved yet (filter), as the brand's contacts are now: counted
 * in SQL with the reasons the campaign freeze gives (so the count is the audience a campaign sent
 * now would target), and a masked sample of reachable contacts.
 */
export async function previewSegment(
  ctx: Ctx,
  input: {
    brandId: number;
    id?: number;
    filter?: unknown;
    now?: Date;
    /** Default PREVIEW_STATEMENT_TIMEOUT_MS. */
    statementTimeoutMs?: number;
    /** Leave out contacts texted in the last 24 h (smart sending; default true). */
    smartSending?: boolean;
  },
): Promise<SegmentPreview> {
  const now = input.now ?? new Date();
  const saved = input.id === undefined ? undefined : await getSegment(ctx, { brandId: input.brandId, id: input.id });
  const filter = saved ? saved.filter : validFilter(input.filter);
  const texasCompliance = await brandTexasCompliance(ctx.db, input.brandId);
  if (texasCompliance === undefined) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  const timeoutMs = input.statementTimeoutMs ?? PREVIEW_STATEMENT_TIMEOUT_MS;
  const reasons = {
    brandId: input.brandId,
    compiled: compileFilter(filter, { now }),
    now,
    recentHours: input.smartSending === false ? 0 : RECENTLY_TEXTED_HOURS,
    texasCompliance,
    usAreaCodes: usAreaCodes(),
    texasAreaCodes: TEXAS_AREA_CODES,
  };
  const { counts, sample } = await withStatementTimeout(ctx.db, timeoutMs, async (tx) => {
    // The sample stops at its first reachable contacts: index lookups per contact suit it.
    const sample = await reachableSample(tx, { ...reasons, limit: PREVIEW_SAMPLE_SIZE });
    // The count reads every contact of the brand once: JIT compiling costs more than it saves, the
    // planner misjudges the rows a jsonb condition keeps (and would look each contact's channel up
    // by index), and parallel workers only add hand-off on a busy database server. Hash joins over
    // the brand's contacts and channels, in one process (EXPLAIN ANALYZE in bench/README.md).
    await tx.raw('set local jit = off');
    await tx.raw('set local enable_nestloop = off');
    await tx.raw('set local max_parallel_workers_per_gather = 0');
    return { counts: await audienceCounts(tx, reasons), sample };
  }).catch((error: unknown) => {
    throw isStatementTimeout(error) ? segmentTimedOut('The segment', timeoutMs, error) : error;
  });
  const excluded = Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, 0])) as Record<ExclusionReason, number>;
  let matching = 0;
  let reachable = 0;
  for (const { reason, count } of counts) {
    matching += count;
    if (reason === null) reachable += count;
    else excluded[reason as ExclusionReason] = (excluded[reason as ExclusionReason] ?? 0) + count;
  }
  return {
    segmentId: saved?.id ?? null,
    matching,
    reachable,
    excluded,
    sample: sample.map((m) => ({ contactId: m.contactId, phone: maskUsername(m.username), givenName: m.givenName })),
  };
}

const checkedName = (name: string): string => {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 200 || trimmed.includes('\u0000'))
    throw new AppError('invalid_input', FAILED_TO_CREATE_FILTER, {
      code: 'invalid_filter',
      details: { reason: 'a name of 1 to 200 characters, with no NUL character, is required' },
    });
  return trimmed;
};

/** A new name and/or a new condition tree for a saved segment (validated and compiled like a new one). */
export async function updateSegment(
  ctx: Ctx,
  { brandId, id, name, filter }: { brandId: number; id: number; name?: string; filter?: unknown },
): Promise<SegmentView> {
  const newName = name === undefined ? undefined : checkedName(name);
  const tree = filter === undefined ? undefined : validFilter(filter);
  await getSegment(ctx, { brandId, id });
  const sql = tree ? compileFilter(tree, { now: new Date(0) }).sql : undefined;
  const row = await updateFilter(ctx.db, { brandId, id, name: newName, filter: tree, sql });
  if (!row) throw new AppError('not_found', FILTER_NOT_FOUND, { code: 'filter_not_found' });
  return toView(row);
}

export interface SegmentUse {
  workflowId: number;
  name: string;
  type: string;
  /** What the use is, in words: "a scheduled campaign", "a draft campaign", "an active scheduled flow", … */
  what: string;
  /** True when it blocks a delete: a campaign not sent or cancelled, a flow that is not paused. */
  blocking: boolean;
}

function useOf(u: Awaited<ReturnType<typeof segmentUsers>>[number]): SegmentUse {
  if (u.type === 'campaign') {
    const state = u.run_state ?? 'draft';
    const blocking = state === 'draft' || state === 'scheduled' || state === 'sending';
    const words: Record<string, string> = {
      draft: 'a draft campaign',
      scheduled: 'a scheduled campaign',
      sending: 'a campaign that is sending',
      sent: 'a sent campaign',
      cancelled: 'a cancelled campaign',
    };
    return { workflowId: u.workflow_id, name: u.name, type: u.type, what: words[state] ?? 'a campaign', blocking };
  }
  const kind = u.type === 'schedule' ? 'scheduled flow' : 'workflow';
  const running = u.status === 'active' && !u.is_paused;
  return {
    workflowId: u.workflow_id,
    name: u.name,
    type: u.type,
    what: running ? `an active ${kind}` : u.status === 'draft' ? `a draft ${kind}` : `a paused ${kind}`,
    blocking: running || u.status === 'draft',
  };
}

/** The campaigns and flows that use each of the brand's segments. */
export async function segmentUses(
  ctx: Ctx,
  { brandId, ids }: { brandId: number; ids: number[] },
): Promise<Map<number, SegmentUse[]>> {
  const out = new Map<number, SegmentUse[]>(ids.map((id) => [id, []]));
  for (const u of await segmentUsers(ctx.db, { brandId, filterIds: ids })) out.get(u.filter_id)?.push(useOf(u));
  return out;
}

export const SEGMENT_IN_USE = 'The segment is in use';

/**
 * Deletes a segment, refused (conflict, with the reason) while a campaign not sent or cancelled, or a
 * flow that is running or a draft, uses it: deleting it would leave that campaign or flow without
 * its audience.
 */
export async function deleteSegment(
  ctx: Ctx,
  { brandId, id }: { brandId: number; id: number },
): Promise<{ id: number; name: string }> {
  const segment = await getSegment(ctx, { brandId, id });
  const blocking = ((await segmentUses(ctx, { brandId, ids: [id] })).get(id) ?? []).filter((u) => u.blocking);
  if (blocking.length > 0)
    throw new AppError(
      'conflict',
      `${SEGMENT_IN_USE}: ${blocking.map((u) => `${u.what} “${u.name}”`).join(', ')} texts it. Cancel or change ${blocking.length === 1 ? 'it' : 'them'} first.`,
      { code: 'segment_in_use' },
    );
  await deleteFilter(ctx.db, { brandId, id });
  return { id, name: segment.name };
}

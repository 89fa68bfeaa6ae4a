/**
 * SQL for segments: the filters and flow_filters rows, and the audience of a compiled filter (each
 * matching contact with its best SMS channel and whether it was texted recently). The predicate
 * comes from compileFilter (rules.ts) with its bindings; nothing here puts a user's value in SQL text.
 */
import type { Handle } from '../../db/index.ts';
import { EXCLUSION_REASONS, type CompiledFilter, type FilterGroup } from './rules.ts';

export interface FilterRow {
  id: number;
  brand_id: number;
  name: string | null;
  filter: FilterGroup;
  sql: string | null;
  node_id: string | null;
  type: string | null;
  created_at: Date;
  updated_at: Date;
}

const toFilterRow = (row: Record<string, unknown>): FilterRow =>
  ({ ...row, id: Number(row.id), brand_id: Number(row.brand_id) }) as unknown as FilterRow;

export async function insertFilter(
  db: Handle,
  write: {
    brandId: number;
    name: string;
    filter: FilterGroup;
    sql: string;
    nodeId?: string | null;
    type?: string | null;
  },
): Promise<FilterRow> {
  const [row] = await db('filters')
    .insert({
      brand_id: write.brandId,
      name: write.name,
      filter: JSON.stringify(write.filter),
      sql: write.sql,
      node_id: write.nodeId ?? null,
      type: write.type ?? 'segment',
    })
    .returning('*');
  return toFilterRow(row as Record<string, unknown>);
}

export async function listFilters(db: Handle, { brandId }: { brandId: number }): Promise<FilterRow[]> {
  return (await db('filters').where({ brand_id: brandId }).orderBy('id')).map(toFilterRow);
}

export async function findFilter(
  db: Handle,
  { brandId, id }: { brandId?: number; id: number },
): Promise<FilterRow | undefined> {
  const row = await db('filters')
    .where({ id })
    .modify((q) => (brandId === undefined ? q : q.andWhere({ brand_id: brandId })))
    .first();
  return row ? toFilterRow(row) : undefined;
}

/** Attaches a filter to a workflow (node_id: where in the flow; type: its role, e.g. audience). */
export async function attachFilter(
  db: Handle,
  { workflowId, filterId, nodeId, type }: { workflowId: number; filterId: number; nodeId: string; type: string },
): Promise<void> {
  await db('flow_filters').where({ workflow_id: workflowId, node_id: nodeId }).delete();
  await db('flow_filters').insert({ workflow_id: workflowId, filter_id: filterId, node_id: nodeId, type });
}

/** The filter attached to a workflow at a node, if any. */
export async function filterOfWorkflow(
  db: Handle,
  { workflowId, nodeId }: { workflowId: number; nodeId: string },
): Promise<FilterRow | undefined> {
  const row = await db('flow_filters as ff')
    .join('filters as f', 'f.id', 'ff.filter_id')
    .where({ 'ff.workflow_id': workflowId, 'ff.node_id': nodeId })
    .orderBy('ff.id', 'desc')
    .first('f.*');
  return row ? toFilterRow(row) : undefined;
}

export async function brandTexasCompliance(db: Handle, brandId: number): Promise<boolean | undefined> {
  const row = await db('brands')
    .where({ id: brandId })
    .first<{ extra_data: Record<string, unknown> } | undefined>('extra_data');
  return row ? row.extra_data?.texas_compliance === true : undefined;
}

export interface AudienceRow {
  contact_id: number;
  given_name: string | null;
  channel_id: number | null;
  username: string | null;
  status: string | null;
  blocked: boolean;
  recently_texted: boolean;
  unconfirmed: boolean;
}

/** The contact's best SMS channel: usable (+1, subscribed, not blocked) first, then +1 ones, newest. */
const CHANNEL_LATERAL = `left join lateral (
    select x.id, x.username, x.status, x.consent_source, x.last_engaged_at,
           coalesce((x.extra_data->>'blocked')::boolean, false) as blocked,
           (x.extra_data->'tap_to_text_pending') is not null as unconfirmed
      from contact_channels x
     where x.contact_id = c.id and x.type = 'sms'
     order by (x.status = 'subscribed' and not coalesce((x.extra_data->>'blocked')::boolean, false) and x.username like '+1%') desc,
              (x.username like '+1%') desc, x.id desc
     limit 1) ch on true`;

/** A channel's rank for CHANNEL_LATERAL's order: usable, then +1, then newest (no column is null). */
const rank = (x: string): string =>
  `((${x}.status = 'subscribed' and not coalesce((${x}.extra_data->>'blocked')::boolean, false) and ${x}.username like '+1%'), (${x}.username like '+1%'), ${x}.id)`;

/**
 * The same best SMS channel as CHANNEL_LATERAL, for a whole brand at once (one binding: the brand
 * id): the brand's SMS channels no other SMS channel of the same contact outranks, joined by
 * contact id. With nested loops off it is two scans of the brand's channels and hash joins, instead
 * of an index lookup and a sort per contact (the segment count; see bench:campaign).
 */
const CHANNEL_BEST_JOIN = `left join (
    select x.id, x.contact_id, x.username, x.status, x.consent_source, x.last_engaged_at,
           coalesce((x.extra_data->>'blocked')::boolean, false) as blocked,
           (x.extra_data->'tap_to_text_pending') is not null as unconfirmed
      from contact_channels x
     where x.brand_id = ? and x.type = 'sms'
       and not exists (
         select 1 from contact_channels y
          where y.brand_id = x.brand_id and y.contact_id = x.contact_id and y.type = 'sms' and y.id <> x.id
            and ${rank('y')} > ${rank('x')})) ch on ch.contact_id = c.id`;

/**
 * The brand's contacts the filter matches, by contact id, with their channel and whether a text
 * went out to it in the last `recentHours` before `now`.
 */
export async function audienceRows(
  db: Handle,
  {
    brandId,
    compiled,
    now,
    recentHours,
  }: { brandId: number; compiled: CompiledFilter; now: Date; recentHours: number },
): Promise<AudienceRow[]> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select c.id as contact_id, c.given_name, ch.id as channel_id, ch.username, ch.status, coalesce(ch.blocked, false) as blocked, coalesce(ch.unconfirmed, false) as unconfirmed,
            (ch.id is not null and exists (
               select 1 from conversations v join conversation_messages m on m.conversation_id = v.id
                where v.contact_channel_id = ch.id and m.direction = 'outgoing' and m.sent_at is not null
                  and m.sent_at >= ?::timestamptz - make_interval(hours => ?) and m.sent_at <= ?::timestamptz)) as recently_texted
       from contacts c ${CHANNEL_LATERAL}
      where c.brand_id = ? and ${compiled.sql}
      order by c.id`,
    [now, recentHours, now, brandId, ...compiled.bindings],
  );
  return rows.map((r) => ({
    contact_id: Number(r.contact_id),
    given_name: (r.given_name as string | null) ?? null,
    channel_id: r.channel_id === null ? null : Number(r.channel_id),
    username: (r.username as string | null) ?? null,
    status: (r.status as string | null) ?? null,
    blocked: r.blocked === true,
    recently_texted: r.recently_texted === true,
    unconfirmed: r.unconfirmed === true,
  }));
}

export interface FrozenAudience {
  targeted: number;
  queued: number;
}

/** What decides a matching contact's reason (exclusionOf's order, in SQL). */
export interface ReasonInput {
  now: Date;
  recentHours: number;
  texasCompliance: boolean;
  usAreaCodes: readonly string[];
  texasAreaCodes: readonly string[];
}

/**
 * The reason a matching contact is not texted, decided in SQL in the order exclusionOf (rules.ts)
 * decides it (null: reachable): no number, unsubscribed or blocked, no +1 number (the shape, and an
 * area code that exists), Texas without the brand's compliance, awaiting its Y, texted recently,
 * and (`once`: a campaign texts a contact once, whatever its runs) queued by another run.
 */
function reasonCase(input: ReasonInput, once?: { workflowId: number | null; runId: number }) {
  return {
    sql: `case when ch.username is null then 'no_us_number'
                   when ch.blocked or ch.status is distinct from 'subscribed' then 'unsubscribed'
                   when ch.username !~ '^[+]1[2-9][0-9]{2}[2-9][0-9]{6}$' or not (substr(ch.username, 3, 3) = any(?::text[])) then 'no_us_number'
                   when not ?::boolean and substr(ch.username, 3, 3) = any(?::text[]) then 'texas'
                   when ch.unconfirmed then 'unconfirmed'
                   when ?::int > 0 and exists (
                     select 1 from conversations v join conversation_messages m on m.conversation_id = v.id
                      where v.contact_channel_id = ch.id and m.direction = 'outgoing' and m.sent_at is not null
                        and m.sent_at >= ?::timestamptz - make_interval(hours => ?::int) and m.sent_at <= ?::timestamptz) then 'recently_texted'${
                          once
                            ? `
                   when c.id in (
                     select e.contact_id from workflow_runs x join workflow_run_recipients e on e.run_id = x.id
                      where x.workflow_id = ?::bigint and x.id <> ? and e.outcome = 'queued') then 'already_texted'`
                            : ''
                        }
              end`,
    bindings: [
      input.usAreaCodes,
      input.texasCompliance,
      input.texasAreaCodes,
      input.recentHours,
      input.now,
      input.recentHours,
      input.now,
      ...(once ? [once.workflowId, once.runId] : []),
    ] as unknown[],
  };
}

/**
 * How many of the brand's contacts the filter matches, by reason (null: reachable), counted in one
 * statement with the freeze's own reasons: the segment count the panel shows is the audience a
 * campaign would freeze now.
 */
export async function audienceCounts(
  db: Handle,
  input: ReasonInput & { brandId: number; compiled: CompiledFilter },
): Promise<{ reason: string | null; count: number }[]> {
  const reason = reasonCase(input);
  // One aggregate with a count per reason: no grouping, so no sort of the brand's contacts.
  const { rows } = await db.raw<{ rows: Record<string, number>[] }>(
    `select count(*)::int as matching, count(*) filter (where a.reason is null)::int as reachable,
            ${EXCLUSION_REASONS.map((r) => `count(*) filter (where a.reason = '${r}')::int as ${r}`).join(', ')}
       from (select ${reason.sql} as reason
               from contacts c ${CHANNEL_BEST_JOIN}
              where c.brand_id = ? and ${input.compiled.sql}
             offset 0) a`,
    [...reason.bindings, input.brandId, input.brandId, ...input.compiled.bindings] as never[],
  );
  const row = rows[0] ?? {};
  return [
    { reason: null, count: Number(row.reachable ?? 0) },
    ...EXCLUSION_REASONS.map((r) => ({ reason: r, count: Number(row[r] ?? 0) })),
  ];
}

/** The first `limit` reachable contacts the filter matches that the scan meets (a sample: no sort). */
export async function reachableSample(
  db: Handle,
  input: ReasonInput & { brandId: number; compiled: CompiledFilter; limit: number },
): Promise<{ contactId: number; username: string; givenName: string | null }[]> {
  const reason = reasonCase(input);
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select c.id as contact_id, ch.username, c.given_name
       from contacts c ${CHANNEL_LATERAL}
      where c.brand_id = ? and ${input.compiled.sql} and (${reason.sql}) is null
      limit ?`,
    [input.brandId, ...input.compiled.bindings, ...reason.bindings, input.limit] as never[],
  );
  return rows.map((r) => ({
    contactId: Number(r.contact_id),
    username: String(r.username),
    givenName: (r.given_name as string | null) ?? null,
  }));
}

/** The filter rows of the brand by id, with the workflows that use each (name, type, state of its latest run). */
export async function segmentUsers(
  db: Handle,
  { brandId, filterIds }: { brandId: number; filterIds: number[] },
): Promise<
  {
    filter_id: number;
    workflow_id: number;
    name: string;
    type: string;
    status: string;
    is_paused: boolean;
    run_state: string | null;
  }[]
> {
  if (filterIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select ff.filter_id, w.id as workflow_id, w.name, w.type, w.status, w.is_paused,
            (select r.state from workflow_runs r where r.workflow_id = w.id order by r.scheduled_for desc limit 1) as run_state
       from flow_filters ff join workflows w on w.id = ff.workflow_id
      where w.brand_id = ? and ff.filter_id = any(?::bigint[])
      order by w.id`,
    [brandId, filterIds] as never[],
  );
  return rows.map((r) => ({
    filter_id: Number(r.filter_id),
    workflow_id: Number(r.workflow_id),
    name: String(r.name),
    type: String(r.type),
    status: String(r.status),
    is_paused: r.is_paused === true,
    run_state: (r.run_state as string | null) ?? null,
  }));
}

export async function updateFilter(
  db: Handle,
  {
    brandId,
    id,
    name,
    filter,
    sql,
  }: { brandId: number; id: number; name?: string; filter?: FilterGroup; sql?: string },
): Promise<FilterRow | undefined> {
  const [row] = await db('filters')
    .where({ id, brand_id: brandId })
    .update({
      ...(name !== undefined ? { name } : {}),
      ...(filter !== undefined ? { filter: JSON.stringify(filter), sql } : {}),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return row ? toFilterRow(row as Record<string, unknown>) : undefined;
}

export async function deleteFilter(db: Handle, { brandId, id }: { brandId: number; id: number }): Promise<number> {
  return db('filters').where({ id, brand_id: brandId }).delete();
}

/**
 * Freezes a run's audience in one statement: every contact the filter matches becomes a recipient
 * row of the run, queued or excluded with the reason (reasonCase), and (`onceWorkflowId`) a
 * contact queued by another run of the campaign is left out. A contact already in the run is left
 * as it is.
 */
export async function insertAudienceRecipients(
  db: Handle,
  input: ReasonInput & {
    brandId: number;
    runId: number;
    compiled: CompiledFilter;
    onceWorkflowId: number | null;
  },
): Promise<FrozenAudience> {
  const reason = reasonCase(input, { workflowId: input.onceWorkflowId, runId: input.runId });
  // offset 0: the audience is not folded into the insert, so each contact's reason is worked out once.
  const { rows } = await db.raw<{ rows: { targeted: number; queued: number }[] }>(
    `with audience as (
       select c.id as contact_id, ch.id as channel_id,
              ${reason.sql} as reason
         from contacts c ${CHANNEL_LATERAL}
        where c.brand_id = ? and ${input.compiled.sql}
       offset 0),
     written as (
       insert into workflow_run_recipients (brand_id, run_id, contact_id, contact_channel_id, outcome, reason)
       select ?, ?, a.contact_id, a.channel_id, case when a.reason is null then 'queued' else 'excluded' end, a.reason
         from audience a
       on conflict (run_id, contact_id) do nothing
       returning outcome)
     select count(*)::int as targeted, (count(*) filter (where outcome = 'queued'))::int as queued from written`,
    [...reason.bindings, input.brandId, ...input.compiled.bindings, input.brandId, input.runId] as never[],
  );
  return { targeted: Number(rows[0]?.targeted ?? 0), queued: Number(rows[0]?.queued ?? 0) };
}

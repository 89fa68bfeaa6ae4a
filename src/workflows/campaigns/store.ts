/**
 * SQL for workflow runs (a campaign's one send, a scheduled flow's ticks) and their frozen
 * recipients, and the counts behind a run's progress.
 */
import type { Handle } from '../../db/index.ts';
import { toWorkflowRow, type WorkflowRow } from '../store.ts';
import type { MessageTally, RunState } from './rules.ts';

export interface RunRow {
  id: number;
  brand_id: number;
  workflow_id: number;
  scheduled_for: Date;
  state: RunState;
  targeted: number;
  started_at: Date | null;
  finished_at: Date | null;
  cancelled_at: Date | null;
  extra_data: Record<string, unknown>;
  created_at: Date;
}

const toRun = (row: Record<string, unknown>): RunRow =>
  ({
    ...row,
    id: Number(row.id),
    brand_id: Number(row.brand_id),
    workflow_id: Number(row.workflow_id),
    targeted: Number(row.targeted),
  }) as unknown as RunRow;

/** A run for this tick; undefined when the workflow already has one at that time. */
export async function insertRun(
  db: Handle,
  write: { brandId: number; workflowId: number; scheduledFor: Date; extra?: Record<string, unknown> },
): Promise<RunRow | undefined> {
  const [row] = await db('workflow_runs')
    .insert({
      brand_id: write.brandId,
      workflow_id: write.workflowId,
      scheduled_for: write.scheduledFor,
      extra_data: JSON.stringify(write.extra ?? {}),
    })
    .onConflict(['workflow_id', 'scheduled_for'])
    .ignore()
    .returning('*');
  return row ? toRun(row) : undefined;
}

export async function runsOfWorkflow(db: Handle, workflowId: number): Promise<RunRow[]> {
  return (await db('workflow_runs').where({ workflow_id: workflowId }).orderBy('scheduled_for')).map(toRun);
}

export async function latestRunsOfBrand(db: Handle, brandId: number, type: string): Promise<Map<number, RunRow>> {
  const rows = await db('workflow_runs as r')
    .join('workflows as w', 'w.id', 'r.workflow_id')
    .where({ 'r.brand_id': brandId, 'w.type': type })
    .distinctOn('r.workflow_id')
    .orderBy([{ column: 'r.workflow_id' }, { column: 'r.scheduled_for', order: 'desc' }])
    .select('r.*');
  return new Map(rows.map((r: Record<string, unknown>) => [Number(r.workflow_id), toRun(r)]));
}

export async function updateRun(
  db: Handle,
  id: number,
  write: Partial<Pick<RunRow, 'scheduled_for' | 'state' | 'targeted' | 'started_at' | 'finished_at' | 'cancelled_at'>>,
  { fromStates }: { fromStates?: RunState[] } = {},
): Promise<RunRow | undefined> {
  const [row] = await db('workflow_runs')
    .where({ id })
    .modify((q) => (fromStates ? q.whereIn('state', fromStates) : q))
    .update({ ...write, updated_at: db.fn.now() })
    .returning('*');
  return row ? toRun(row) : undefined;
}

/**
 * Claims the due runs of these workflow types (at most `limit`): scheduled, due by `now`, moved to
 * sending in the same statement (SKIP LOCKED), so two workers never start the same run.
 */
export async function claimDueRuns(
  db: Handle,
  {
    now,
    types,
    limit = null,
    skip = [],
  }: { now: Date; types: string[]; limit?: number | null; /** Run ids left alone this time. */ skip?: number[] },
): Promise<RunRow[]> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `update workflow_runs r set state = 'sending', started_at = ?, updated_at = now()
      where r.id in (
        select x.id from workflow_runs x join workflows w on w.id = x.workflow_id
         where x.state = 'scheduled' and x.scheduled_for <= ? and w.type = any(?::text[])
           and not (x.id = any(?::bigint[]))
         order by x.scheduled_for, x.id
         limit ?
         for update of x skip locked)
      returning r.*`,
    [now, now, types, skip, limit] as never[],
  );
  return rows.map(toRun);
}

export interface ClaimedRecipient {
  id: number;
  runId: number;
  workflowId: number;
  startedAt: Date;
  contactId: number;
  channelId: number | null;
  givenName: string | null;
}

/**
 * Claims up to `limit` queued recipients that have no conversation yet, of runs still sending.
 * The runs are share-locked first (a cancel, which updates the run, waits for the claims in
 * flight and then sees their texts; locking runs before recipients, as the cancel does, keeps the
 * two from deadlocking), then the recipients FOR UPDATE SKIP LOCKED, so two workers never claim
 * the same one. Runs inside the claiming transaction, which also links each one to its conversation.
 */
export async function claimUnstartedRecipients(
  tx: Handle,
  { limit, runIds }: { limit: number; runIds?: readonly number[] },
): Promise<ClaimedRecipient[]> {
  const { rows: runs } = await tx.raw<{ rows: { id: string }[] }>(
    `select x.id from workflow_runs x
      where x.state = 'sending' and (?::bigint[] is null or x.id = any(?::bigint[]))
        and exists (select 1 from workflow_run_recipients r
                     where r.run_id = x.id and r.outcome = 'queued' and r.conversation_id is null)
      order by x.id
      for share of x`,
    [runIds ?? null, runIds ?? null] as never[],
  );
  if (runs.length === 0) return [];
  const { rows } = await tx.raw<{ rows: Record<string, unknown>[] }>(
    `select r.id, r.run_id, x.workflow_id, x.started_at, r.contact_id, c.id is not null as contact_exists,
            ch.id as contact_channel_id, c.given_name
       from (select r.* from workflow_run_recipients r
              where r.run_id = any(?::bigint[]) and r.outcome = 'queued' and r.conversation_id is null
              order by r.run_id, r.id
              limit ?
              for update of r skip locked) r
       join workflow_runs x on x.id = r.run_id
       left join contacts c on c.id = r.contact_id
       left join contact_channels ch on ch.id = r.contact_channel_id and ch.contact_id = r.contact_id
      order by r.run_id, r.id`,
    [runs.map((r) => Number(r.id)), limit] as never[],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    runId: Number(r.run_id),
    workflowId: Number(r.workflow_id),
    startedAt: new Date(r.started_at as Date),
    contactId: Number(r.contact_id),
    // A contact gone since the freeze has no channel either: the recipient is left out.
    channelId: r.contact_channel_id === null || r.contact_exists !== true ? null : Number(r.contact_channel_id),
    givenName: (r.given_name as string | null) ?? null,
  }));
}

/** Links claimed recipients to their new conversations (one statement). */
export async function linkRecipientConversations(
  db: Handle,
  links: { id: number; conversationId: number }[],
): Promise<void> {
  if (links.length === 0) return;
  await db.raw(
    `update workflow_run_recipients r set conversation_id = l.conversation_id
       from unnest(?::bigint[], ?::bigint[]) l(id, conversation_id)
      where r.id = l.id`,
    [links.map((l) => l.id), links.map((l) => l.conversationId)] as never[],
  );
}

/** Recipients left out after the freeze (claimed without a channel, or not started when the run was cancelled). */
export async function excludeRecipients(
  db: Handle,
  { runId, ids, reason }: { runId?: number; ids?: number[]; reason: string },
): Promise<number> {
  return db('workflow_run_recipients')
    .where({ outcome: 'queued' })
    .whereNull('conversation_id')
    .modify((q) => (runId === undefined ? q : q.andWhere({ run_id: runId })))
    .modify((q) => (ids === undefined ? q : q.whereIn('id', ids)))
    .update({ outcome: 'excluded', reason });
}

/** Whether any run still has queued recipients without their text (the send path has more to do). */
export async function hasUnstartedRecipients(db: Handle): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { any: boolean }[] }>(
    `select exists (select 1 from workflow_run_recipients r join workflow_runs x on x.id = r.run_id
                     where x.state = 'sending' and r.outcome = 'queued' and r.conversation_id is null) as any`,
  );
  return rows[0]?.any === true;
}

export interface RunCounts {
  excluded: { reason: string; count: number }[];
  queued: number;
  /** Queued recipients whose text the send path has not written yet. */
  unstarted: number;
  messages: MessageTally[];
  clicked: number;
  replied: number;
  recovered: number;
  recoveredRevenue: number;
  /** Texts held by their number's daily cap, and when the first of them goes. */
  dailyCap?: { count: number; until: Date | null };
}

/** The counts of one run at `now` (see tallyProgress). */
export async function runCounts(
  db: Handle,
  { runId, workflowId, now }: { runId: number; workflowId: number; now: Date },
): Promise<RunCounts> {
  const recipients = await db('workflow_run_recipients')
    .where({ run_id: runId })
    .groupBy('outcome', 'reason')
    .select('outcome', 'reason', db.raw('count(*)::int as count'));
  const [unstarted] = await db('workflow_run_recipients')
    .where({ run_id: runId, outcome: 'queued' })
    .whereNull('conversation_id')
    .count<{ count: string }[]>('* as count');
  const { rows: messages } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select m.status, m.extra_data->>'skip_reason' as skip_reason,
            (m.status in ('auto_queued', 'queued') and m.scheduled_for > ?) as held, count(*)::int as count
       from workflow_run_recipients r
       join conversation_messages m on m.conversation_id = r.conversation_id
      where r.run_id = ? and m.direction = 'outgoing' and m.extra_data->>'workflow_message' = 'true'
      group by 1, 2, 3`,
    [now, runId],
  );
  const { rows: capped } = await db.raw<{ rows: { count: number; until: Date | null }[] }>(
    `select count(*)::int as count, min(m.scheduled_for) as until
       from workflow_run_recipients r
       join conversation_messages m on m.conversation_id = r.conversation_id
      where r.run_id = ? and m.direction = 'outgoing' and m.status in ('auto_queued', 'queued')
        and m.scheduled_for > ? and m.status_reason like 'daily\\_cap:%'`,
    [runId, now],
  );
  const { rows: engaged } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select
       (select count(distinct sl.conversation_id)::int from workflow_run_recipients r
          join short_links sl on sl.conversation_id = r.conversation_id
          join link_clicks lc on lc.short_link_id = sl.id where r.run_id = ?) as clicked,
       (select count(distinct m.conversation_id)::int from workflow_run_recipients r
          join conversation_messages m on m.conversation_id = r.conversation_id
         where r.run_id = ? and m.direction = 'incoming') as replied,
       (select count(*)::int from orders o join workflow_run_recipients r on r.contact_id = o.contact_id and r.run_id = ?
         where o.workflow_id = ? and o.recovered_at is not null) as recovered,
       (select coalesce(sum(o.total), 0)::float8 from orders o join workflow_run_recipients r on r.contact_id = o.contact_id and r.run_id = ?
         where o.workflow_id = ? and o.recovered_at is not null) as revenue`,
    [runId, runId, runId, workflowId, runId, workflowId],
  );
  const e = engaged[0] ?? {};
  return {
    excluded: recipients
      .filter((r: { outcome: string }) => r.outcome === 'excluded')
      .map((r: { reason: string | null; count: number }) => ({
        reason: r.reason ?? 'excluded',
        count: Number(r.count),
      })),
    queued: recipients
      .filter((r: { outcome: string }) => r.outcome === 'queued')
      .reduce((s: number, r: { count: number }) => s + Number(r.count), 0),
    unstarted: Number(unstarted?.count ?? 0),
    messages: messages.map((m) => ({
      status: String(m.status),
      skipReason: (m.skip_reason as string | null) ?? null,
      held: m.held === true,
      count: Number(m.count),
    })),
    clicked: Number(e.clicked ?? 0),
    replied: Number(e.replied ?? 0),
    recovered: Number(e.recovered ?? 0),
    recoveredRevenue: Number(e.revenue ?? 0),
    dailyCap: { count: Number(capped[0]?.count ?? 0), until: capped[0]?.until ?? null },
  };
}

export async function findSmsChannel(
  db: Handle,
  { brandId, username }: { brandId: number; username: string },
): Promise<{ id: number; contactId: number } | undefined> {
  const row = await db('contact_channels')
    .where({ brand_id: brandId, username, type: 'sms' })
    .first<{ id: string; contact_id: string } | undefined>('id', 'contact_id');
  return row ? { id: Number(row.id), contactId: Number(row.contact_id) } : undefined;
}

/** A message's status and why (its skip reason or status reason). */
export async function messageOutcome(db: Handle, id: number): Promise<{ status: string; reason: string | null }> {
  const row = await db('conversation_messages').where({ id }).first('status', 'status_reason', 'extra_data');
  return {
    status: String(row?.status ?? ''),
    reason: (row?.extra_data?.skip_reason as string | undefined) ?? (row?.status_reason as string | null) ?? null,
  };
}

export interface ChannelState {
  username: string;
  status: string;
  extra_data: Record<string, unknown>;
  given_name: string | null;
}

export async function findChannelState(
  db: Handle,
  { brandId, channelId }: { brandId: number; channelId: number },
): Promise<ChannelState | undefined> {
  const row = await db('contact_channels as ch')
    .join('contacts as c', 'c.id', 'ch.contact_id')
    .where({ 'ch.id': channelId, 'ch.brand_id': brandId })
    .first<ChannelState | undefined>('ch.username', 'ch.status', 'ch.extra_data', 'c.given_name');
  return row;
}

/** The brand's active, unpaused tap-to-text flow with this keyword (upper case), within its dates. */
export async function tapToTextFlowByKeyword(
  db: Handle,
  { brandId, keyword, now }: { brandId: number; keyword: string; now: Date },
): Promise<WorkflowRow | undefined> {
  const row = await db('workflows as w')
    .leftJoin('brand_integrations as bi', 'bi.id', 'w.brand_integration_id')
    .leftJoin('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'w.brand_id': brandId, 'w.type': 'tap_to_text', 'w.status': 'active', 'w.is_paused': false })
    .whereRaw(`upper(w.extra_data->>'keyword') = ?`, [keyword])
    .where((q) => q.whereNull('w.starts_at').orWhere('w.starts_at', '<=', now))
    .where((q) => q.whereNull('w.ends_at').orWhere('w.ends_at', '>', now))
    .first('w.*', 'i.slug as platform');
  return row ? toWorkflowRow(row) : undefined;
}

/** A contact's source changed, only while it is still `from` (a contact made by a tap-to-text keyword). */
export async function setContactSource(
  db: Handle,
  { brandId, contactId, from, to }: { brandId: number; contactId: number; from: string; to: string },
): Promise<void> {
  await db('contacts')
    .where({ id: contactId, brand_id: brandId, source: from })
    .update({ source: to, updated_at: db.fn.now() });
}

export interface RecoveredOrderRow {
  id: number;
  number: string | null;
  total: number;
  currency: string;
  recovered_at: Date;
  conversation_id: number | null;
}

/** The orders recovered by a run's recipients for the campaign, newest first (at most `limit`). */
export async function recoveredOrdersOfRun(
  db: Handle,
  { runId, workflowId, limit }: { runId: number; workflowId: number; limit: number },
): Promise<RecoveredOrderRow[]> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    `select o.id, o.number, o.total, o.currency, o.recovered_at, r.conversation_id
       from orders o join workflow_run_recipients r on r.contact_id = o.contact_id and r.run_id = ?
      where o.workflow_id = ? and o.recovered_at is not null
      order by o.recovered_at desc, o.id desc
      limit ?`,
    [runId, workflowId, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    number: (r.number as string | null) ?? null,
    total: Number(r.total),
    currency: String(r.currency ?? 'USD'),
    recovered_at: new Date(r.recovered_at as Date),
    conversation_id: r.conversation_id === null ? null : Number(r.conversation_id),
  }));
}

/**
 * Moving a registration from one automation_state to the next. Every move is one transaction that
 * checks the state it leaves (under the row's lock), records the finished step in the ledger,
 * writes the new state and queues the job of the next step, so a crash leaves either the old state
 * with its job or the new one with the next job, and a repeated move (a job run twice, a webhook
 * and a poll reporting the same change) changes nothing.
 */
import { AppError, type AppContext } from '../../app/index.ts';
import { withTransaction, type Tx } from '../../db/index.ts';
import { realSleep, type Sleep } from '../../http/index.ts';
import { enqueueJob } from '../../jobs/index.ts';
import { raiseTenDlcManualIntervention } from '../../notifications/index.ts';
import { registrationClient, type RegistrationClient } from './client.ts';
import { rejectionMessage } from './rules.ts';
import {
  decideTransition,
  REGISTRATION_STATES,
  STEP_OF_STATE,
  type RegistrationState,
  type RegistrationStep,
  type StatusEvent,
} from './states.ts';
import { findRegistration, patchSettings, recordStep, type RegistrationRow } from './store.ts';

export const STEP_TASK = 'messaging:registration-step';

export interface RegistrationOptions {
  /** The pause between pages of Infobip lists (1 s); tests pass one that returns at once. */
  sleep?: Sleep;
  client?: RegistrationClient;
}

export interface Metadata {
  round?: number;
  since?: string;
  last_updated?: string;
  error_message?: string | null;
  manual_intervention_reason?: string | null;
  failed_from?: RegistrationState | null;
  lastStatusUpdate?: { status: string; source: string; at: string } | null;
  [key: string]: unknown;
}

export const stateOf = (row: RegistrationRow): RegistrationState | undefined => {
  const state = row.settings.automation_state;
  return REGISTRATION_STATES.includes(state as RegistrationState) ? (state as RegistrationState) : undefined;
};
export const metadataOf = (row: RegistrationRow): Metadata =>
  (typeof row.settings.automation_metadata === 'object' && row.settings.automation_metadata !== null
    ? row.settings.automation_metadata
    : {}) as Metadata;
export const roundOf = (row: RegistrationRow): number => metadataOf(row).round ?? 0;
export const text = (row: RegistrationRow, key: string): string | undefined =>
  typeof row.settings[key] === 'string' && row.settings[key] !== '' ? (row.settings[key] as string) : undefined;

/** The Infobip registration client from the configuration ('Infobip is not configured' otherwise). */
export function clientFor(ctx: AppContext, options: RegistrationOptions = {}): RegistrationClient {
  if (options.client) return options.client;
  const { INFOBIP_BASE_URL, INFOBIP_API_KEY } = ctx.config;
  if (!INFOBIP_BASE_URL || !INFOBIP_API_KEY)
    throw new AppError('invalid_input', 'Infobip is not configured: set INFOBIP_BASE_URL and INFOBIP_API_KEY.', {
      code: 'infobip_not_configured',
    });
  return registrationClient({
    baseUrl: INFOBIP_BASE_URL,
    apiKey: INFOBIP_API_KEY,
    logger: ctx.logger,
    sleep: options.sleep ?? realSleep,
  });
}

export async function enqueueStep(
  db: Parameters<typeof enqueueJob>[0],
  { brandIntegrationId, step, round }: { brandIntegrationId: number; step: RegistrationStep; round: number },
): Promise<void> {
  await enqueueJob(
    db,
    STEP_TASK,
    { brandIntegrationId, step, round },
    { jobKey: `tendlc:${brandIntegrationId}:${round}:${step}`, maxAttempts: 10 },
  );
}

export interface Move {
  from: RegistrationState;
  to: RegistrationState;
  /** The ledger entry of this move; a move whose entry exists already changes nothing. */
  step: string;
  patch?: Record<string, unknown>;
  metadata?: Partial<Metadata>;
  columns?: { status?: string; is_enabled?: boolean };
  /** Work inside the move's transaction (say disconnecting the old provider). */
  also?: (tx: Tx, row: RegistrationRow) => Promise<Record<string, unknown> | void>;
}

/** Applies a move if the registration is still in `from`; true when it did. */
export async function move(ctx: AppContext, id: number, round: number, m: Move): Promise<boolean> {
  const moved = await withTransaction(ctx.db, async (tx) => {
    const row = await findRegistration(tx, id, { lock: true });
    if (!row || stateOf(row) !== m.from || roundOf(row) !== round) return undefined;
    const extra = (await m.also?.(tx, row)) ?? {};
    if (!(await recordStep(tx, id, round, m.step, { to: m.to, ...extra }))) return undefined;
    const now = new Date().toISOString();
    const metadata: Metadata = {
      ...metadataOf(row),
      round,
      since: now,
      last_updated: now,
      ...(m.to === 'manual_intervention' ? {} : { error_message: null, manual_intervention_reason: null }),
      ...m.metadata,
    };
    await patchSettings(tx, id, { ...m.patch, automation_state: m.to, automation_metadata: metadata }, m.columns);
    const next = STEP_OF_STATE[m.to];
    if (next) await enqueueStep(tx, { brandIntegrationId: id, step: next, round });
    if (m.to === 'manual_intervention')
      await raiseTenDlcManualIntervention(tx, {
        brandId: row.brand_id,
        brandIntegrationId: id,
        reason: metadata.manual_intervention_reason ?? 'Registration needs an operator',
        since: new Date(now),
      });
    return row;
  });
  if (moved)
    ctx.logger.info(
      { brand_id: moved.brand_id, brand_integration_id: id, from: m.from, to: m.to, step: m.step },
      '10DLC registration moved',
    );
  return moved !== undefined;
}

/** Sends a registration in `from` to manual_intervention with the reason (the spec's message). */
export async function toManualIntervention(
  ctx: AppContext,
  row: RegistrationRow,
  {
    from,
    reason,
    step,
    patch,
  }: { from: RegistrationState; reason: string; step: string; patch?: Record<string, unknown> },
): Promise<boolean> {
  ctx.logger.warn({ brand_id: row.brand_id, brand_integration_id: row.id, from, reason }, '10DLC manual intervention');
  return move(ctx, row.id, roundOf(row), {
    from,
    to: 'manual_intervention',
    step,
    patch,
    metadata: { error_message: reason, manual_intervention_reason: reason, failed_from: from },
  });
}

/**
 * A status Infobip reported (webhook or poll) applied to the registration: the spec's table. A
 * status that does not apply to the current state is only logged.
 */
export async function applyStatusEvent(
  ctx: AppContext,
  row: RegistrationRow,
  event: StatusEvent,
  source: 'webhook' | 'poll',
): Promise<'processed' | 'skipped'> {
  const state = stateOf(row);
  const decision = decideTransition(state, event, rejectionMessage);
  const lastStatusUpdate = { status: event.status, source, at: new Date().toISOString() };
  const log = ctx.logger.child({ brand_id: row.brand_id, brand_integration_id: row.id, source });
  if ('log' in decision) {
    log.info({ kind: event.kind, status: event.status }, `10DLC status noted: ${decision.log}`);
    return 'skipped';
  }
  const step = `${event.kind}_status:${event.status.toUpperCase()}`;
  const from = state!;
  const moved =
    decision.to === 'manual_intervention'
      ? await toManualIntervention(ctx, row, {
          from,
          reason: decision.reason,
          step,
          patch: event.kind === 'brand' ? { is_infobip_brand_approved: false } : undefined,
        })
      : await move(ctx, row.id, roundOf(row), {
          from,
          to: decision.to,
          step,
          patch: decision.to === 'create_campaign_pending' ? { is_infobip_brand_approved: true } : undefined,
          metadata: { lastStatusUpdate, failed_from: null },
        });
  return moved ? 'processed' : 'skipped';
}

/**
 * The shopper agent's service: its settings per brand, `agent run` (every shopper text of the last
 * 24 hours still awaiting a decision), the decisions, one decision explained in words, and the hand
 * back of a conversation a person took over. Every input is a zod schema beside its function; the
 * brand API and the CLI reuse them.
 */
import { z } from 'zod';
import { AppError, validInput, type AppContext } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import type { DecideOptions } from './decide.ts';
import { decideText } from './decide-texts.ts';
import { AGENT_MODES, DEFAULT_SETTINGS, DECISIONS, REASONS, type AgentMode, type ReasonCode } from './rules.ts';
import { brandExists, readSettings, writeSettings, type SettingsRow } from './store.ts';
import {
  conversationOfBrand,
  findDecision,
  handBack,
  listDecisionRows,
  undecidedTexts,
  type DecisionRow,
} from './store-decisions.ts';

export const AGENT_MESSAGES = {
  brandNotFound: 'Brand not found',
  decisionNotFound: 'No agent decision for this message',
  conversationNotFound: 'Conversation not found',
} as const;

const id = z.coerce.number().int().positive();

/** A brand's agent settings: the stored row (defaults where none) without its time. */
export type AgentSettings = Omit<SettingsRow, 'updated_at'>;

async function requireBrand(db: Handle, brandId: number): Promise<void> {
  if (!(await brandExists(db, brandId))) throw new AppError('not_found', AGENT_MESSAGES.brandNotFound);
}

export const agentSettingsInput = z.object({ brandId: id });

export async function getAgentSettings(db: Handle, input: z.input<typeof agentSettingsInput>): Promise<AgentSettings> {
  const { brandId } = validInput(agentSettingsInput, input);
  await requireBrand(db, brandId);
  const row = await readSettings(db, brandId);
  return {
    brand_id: brandId,
    mode: row?.mode ?? DEFAULT_SETTINGS.mode,
    disclosure: row?.disclosure ?? null,
    holding_reply: row?.holding_reply ?? null,
    max_replies_per_day: row?.max_replies_per_day ?? DEFAULT_SETTINGS.maxRepliesPerDay,
    human_pause_hours: row?.human_pause_hours ?? DEFAULT_SETTINGS.humanPauseHours,
  };
}

/** An empty text clears the disclosure or the holding reply. */
const optionalText = z
  .string()
  .trim()
  .max(160, 'At most 160 characters.')
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

export const updateAgentSettingsInput = z.object({
  brandId: id,
  mode: z.enum(AGENT_MODES).optional(),
  disclosure: optionalText,
  holdingReply: optionalText,
  maxRepliesPerDay: z.coerce.number().int().min(0).max(100).optional(),
  humanPauseHours: z.coerce.number().int().min(1).max(720).optional(),
});
export type UpdateAgentSettingsInput = z.input<typeof updateAgentSettingsInput>;

export async function updateAgentSettings(db: Handle, input: UpdateAgentSettingsInput): Promise<AgentSettings> {
  const { brandId, mode, disclosure, holdingReply, maxRepliesPerDay, humanPauseHours } = validInput(
    updateAgentSettingsInput,
    input,
  );
  await requireBrand(db, brandId);
  const patch = Object.fromEntries(
    Object.entries({
      mode,
      disclosure,
      holding_reply: holdingReply,
      max_replies_per_day: maxRepliesPerDay,
      human_pause_hours: humanPauseHours,
    }).filter(([, v]) => v !== undefined),
  );
  await writeSettings(db, brandId, patch);
  return getAgentSettings(db, { brandId });
}

/** One decision as `agent decisions` and the API show it. */
export interface DecisionView {
  decision_id: number;
  message_id: number;
  conversation_id: number;
  decision: DecisionRow['decision'];
  reply: string | null;
  sources: number[];
  confidence: number;
  reason: string;
  mode: AgentMode;
  delivery: string | null;
  delivery_reason: string | null;
  reply_message_id: number | null;
  escalation_id: number | null;
  writer: 'offline' | 'model';
  created_at: string;
}

export const decisionView = (r: DecisionRow): DecisionView => ({
  decision_id: r.id,
  message_id: r.message_id,
  conversation_id: r.conversation_id,
  decision: r.decision,
  reply: r.reply,
  sources: r.sources,
  confidence: r.confidence,
  reason: r.reason,
  mode: r.mode,
  delivery: r.delivery,
  delivery_reason: r.delivery_reason,
  reply_message_id: r.reply_message_id,
  escalation_id: r.escalation_id,
  writer: r.writer,
  created_at: new Date(r.created_at).toISOString(),
});

export const listAgentDecisionsInput = z.object({
  brandId: id,
  since: z.coerce.date().optional(),
  conversationId: id.optional(),
  decision: z.enum(DECISIONS).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type ListAgentDecisionsInput = z.input<typeof listAgentDecisionsInput>;

/** The brand's decisions, newest first. */
export async function listAgentDecisions(db: Handle, input: ListAgentDecisionsInput): Promise<DecisionView[]> {
  const filter = validInput(listAgentDecisionsInput, input);
  await requireBrand(db, filter.brandId);
  const rows = await listDecisionRows(db, filter);
  return rows.filter((r) => !filter.decision || r.decision === filter.decision).map(decisionView);
}

export const explainDecisionInput = z.object({ messageId: id, brandId: id.optional() });

/** The decision on one shopper text, and why, in words. */
export async function explainDecision(
  db: Handle,
  input: z.input<typeof explainDecisionInput>,
): Promise<DecisionView & { explanation: string[] }> {
  const { messageId, brandId } = validInput(explainDecisionInput, input);
  const row = await findDecision(db, { messageId, brandId });
  if (!row) throw new AppError('not_found', AGENT_MESSAGES.decisionNotFound);
  return { ...decisionView(row), explanation: explanationOf(row) };
}

const pct = (n: number): string => `${Math.round(n * 100)}%`;

export function explanationOf(row: DecisionRow): string[] {
  const r = row.reading as {
    topic?: { value: string | null; confidence: number };
    sentiment?: { value: string; confidence: number };
    small_talk?: { value: boolean; confidence: number };
  };
  const lines = [`Decision: ${row.decision} (mode ${row.mode}).`, REASONS[row.reason as ReasonCode] ?? row.reason];
  if (r.topic)
    lines.push(
      `Read as: ${r.topic.value ?? 'small talk'} (${pct(r.topic.confidence)}), sentiment ${r.sentiment?.value ?? '?'}.`,
    );
  if (row.sources.length > 0)
    lines.push(`Sources: KB card ${row.sources.map((s) => `#${s}`).join(', ')}; confidence ${pct(row.confidence)}.`);
  if (row.writer === 'model') lines.push('Written by the model from the cards, checked by the grounding validator.');
  if (row.reply) lines.push(`Reply: "${row.reply}"`);
  if (row.delivery === 'queued') lines.push(`Queued for sending as message ${row.reply_message_id}.`);
  if (row.delivery === 'draft') lines.push('Kept as a draft for a person to send, edit or discard.');
  if (row.delivery === 'not_sent') lines.push(`Not sent: ${row.delivery_reason}`);
  if (row.escalation_id !== null) lines.push(`Escalation #${row.escalation_id}.`);
  return lines;
}

export const runAgentInput = z.object({ brandId: id.optional(), limit: z.coerce.number().int().min(1).default(1000) });

/** Decides every shopper text of the last 24 hours still awaiting a decision (brands whose agent is on). */
export async function runAgent(
  ctx: AppContext,
  input: z.input<typeof runAgentInput>,
  options: DecideOptions = {},
): Promise<DecisionView[]> {
  const { brandId, limit } = validInput(runAgentInput, input);
  if (brandId !== undefined) await requireBrand(ctx.db, brandId);
  const now = options.now ?? new Date();
  const ids = await undecidedTexts(ctx.db, { brandId, since: new Date(now.getTime() - 24 * 3_600_000), limit });
  const out: DecisionView[] = [];
  for (const messageId of ids) {
    const row = await decideText(ctx, { messageId }, options);
    if (row) out.push(decisionView(row));
  }
  return out;
}

export const handBackInput = z.object({ brandId: id, conversationId: id, userId: id.optional() });

/** Hands a conversation a person took over back to the agent (from now on). */
export async function handBackConversation(
  db: Handle,
  input: z.input<typeof handBackInput>,
  now = new Date(),
): Promise<{ conversation_id: number; handed_back_at: string }> {
  const { brandId, conversationId, userId } = validInput(handBackInput, input);
  if (!(await conversationOfBrand(db, { brandId, conversationId })))
    throw new AppError('not_found', AGENT_MESSAGES.conversationNotFound);
  await handBack(db, { brandId, conversationId, userId: userId ?? null, at: now });
  return { conversation_id: conversationId, handed_back_at: now.toISOString() };
}

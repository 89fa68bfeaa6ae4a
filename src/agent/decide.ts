/**
 * The decision on one shopper text (the 'agent:decide' job queued by the inbound path, and `agent
 * run`): the message understanding's reading, the brand's published cards ranked by full-text search
 * and covered-question confidence, the rules of rules.ts, then the effects: the decision recorded;
 * an answer (or the brand's holding reply on an escalation) queued as a conversational reply through
 * the send job in `auto`, kept as a draft in `draft`; an escalation recorded, the team notified in
 * the panel and on Slack when connected. Nothing is recorded while the brand's agent is off.
 */
import { isAppError, type AppContext } from '../app/index.ts';
import { queueAgentReply } from '../conversations/index.ts';
import { llmFromConfig, understand, type LlmProvider, type Understanding } from '../insights/index.ts';
import { escalate } from './escalate.ts';
import { writeWithModel } from './model.ts';
import {
  coverage,
  decide,
  DEFAULT_SETTINGS,
  effectiveMode,
  fitToSms,
  MODEL_THRESHOLD,
  withDisclosure,
  type Candidate,
  type Decision,
  type InboundAction,
  type ReasonCode,
} from './rules.ts';
import {
  agentReplies,
  findDecision,
  findText,
  insertDecision,
  lexemesOf,
  matchingCards,
  openEscalation,
  personReplied,
  readSettings,
  updateDecision,
  type DecisionRow,
} from './store.ts';

/** Cards ranked by full-text search that are scored for coverage. */
export const RETRIEVE_LIMIT = 8;

export interface DecideOptions {
  now?: Date;
  /** The model (default: from LLM_BASE_URL and LLM_MODEL; null: offline). */
  llm?: LlmProvider | null;
}

/** The brand's published cards that best cover the question, best first. */
export async function rankCards(
  ctx: Pick<AppContext, 'db'>,
  { brandId, text }: { brandId: number; text: string },
): Promise<Candidate[]> {
  const lexemes = await lexemesOf(ctx.db, text);
  const cards = await matchingCards(ctx.db, { brandId, lexemes, limit: RETRIEVE_LIMIT });
  return cards
    .map((c, i) => ({
      cardId: c.id,
      title: c.title,
      content: c.content,
      confidence: coverage(lexemes, { lexemes: c.lexemes, titleLexemes: c.title_lexemes }),
      i,
    }))
    .sort((a, b) => b.confidence - a.confidence || a.i - b.i)
    .map(({ i: _i, ...c }) => c);
}

const readingOf = (u: Understanding): Record<string, unknown> => ({
  topic: u.topic,
  stage: u.stage,
  intent: u.intent,
  sentiment: u.sentiment,
  question: u.question,
  small_talk: u.smallTalk,
  opt_out: u.optOut,
  person: u.person,
  product: u.product,
  order: u.order,
});

/** Decides on one stored shopper text; null when the brand's agent is off (or the text is not a shopper's). */
export async function decideText(
  ctx: AppContext,
  { messageId }: { messageId: number },
  options: DecideOptions = {},
): Promise<DecisionRow | null> {
  const done = await findDecision(ctx.db, { messageId });
  if (done) return done;
  const text = await findText(ctx.db, messageId);
  if (!text) return null;
  const stored = await readSettings(ctx.db, text.brand_id);
  const settings = {
    mode: stored?.mode ?? DEFAULT_SETTINGS.mode,
    disclosure: stored?.disclosure ?? null,
    holdingReply: stored?.holding_reply ?? null,
    maxRepliesPerDay: stored?.max_replies_per_day ?? DEFAULT_SETTINGS.maxRepliesPerDay,
    humanPauseHours: stored?.human_pause_hours ?? DEFAULT_SETTINGS.humanPauseHours,
  };
  const mode = effectiveMode(settings.mode, text.agents_response);
  if (mode === 'off') return null;
  const now = options.now ?? new Date();
  const reading = understand(text.body, {
    cart: { products: text.cart_products, ordered: text.cart_ordered },
    lastOutgoing: text.last_outgoing,
  });
  const action = (['opt_out', 'help', 'opt_in'].includes(text.action) ? text.action : 'reply') as InboundAction;
  const replying = action === 'reply';
  const [humanActive, replies, candidates] = await Promise.all([
    replying
      ? personReplied(ctx.db, { conversationId: text.conversation_id, at: now, hours: settings.humanPauseHours })
      : false,
    agentReplies(ctx.db, { conversationId: text.conversation_id, at: now }),
    replying ? rankCards(ctx, { brandId: text.brand_id, text: text.body }) : [],
  ]);
  let decision: Decision = decide({
    action,
    text: text.body,
    reading: { ...reading, topic: reading.topic },
    humanActive,
    repliesToday: replies.today,
    maxRepliesPerDay: settings.maxRepliesPerDay,
    candidate: candidates[0] ?? null,
  });
  let reply: string | null = null;
  let writer: 'offline' | 'model' = 'offline';
  const llm = options.llm === undefined ? llmFromConfig(ctx) : options.llm;
  const forModel = candidates.filter((c) => c.confidence >= MODEL_THRESHOLD).slice(0, 3);
  if (llm && (decision.reason === 'card' || decision.reason === 'no_card') && forModel.length > 0) {
    writer = 'model';
    const cart = [...text.cart_products, text.last_outgoing ?? ''].filter(Boolean).join('\n');
    const out = await writeWithModel(llm, { question: text.body, cards: forModel, cart });
    const best = forModel[0]!.confidence;
    if (out.kind === 'answered') {
      decision = { decision: 'answered', reason: 'card', confidence: best, sources: out.sources };
      reply = out.answer;
    } else {
      const reason: ReasonCode = out.kind === 'refused' ? 'invalid_model_answer' : 'model_declined';
      decision = { decision: 'escalated', reason, confidence: best, sources: forModel.map((c) => c.cardId) };
    }
  } else if (decision.decision === 'answered') {
    reply = fitToSms(candidates[0]!.content, text.body);
  }
  const hadOpen = decision.decision === 'escalated' ? await openEscalation(ctx.db, text.conversation_id) : null;
  if (decision.decision === 'escalated' && decision.reason !== 'cap' && hadOpen === null && mode === 'auto')
    reply = settings.holdingReply;
  if (reply !== null) reply = withDisclosure(reply, settings.disclosure, replies.ever === 0);

  const row = await insertDecision(ctx.db, {
    brand_id: text.brand_id,
    conversation_id: text.conversation_id,
    message_id: text.id,
    decision: decision.decision,
    mode,
    reply,
    delivery: reply === null ? null : mode === 'draft' ? 'draft' : null,
    delivery_reason: null,
    reply_message_id: null,
    sources: decision.sources,
    confidence: decision.confidence,
    reason: decision.reason,
    reading: readingOf(reading),
    escalation_id: null,
    writer,
  });
  if (!row) return (await findDecision(ctx.db, { messageId }))!;
  if (decision.decision === 'escalated')
    row.escalation_id = await escalate(ctx, { decision: row, question: text.body, open: hadOpen });
  if (reply !== null && mode === 'auto') Object.assign(row, await deliver(ctx, row, reply, now));
  return row;
}

/** Queues the reply through the send job; a channel that may not be texted, or a text too old, is recorded as not sent. */
async function deliver(
  ctx: AppContext,
  row: DecisionRow,
  reply: string,
  now: Date,
): Promise<Pick<DecisionRow, 'delivery' | 'delivery_reason' | 'reply_message_id'>> {
  let patch: Pick<DecisionRow, 'delivery' | 'delivery_reason' | 'reply_message_id'>;
  try {
    const { messageId } = await queueAgentReply(ctx.db, {
      brandId: row.brand_id,
      conversationId: row.conversation_id,
      body: reply,
      now,
      extra: { agent_decision_id: row.id, agent_sources: row.sources },
    });
    patch = { delivery: 'queued', delivery_reason: null, reply_message_id: messageId };
  } catch (error) {
    if (!isAppError(error) || error.kind !== 'conflict') throw error;
    patch = { delivery: 'not_sent', delivery_reason: error.message, reply_message_id: null };
  }
  await updateDecision(ctx.db, row.id, patch);
  return patch;
}

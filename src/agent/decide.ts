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
import { applyDiscountRule, asksForDiscount, type DiscountOffer } from './discount.ts';
import { escalate } from './escalate.ts';
import { factsOf } from './validate.ts';
import { writeWithModel } from './model.ts';
import { rankCards } from './rank.ts';
import {
  ANSWER_THRESHOLD,
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
import { discountOffer, findText, openEscalation } from './store.ts';
import { findDecision, insertDecision, updateDecision, type DecisionRow } from './store-decisions.ts';

const NO_OFFER: DiscountOffer = { rule: null, code: null, offeredBefore: false };

/** Two cards this close in confidence answer a question equally well. */
export const TIE = 0.005;

export interface DecideOptions {
  now?: Date;
  /** The model (default: from LLM_BASE_URL and LLM_MODEL; null: offline). */
  llm?: LlmProvider | null;
  /** Record the reply as not sent, for this reason, instead of queueing it (the demo's history). */
  notSentReason?: string;
}

export interface ThinkInput {
  brandId: number;
  text: string;
  action: InboundAction;
  reading: Understanding;
  humanActive: boolean;
  repliesToday: number;
  maxRepliesPerDay: number;
  /** The cart's products and the last text sent (what a model answer may also state). */
  cart: string;
  llm: LlmProvider | null | undefined;
}

export interface Thought {
  decision: Decision;
  /** The answer (before any disclosure or holding reply). */
  reply: string | null;
  writer: 'offline' | 'model';
  candidates: Candidate[];
}

/**
 * What the agent would do with a text, without recording anything: the cards ranked, the rules
 * applied, and the answer written (offline: the best card's own text fitted to a text; with a model:
 * the model's answer from the cards, checked by the grounding validator). The evaluation runs this.
 */
export async function think(ctx: Pick<AppContext, 'db'>, input: ThinkInput): Promise<Thought> {
  const { reading } = input;
  const candidates = input.action === 'reply' && !input.humanActive ? await rankCards(ctx, input) : [];
  let decision: Decision = decide({
    action: input.action,
    text: input.text,
    reading,
    humanActive: input.humanActive,
    repliesToday: input.repliesToday,
    maxRepliesPerDay: input.maxRepliesPerDay,
    candidate: candidates[0] ?? null,
  });
  let reply: string | null = null;
  let writer: Thought['writer'] = 'offline';
  const forModel = candidates.filter((c) => c.confidence >= MODEL_THRESHOLD).slice(0, 3);
  if (input.llm && (decision.reason === 'card' || decision.reason === 'no_card') && forModel.length > 0) {
    writer = 'model';
    const out = await writeWithModel(input.llm, { question: input.text, cards: forModel, cart: input.cart });
    const best = forModel[0]!.confidence;
    if (out.kind === 'answered') {
      decision = { decision: 'answered', reason: 'card', confidence: best, sources: out.sources };
      reply = out.answer;
    } else {
      const reason: ReasonCode = out.kind === 'refused' ? 'invalid_model_answer' : 'model_declined';
      decision = { decision: 'escalated', reason, confidence: best, sources: forModel.map((c) => c.cardId) };
    }
  } else if (decision.decision === 'answered') {
    // Two cards that answer the question equally well answer it together (two cards on codes).
    const [best, second] = candidates as [Candidate, Candidate | undefined];
    if (second && second.confidence >= ANSWER_THRESHOLD && best.confidence - second.confidence < TIE) {
      reply = fitToSms(`${best.content} ${second.content}`, input.text);
      decision = { ...decision, sources: [best.cardId, second.cardId] };
    } else reply = fitToSms(best.content, input.text);
  }
  return { decision, reply, writer, candidates };
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
  const now = options.now ?? new Date();
  const text = await findText(ctx.db, messageId, now);
  if (!text) return null;
  if (text.decided) return (await findDecision(ctx.db, { messageId })) ?? null;
  const stored = text.settings;
  const settings = {
    mode: stored?.mode ?? DEFAULT_SETTINGS.mode,
    disclosure: stored?.disclosure ?? null,
    holdingReply: stored?.holding_reply ?? null,
    maxRepliesPerDay: stored?.max_replies_per_day ?? DEFAULT_SETTINGS.maxRepliesPerDay,
    humanPauseHours: stored?.human_pause_hours ?? DEFAULT_SETTINGS.humanPauseHours,
  };
  const mode = effectiveMode(settings.mode, text.agents_response);
  if (mode === 'off') return null;
  const reading = understand(text.body, {
    cart: { products: text.cart_products, ordered: text.cart_ordered },
    lastOutgoing: text.last_outgoing,
  });
  const action = (['opt_out', 'help', 'opt_in'].includes(text.action) ? text.action : 'reply') as InboundAction;
  const humanActive = action === 'reply' && text.person_replied;
  const replies = { today: text.replies_today, ever: text.replies_ever };
  const llm = options.llm === undefined ? llmFromConfig(ctx) : options.llm;
  const thought = await think(ctx, {
    brandId: text.brand_id,
    text: text.body,
    action,
    reading,
    humanActive,
    repliesToday: replies.today,
    maxRepliesPerDay: settings.maxRepliesPerDay,
    cart: [...text.cart_products, text.last_outgoing ?? ''].filter(Boolean).join('\n'),
    llm,
  });
  const { writer } = thought;
  // A discount only as the workflow's rule allows, once, with the code it made (discount.ts).
  const codeInPlay =
    asksForDiscount(text.body) || (thought.reply !== null && factsOf(thought.reply).some((f) => f.kind === 'code'));
  const offer = codeInPlay ? await discountOffer(ctx.db, text.conversation_id) : NO_OFFER;
  const ruled = applyDiscountRule({ text: text.body, decision: thought.decision, reply: thought.reply, offer });
  const { decision } = ruled;
  let reply = ruled.reply;
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
  if (reply !== null && mode === 'auto' && options.notSentReason) {
    const patch = { delivery: 'not_sent', delivery_reason: options.notSentReason };
    await updateDecision(ctx.db, row.id, patch);
    Object.assign(row, patch);
  } else if (reply !== null && mode === 'auto') Object.assign(row, await deliver(ctx, row, reply, now));
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

/**
 * What the agent would do with one shopper text: the cards ranked (rank.ts), the rules of rules.ts,
 * and the answer written (offline: the best card's own text fitted to a text; with a model: the
 * model's answer from the cards, checked by the grounding validator). The decisions and their
 * effects (recorded, replies queued, escalations) are decide-texts.ts's.
 */
import type { AppContext } from '../app/index.ts';
import type { LlmProvider, Understanding } from '../insights/index.ts';
import { writeWithModel } from './model.ts';
import { rankCards } from './rank.ts';
import {
  ANSWER_THRESHOLD,
  decide,
  fitToSms,
  MODEL_THRESHOLD,
  type Candidate,
  type Decision,
  type InboundAction,
  type ReasonCode,
} from './rules.ts';

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
  /** The cards already ranked for the text (rankCardsOf, with other texts'); ranked now otherwise. */
  candidates?: Candidate[];
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
  const candidates =
    input.action === 'reply' && !input.humanActive ? (input.candidates ?? (await rankCards(ctx, input))) : [];
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

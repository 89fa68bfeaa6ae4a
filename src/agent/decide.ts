/**
 * What the agent would do with one shopper text: the message understanding's reading, the brand's
 * published cards ranked by full-text search and covered-question confidence, the rules of
 * rules.ts, and the answer written (offline, or by the model and checked). The decisions and their
 * effects (recorded, replies queued, escalations) are decide-texts.ts's.
 */
import type { AppContext } from '../app/index.ts';
import { understand, type LlmProvider, type Understanding } from '../insights/index.ts';
import { writeWithModel } from './model.ts';
import {
  COMPLAINT_CONFIDENCE,
  coverage,
  decide,
  feedbackFactor,
  feedbackTopic,
  fitToSms,
  isContentLexeme,
  lexemeIn,
  MODEL_THRESHOLD,
  OTHER_TOPIC_FACTOR,
  searchLexemes,
  type Candidate,
  type Decision,
  type InboundAction,
  type ReasonCode,
} from './rules.ts';
import { matchingCardsOf, questionWords, type CardMatch } from './store.ts';
import { cardReading, smallTalkWords, STRUCTURAL_CONFIDENCE, structuralMatch, type QuestionWord } from './match.ts';

/** Cards ranked by full-text search that are scored for coverage. */
export const RETRIEVE_LIMIT = 8;

export interface DecideOptions {
  now?: Date;
  /** The model (default: from LLM_BASE_URL and LLM_MODEL; null: offline). */
  llm?: LlmProvider | null;
  /** Record the reply as not sent, for this reason, instead of queueing it (the demo's history). */
  notSentReason?: string;
}

type Words = { word: string; lexeme: string | null }[];

/**
 * The brand's published cards that best cover the question, best first; a card whose answers on the
 * question's topic a brand user marked wrong counts less there (feedbackFactor).
 */
export async function rankCards(
  ctx: Pick<AppContext, 'db'>,
  { brandId, text, words }: { brandId: number; text: string; words?: Words },
): Promise<Candidate[]> {
  return (await rankCardsOf(ctx, [{ brandId, text, words: words ?? (await questionWords(ctx.db, text)) }]))[0]!;
}

/** rankCards for several questions (their words already read, as questionWords reads them), the cards found in one statement. */
export async function rankCardsOf(
  ctx: Pick<AppContext, 'db'>,
  questions: { brandId: number; text: string; words: Words }[],
): Promise<Candidate[][]> {
  const asked = questions.map(({ brandId, text, words: written }) => {
    const reading = understand(text);
    const { topic } = reading;
    const lexemes = [...new Set(written.flatMap((w) => (w.lexeme ? [w.lexeme] : [])))];
    const chatter = smallTalkWords(text);
    const content = written.filter(
      (w): w is QuestionWord => w.lexeme !== null && isContentLexeme(w.lexeme) && !chatter.has(w.word),
    );
    const query = {
      brandId,
      lexemes: searchLexemes(lexemes),
      // A misspelled word finds its card by its first letters (then trigram similarity decides).
      prefixes: content.filter((w) => /^\p{L}{5,}$/u.test(w.word)).map((w) => w.word.slice(0, 3)),
      limit: RETRIEVE_LIMIT,
      topic: feedbackTopic(topic),
    };
    return { reading, lexemes, content, query };
  });
  const found = await matchingCardsOf(
    ctx.db,
    asked.map((a) => a.query),
  );
  return asked.map((a, i) => scoreCards(a, found[i]!));
}

/** The retrieved cards scored for the question (coverage, structure, topic, wrong marks), best first. */
function scoreCards(
  { reading, lexemes, content }: { reading: Understanding; lexemes: string[]; content: QuestionWord[] },
  cards: CardMatch[],
): Candidate[] {
  const { topic } = reading;
  const question = {
    words: content,
    intent:
      topic.value === null
        ? null
        : { value: reading.intent.value, confidence: topic.confidence * reading.intent.confidence },
    // A negative text that asks nothing (a late order, a broken zipper) is a complaint, not a question.
    negative:
      !reading.question.value &&
      reading.sentiment.value === 'negative' &&
      reading.sentiment.confidence >= COMPLAINT_CONFIDENCE,
  };
  // An intent two of the cards found answer does not say which one: then only the words decide.
  const sharing = cards.filter(
    (c) => question.intent && cardReading(c.title, c.content).intents.has(question.intent.value),
  );
  const structural = (card: CardMatch): number =>
    sharing.length === 1 && structuralMatch(question, card, (w) => lexemeIn(card.lexemes)(w.lexeme))
      ? STRUCTURAL_CONFIDENCE
      : 0;
  const onTopic = (card: { title: string; content: string }): number => {
    if (topic.value === null || topic.confidence < 0.5) return 1;
    // The card's own topic, read once per card text (cardReading).
    const own = cardReading(card.title, card.content).topic;
    return own === null || own === topic.value ? 1 : OTHER_TOPIC_FACTOR;
  };
  return (
    cards
      .map((c, i) => ({
        cardId: c.id,
        title: c.title,
        content: c.content,
        confidence:
          Math.round(
            Math.max(
              coverage(lexemes, { lexemes: c.lexemes, titleLexemes: c.title_lexemes }) * onTopic(c),
              structural(c),
            ) *
              feedbackFactor(c.marks) *
              10_000,
          ) / 10_000,
        weight: c.weight,
        i,
      }))
      // Equally covering cards: the brand's weight decides, then the full-text rank.
      .sort((a, b) => b.confidence - a.confidence || b.weight - a.weight || a.i - b.i)
      .map(({ i: _i, weight: _w, ...c }) => c)
  );
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
    reply = fitToSms(candidates[0]!.content, input.text);
  }
  return { decision, reply, writer, candidates };
}
